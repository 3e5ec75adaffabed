// RUN: coopmlir-opt %s --convert-gpu-mma-to-coopmat | filecheck %s

// MLIR's WMMA ops become coopmat ops (passes/convert_gpu_mma_to_coopmat.py).

// The kernel of a WMMA-style matmul: leadDimension becomes the stride
// operand, `transpose` col_major, "AOp"/"BOp"/"COp" the a/b/acc uses, the
// loop-carried matrix and the kernel's workgroup size (from the
// launch's constant thread counts) carry over.
// CHECK-LABEL: gpu.func @matmul
// CHECK-SAME:    kernel attributes {known_block_size = array<i32: 8, 1, 1>}
// CHECK:         %c32 = arith.constant 32 : index
// CHECK-NEXT:    %[[S32:.*]] = arith.constant 32 : index
// CHECK-NEXT:    %[[ACC:.*]] = coopmat.load %C[%c0, %c0] stride %[[S32]] row_major : memref<16x32xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[K:.*]] = %c0 to %c32 step %c16 iter_args(%[[C:.*]] = %[[ACC]]) -> (!coopmat.matrix<16x16xf32, acc>) {
// CHECK-NEXT:      %[[S:.*]] = arith.constant 32 : index
// CHECK-NEXT:      %[[A:.*]] = coopmat.load %A[%c0, %[[K]]] stride %[[S]] row_major : memref<16x32xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT:      %[[S2:.*]] = arith.constant 16 : index
// CHECK-NEXT:      %[[B:.*]] = coopmat.load %B[%c0, %[[K]]] stride %[[S2]] col_major : memref<32x16xf16> -> !coopmat.matrix<16x16xf16, b>
// CHECK-NEXT:      %[[D:.*]] = coopmat.mul_add %[[A]], %[[B]], %[[C]] : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:      scf.yield %[[D]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    }
// CHECK:         coopmat.store %[[SUM]], %C[%c0, %c0] stride %{{.*}} row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x32xf32>
module attributes {gpu.container_module} {
  func.func @main(%A: memref<16x32xf16>, %B: memref<32x16xf16>, %C: memref<16x32xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@matmul blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%A : memref<16x32xf16>, %B : memref<32x16xf16>, %C : memref<16x32xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @matmul(%A: memref<16x32xf16>, %B: memref<32x16xf16>, %C: memref<16x32xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %acc = gpu.subgroup_mma_load_matrix %C[%c0, %c0] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %sum = scf.for %k = %c0 to %c32 step %c16 iter_args(%c = %acc) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
        %a = gpu.subgroup_mma_load_matrix %A[%c0, %k] {leadDimension = 32 : index} : memref<16x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %b = gpu.subgroup_mma_load_matrix %B[%c0, %k] {leadDimension = 16 : index, transpose} : memref<32x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
        scf.yield %d : !gpu.mma_matrix<16x16xf32, "COp">
      }
      gpu.subgroup_mma_store_matrix %sum, %C[%c0, %c0] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
      gpu.return
    }
  }
}

// Elementwise ops, constant matrices and signed i8: MLIR's
// spirv.entry_point_abi workgroup size becomes known_block_size; a product
// with a constant matrix is a scale; maxf a loop over the components;
// si8 operands are a_signed/b_signed.
// CHECK-LABEL: gpu.func @elementwise
// CHECK-SAME:    known_block_size = array<i32: 32, 1, 1>
// CHECK:         %[[X:.*]] = coopmat.splat %x : f16 -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[P:.*]] = coopmat.scale %m, %x : !coopmat.matrix<16x16xf16, acc>, f16
// CHECK-NEXT:    %[[Q:.*]] = coopmat.add %[[P]], %[[X]] : !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[R:.*]] = coopmat.div %[[Q]], %[[X]] : !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[N:.*]] = coopmat.neg %[[R]] : !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[LEN:.*]] = coopmat.length : !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    %[[MAX:.*]] = scf.for %[[I:.*]] = %[[ZERO]] to %[[LEN]] step %[[ONE]] iter_args(%[[V:.*]] = %[[N]]) -> (!coopmat.matrix<16x16xf16, acc>) {
// CHECK-NEXT:      %[[E1:.*]] = coopmat.extract %[[V]][%[[I]]] : !coopmat.matrix<16x16xf16, acc> -> f16
// CHECK-NEXT:      %[[E2:.*]] = coopmat.extract %[[X]][%[[I]]] : !coopmat.matrix<16x16xf16, acc> -> f16
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[E1]], %[[E2]] : f16
// CHECK-NEXT:      %[[NEW:.*]] = coopmat.insert %[[M]], %[[V]][%[[I]]] : f16, !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:      scf.yield %[[NEW]] : !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[W:.*]] = coopmat.convert %[[MAX]] : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    %{{.*}} = coopmat.mul_add %i, %j, %k {a_signed, b_signed} : !coopmat.matrix<16x16xi8, a>, !coopmat.matrix<16x16xi8, b> -> !coopmat.matrix<16x16xi32, acc>
// CHECK-NEXT:    "test.op"(%[[W]], %{{.*}}) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xi32, acc>) -> ()
gpu.module @more {
  gpu.func @elementwise(%m: !gpu.mma_matrix<16x16xf16, "COp">, %x: f16,
                        %i: !gpu.mma_matrix<16x16xsi8, "AOp">, %j: !gpu.mma_matrix<16x16xsi8, "BOp">,
                        %k: !gpu.mma_matrix<16x16xi32, "COp">) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 1, 1]>} {
    %s = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf16, "COp">
    %p = gpu.subgroup_mma_elementwise mulf %m, %s : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %q = gpu.subgroup_mma_elementwise addf %p, %s : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %r = gpu.subgroup_mma_elementwise divf %q, %s : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %n = gpu.subgroup_mma_elementwise negatef %r : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %mx = gpu.subgroup_mma_elementwise maxf %n, %s : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %w = gpu.subgroup_mma_elementwise extf %mx : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %d = gpu.subgroup_mma_compute %i, %j, %k : !gpu.mma_matrix<16x16xsi8, "AOp">, !gpu.mma_matrix<16x16xsi8, "BOp"> -> !gpu.mma_matrix<16x16xi32, "COp">
    "test.op"(%w, %d) : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">) -> ()
    gpu.return
  }
}

// A work-item's own components: extract/insert_thread_local are
// coopmat.extract/insert (which element component k is, is the device's).
// CHECK-LABEL: func.func @thread_local
// CHECK-NEXT:    %[[X:.*]] = coopmat.extract %m[%k] : !coopmat.matrix<16x16xf32, acc> -> f32
// CHECK-NEXT:    %[[Y:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:    %[[N:.*]] = coopmat.insert %[[Y]], %m[%k] : f32, !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:    func.return %[[N]] : !coopmat.matrix<16x16xf32, acc>
func.func @thread_local(%m: !gpu.mma_matrix<16x16xf32, "COp">, %k: index) -> !gpu.mma_matrix<16x16xf32, "COp"> {
  %x = gpu.subgroup_mma_extract_thread_local %m[%k] : !gpu.mma_matrix<16x16xf32, "COp"> -> f32
  %y = arith.addf %x, %x : f32
  %n = gpu.subgroup_mma_insert_thread_local %y, %m[%k] : f32, !gpu.mma_matrix<16x16xf32, "COp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  func.return %n : !gpu.mma_matrix<16x16xf32, "COp">
}
