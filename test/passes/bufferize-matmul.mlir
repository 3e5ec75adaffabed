// RUN: coopmlir-opt %s --split-input-file --bufferize-matmul | filecheck %s

// The tensor form a frontend produces, in the memref form that
// one-shot-bufferize + drop-equivalent-buffer-results +
// buffer-results-to-out-params{hoist-static-allocs} give: a returned
// tensor.empty becomes a trailing memref argument, fill and matmul write it
// in place, the function returns nothing.

// CHECK-LABEL: func.func @frontend(
// CHECK-SAME:    %[[A:[^:]+]]: memref<64x32xf16>, %[[B:[^:]+]]: memref<32x48xf16>, %[[C:[^:]+]]: memref<64x48xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<64x48xf32>)
// CHECK-NEXT:    linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xf16>, memref<32x48xf16>) outs(%[[C]] : memref<64x48xf32>)
// CHECK-NEXT:    func.return
// CHECK-NEXT:  }
func.func @frontend(%A: tensor<64x32xf16>, %B: tensor<32x48xf16>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %0 = tensor.empty() : tensor<64x48xf32>
  %1 = linalg.fill ins(%zero : f32) outs(%0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = linalg.matmul ins(%A, %B : tensor<64x32xf16>, tensor<32x48xf16>) outs(%1 : tensor<64x48xf32>) -> tensor<64x48xf32>
  func.return %2 : tensor<64x48xf32>
}

// -----

// Accumulating into an argument: the result is that argument's buffer, so it
// is dropped from the results (the caller reads %C); indexing_maps, cast and
// the op kind are kept.
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME:    %[[A:[^:]+]]: memref<32x64xi8>, %[[B:[^:]+]]: memref<48x32xi8>, %[[C:[^:]+]]: memref<64x48xi32>) {
// CHECK-NEXT:    linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%[[A]], %[[B]] : memref<32x64xi8>, memref<48x32xi8>) outs(%[[C]] : memref<64x48xi32>)
// CHECK-NEXT:    func.return
func.func @accumulate(%A: tensor<32x64xi8>, %B: tensor<48x32xi8>, %C: tensor<64x48xi32>) -> tensor<64x48xi32> {
  %D = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : tensor<32x64xi8>, tensor<48x32xi8>) outs(%C : tensor<64x48xi32>) -> tensor<64x48xi32>
  func.return %D : tensor<64x48xi32>
}

// -----

// Two results, a chain (the first product feeds the second), a batch_matmul
// and a tensor.empty that is not returned (memref.alloc). Functions without
// tensors are left alone.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[A:[^:]+]]: memref<2x8x8xf16>, %[[B:[^:]+]]: memref<2x8x8xf16>, %[[C:[^:]+]]: memref<2x8x8xf16>, %[[D:[^:]+]]: memref<2x8x8xf32>) {
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    linalg.fill ins(%[[ZERO]] : f16) outs(%[[C]] : memref<2x8x8xf16>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[A]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[C]] : memref<2x8x8xf16>)
// CHECK-NEXT:    %[[TMP:.*]] = memref.alloc() : memref<2x8x8xf32>
// CHECK-NEXT:    linalg.batch_matmul ins(%[[C]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[TMP]] : memref<2x8x8xf32>)
// CHECK-NEXT:    linalg.batch_matmul ins(%[[C]], %[[B]] : memref<2x8x8xf16>, memref<2x8x8xf16>) outs(%[[D]] : memref<2x8x8xf32>)
// CHECK-NEXT:    func.return
// CHECK-LABEL: func.func @untouched(
// CHECK-NEXT:    linalg.matmul ins
func.func @chain(%A: tensor<2x8x8xf16>, %B: tensor<2x8x8xf16>) -> (tensor<2x8x8xf16>, tensor<2x8x8xf32>) {
  %zero = arith.constant 0.0 : f16
  %e0 = tensor.empty() : tensor<2x8x8xf16>
  %f0 = linalg.fill ins(%zero : f16) outs(%e0 : tensor<2x8x8xf16>) -> tensor<2x8x8xf16>
  %ab = linalg.batch_matmul ins(%A, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%f0 : tensor<2x8x8xf16>) -> tensor<2x8x8xf16>
  %tmp = tensor.empty() : tensor<2x8x8xf32>
  %unused = linalg.batch_matmul ins(%ab, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%tmp : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %e1 = tensor.empty() : tensor<2x8x8xf32>
  %abb = linalg.batch_matmul ins(%ab, %B : tensor<2x8x8xf16>, tensor<2x8x8xf16>) outs(%e1 : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  func.return %ab, %abb : tensor<2x8x8xf16>, tensor<2x8x8xf32>
}
func.func @untouched(%A: memref<8x8xf16>, %B: memref<8x8xf16>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf16>, memref<8x8xf16>) outs(%C : memref<8x8xf32>)
  func.return
}
