// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// D = A * B + C with SPV_NV_cooperative_matrix (drivers without the KHR
// extension). test/python/spirv/test_spirv_serializer.py validates its binary.

// CHECK:      %[[A:.*]] = spirv.NV.CooperativeMatrixLoad %{{.*}}, %{{.*}}, %{{.*}} : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
// CHECK:      %[[D:.*]] = spirv.NV.CooperativeMatrixMulAdd %[[A]], %{{.*}}, %{{.*}} : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, !spirv.NV.coopmatrix<16x16xf16, Subgroup> -> !spirv.NV.coopmatrix<16x16xf32, Subgroup>
// CHECK-NEXT: %{{.*}} = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<16x16xf32, Subgroup>
// CHECK-NEXT: spirv.NV.CooperativeMatrixStore %{{.*}}, %[[D]], %{{.*}}, %{{.*}} : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf32, Subgroup>

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixNV], [SPV_NV_cooperative_matrix]> {
  spirv.GlobalVariable @A bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.GlobalVariable @C bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @matmul() "None" {
    %A = spirv.mlir.addressof @A : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %C = spirv.mlir.addressof @C : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c16 = spirv.Constant 16 : i32
    %false = spirv.Constant false
    %true = spirv.Constant true
    %pa = spirv.AccessChain %A[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %pc = spirv.AccessChain %C[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %a = spirv.NV.CooperativeMatrixLoad %pa, %c16, %false : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %b = spirv.NV.CooperativeMatrixLoad %pa, %c16, %true : !spirv.ptr<f16, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf16, Subgroup>
    %c = spirv.NV.CooperativeMatrixLoad %pc, %c16, %false : !spirv.ptr<f32, StorageBuffer> as !spirv.NV.coopmatrix<16x16xf32, Subgroup>
    %d = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<16x16xf16, Subgroup>, !spirv.NV.coopmatrix<16x16xf16, Subgroup> -> !spirv.NV.coopmatrix<16x16xf32, Subgroup>
    %n = spirv.NV.CooperativeMatrixLength : !spirv.NV.coopmatrix<16x16xf32, Subgroup>
    spirv.NV.CooperativeMatrixStore %pc, %d, %c16, %false : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.coopmatrix<16x16xf32, Subgroup>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @matmul, @A, @C
  spirv.ExecutionMode @matmul "LocalSize", 32, 1, 1
}
