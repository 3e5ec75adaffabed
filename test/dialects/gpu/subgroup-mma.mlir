// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// MLIR's warp-matrix ops and type (dialects/gpu_mma.py), as MLIR 22 prints
// them; GENERIC is what `mlir-opt-22 --mlir-print-op-generic` prints of
// them (properties, `#gpu<mma_element_wise ...>`).

// CHECK-LABEL: func.func @mma
// CHECK:      %[[A:.*]] = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-NEXT: %[[B:.*]] = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-NEXT: %[[C:.*]] = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: %[[D:.*]] = gpu.subgroup_mma_compute %[[A]], %[[B]], %[[C]] : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: %[[E:.*]] = gpu.subgroup_mma_elementwise maxf %[[D]], %[[C]] : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: %[[F:.*]] = gpu.subgroup_mma_elementwise negatef %[[E]] : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
// CHECK-NEXT: gpu.subgroup_mma_store_matrix %[[F]], %c[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>

// GENERIC: "gpu.subgroup_mma_load_matrix"(%{{.*}}, %{{.*}}, %{{.*}}) <{leadDimension = 32 : index, transpose}> : (memref<32x32xf16>, index, index) -> !gpu.mma_matrix<16x16xf16, "AOp">
// GENERIC: "gpu.subgroup_mma_constant_matrix"(%{{.*}}) : (f32) -> !gpu.mma_matrix<16x16xf32, "COp">
// GENERIC: "gpu.subgroup_mma_elementwise"(%{{.*}}, %{{.*}}) <{opType = #gpu<mma_element_wise maxf>}> : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
// GENERIC: "gpu.subgroup_mma_store_matrix"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{leadDimension = 32 : index}> : (!gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>, index, index) -> ()
func.func @mma(%a: memref<32x32xf16>, %c: memref<32x32xf32>, %i: index, %x: f32) {
  %A = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index, transpose} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  %B = gpu.subgroup_mma_load_matrix %a[%i, %i] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
  %C = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<16x16xf32, "COp">
  %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  %E = gpu.subgroup_mma_elementwise maxf %D, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  %F = gpu.subgroup_mma_elementwise negatef %E : (!gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
  gpu.subgroup_mma_store_matrix %F, %c[%i, %i] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>
  func.return
}

// CHECK-LABEL: func.func @thread_local
// CHECK-NEXT:    %[[X:.*]] = gpu.subgroup_mma_extract_thread_local %m[%k] : !gpu.mma_matrix<16x16xf32, "AOp"> -> f32
// CHECK-NEXT:    %{{.*}} = gpu.subgroup_mma_insert_thread_local %[[X]], %m[%k] : f32, !gpu.mma_matrix<16x16xf32, "AOp"> -> !gpu.mma_matrix<16x16xf32, "AOp">
// GENERIC: "gpu.subgroup_mma_extract_thread_local"(%{{.*}}, %{{.*}}) : (!gpu.mma_matrix<16x16xf32, "AOp">, index) -> f32
func.func @thread_local(%m: !gpu.mma_matrix<16x16xf32, "AOp">, %k: index) -> !gpu.mma_matrix<16x16xf32, "AOp"> {
  %x = gpu.subgroup_mma_extract_thread_local %m[%k] : !gpu.mma_matrix<16x16xf32, "AOp"> -> f32
  %n = gpu.subgroup_mma_insert_thread_local %x, %m[%k] : f32, !gpu.mma_matrix<16x16xf32, "AOp"> -> !gpu.mma_matrix<16x16xf32, "AOp">
  func.return %n : !gpu.mma_matrix<16x16xf32, "AOp">
}
