// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x32x16 subgroups=1x1 stages=0" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="tile=32x32x16 subgroups=1x1 stages=2" | filecheck %s --check-prefix=STAGED

// linalg.batch_matmul: grid z runs over the batch; every load and store (of
// fragments, and of the staging copies) gets the batch index, block_id z,
// in front.

// CHECK-LABEL: func.func @batch(
// CHECK-SAME:    %[[HA:[^:]+]]: memref<4x64x32xf16>, %[[HB:[^:]+]]: memref<4x32x48xf16>, %[[HC:[^:]+]]: memref<4x64x48xf32>) {
// CHECK-NEXT:    %[[GX:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[GZ:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[TX:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    gpu.launch_func @batch_kernels::@batch blocks in (%[[GX]], %[[GX]], %[[GZ]]) threads in (%[[TX]], %[[ONE]], %[[ONE]])
// CHECK:       gpu.func @batch(%[[A:[0-9]+]]: memref<4x64x32xf16>, %[[B:[0-9]+]]: memref<4x32x48xf16>, %[[C:[0-9]+]]: memref<4x64x48xf32>)
// CHECK:         gpu.block_id x
// CHECK-NEXT:    gpu.block_id y
// CHECK-NEXT:    %[[Z:.*]] = gpu.block_id z
// CHECK-NEXT:    %[[ROW:.*]] = arith.muli
// CHECK-NEXT:    %[[COL:.*]] = arith.muli
// The checked branch (N = 48 is ragged for 32-wide tiles):
// CHECK:         } else {
// CHECK:         scf.for %[[K:[0-9]+]] =
// CHECK-NEXT:      coopmat.load %[[A]][%[[Z]], %[[ROW]], %[[K]]] row_major : memref<4x64x32xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK:           coopmat.load %[[B]][%[[Z]], %[[K]], %[[COL]]] row_major checked(cols) : memref<4x32x48xf16> -> !coopmat.matrix<16x16xf16, b>
// C is read after the K loop and added (matmul_kernel.py).
// CHECK:         coopmat.load %[[C]][%[[Z]], %[[ROW]], %[[COL]]] row_major checked(cols) : memref<4x64x48xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK:         coopmat.store %{{.*}}, %[[C]][%[[Z]], %[[ROW]], %[[COL]]] row_major checked(cols) : !coopmat.matrix<16x16xf32, acc>, memref<4x64x48xf32>
// STAGED-LABEL: gpu.func @batch(
// STAGED-SAME:    %[[A:[0-9]+]]: memref<4x64x32xf16>
// STAGED:         %[[Z:.*]] = gpu.block_id z
// STAGED:         vector.load %[[A]][%[[Z]], %{{.*}}, %{{.*}}] : memref<4x64x32xf16>, vector<8xf16>
func.func @batch(%A: memref<4x64x32xf16>, %B: memref<4x32x48xf16>, %C: memref<4x64x48xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<4x64x32xf16>, memref<4x32x48xf16>) outs(%C : memref<4x64x48xf32>)
  func.return
}

// -----

// A batch of B^T (indexing_maps with the batch dimension first).
// CHECK-LABEL: gpu.func @batch_b_transposed(
// CHECK-SAME:    %{{[0-9]+}}: memref<2x32x16xf16>, %[[B:[0-9]+]]: memref<2x32x16xf16>
// CHECK:         %[[Z:.*]] = gpu.block_id z
// CHECK:         coopmat.load %[[B]][%[[Z]], %{{.*}}, %{{.*}}] col_major : memref<2x32x16xf16> -> !coopmat.matrix<16x16xf16, b>
func.func @batch_b_transposed(%A: memref<2x32x16xf16>, %B: memref<2x32x16xf16>, %C: memref<2x32x32xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%A, %B : memref<2x32x16xf16>, memref<2x32x16xf16>) outs(%C : memref<2x32x32xf32>)
  func.return
}

// -----

// The tensor form a frontend produces is bufferized first (bufferize-matmul):
// the result becomes a trailing memref argument, the fill a splat.
// CHECK-LABEL: func.func @frontend(
// CHECK-SAME:    %[[A:[^:]+]]: memref<2x32x16xf16>, %[[B:[^:]+]]: memref<2x16x32xf16>, %[[C:[^:]+]]: memref<2x32x32xf32>) {
// CHECK-NOT:     tensor<
// CHECK:         gpu.launch_func @frontend_kernels::@frontend {{.*}} args(%[[A]] : memref<2x32x16xf16>, %[[B]] : memref<2x16x32xf16>, %[[C]] : memref<2x32x32xf32>)
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
// CHECK:       gpu.func @frontend(
// CHECK:         coopmat.splat
func.func @frontend(%A: tensor<2x32x16xf16>, %B: tensor<2x16x32xf16>) -> tensor<2x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %D = linalg.batch_matmul ins(%A, %B : tensor<2x32x16xf16>, tensor<2x16x32xf16>) outs(%init : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  func.return %D : tensor<2x32x32xf32>
}

// -----

// Functions on tensors without a matmul are none of lower-to-coopmat's business.
// CHECK-LABEL: func.func @other(
// CHECK-NEXT:    tensor.extract
func.func @other(%t: tensor<4x4xf32>, %i: index) -> f32 {
  %x = tensor.extract %t[%i, %i] : tensor<4x4xf32>
  func.return %x : f32
}

// -----

// A function that returns a tensor computes it into an out-param, even when
// it only returns its argument (torch-mlir's export of two transposes that
// cancel): a copy kernel fills the out-param.
// CHECK-LABEL: func.func @identity(%t: memref<1x2x1xf32>, %C: memref<1x2x1xf32>)
// CHECK:         gpu.launch_func @identity_kernels::@identity_loop
// CHECK:       gpu.func @identity_loop
// CHECK:         memref.load
// CHECK:         memref.store
func.func @identity(%t: tensor<1x2x1xf32>) -> tensor<1x2x1xf32> {
  func.return %t : tensor<1x2x1xf32>
}
