// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan stages=0},convert-to-spirv' | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan stages=0},convert-to-spirv' | coopmlir-opt | filecheck %s
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan stages=0},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -p 'lower-to-coopmat{target=h100-vulkan stages=3},convert-to-spirv' -t spirv-bin | spirv-val --target-env vulkan1.3 -

// bf16 x bf16 -> f32 on the matrix units (SPV_KHR_bfloat16): the A and B
// matrices have bf16 components, loaded from the 16-bit patterns in memory
// (i16 buffers); the product accumulates in f32.
// CHECK:      spirv.module @__spv__bf16_kernels Logical Vulkan requires #spirv.vce<v1.6,
// CHECK-SAME:   CooperativeMatrixKHR, BFloat16TypeKHR, BFloat16CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix, SPV_KHR_bfloat16]>
// CHECK:        spirv.GlobalVariable @bf16_arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i16, stride=2> [0])>, StorageBuffer>
// CHECK:        %[[PA:.*]] = spirv.AccessChain %{{.*}} -> !spirv.ptr<i16, StorageBuffer>
// CHECK-NEXT:   %[[A:.*]] = spirv.KHR.CooperativeMatrixLoad %[[PA]], %{{.*}}, <RowMajor> : !spirv.ptr<i16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>
// CHECK:        %[[B:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<i16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB>
// CHECK-NEXT:   %[[D:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[A]], %[[B]], %{{.*}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// C is read after the product and added to it (matmul_kernel.py).
// CHECK:        %[[CM:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}} : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %[[S:.*]] = spirv.FAdd %[[D]], %[[CM]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK:        spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[S]]
func.func @bf16(%A: memref<16x16xbf16>, %B: memref<16x16xbf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x16xbf16>, memref<16x16xbf16>) outs(%C : memref<16x16xf32>)
  func.return
}
