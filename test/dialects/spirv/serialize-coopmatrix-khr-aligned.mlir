// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s --check-prefix=ASM
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -

// KHR cooperative-matrix memory operands with an alignment, as MLIR 22
// prints them (`<Aligned>, 16`): the literal follows the mask in the binary,
// as mlir-translate-22 writes it.

// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <Aligned>, 16 : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.*}}, %{{.*}}, %{{.*}}, <RowMajor>, <Volatile|Aligned>, 16 : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32
// ASM: OpCooperativeMatrixLoadKHR %{{.*}} %{{.*}} %{{.*}} %{{.*}} Aligned 16
// ASM: OpCooperativeMatrixStoreKHR %{{.*}} %{{.*}} %{{.*}} %{{.*}} Volatile|Aligned 16
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.GlobalVariable @out bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %c16 = spirv.Constant 16 : i32
    %c0 = spirv.Constant 0 : i32
    %g = spirv.mlir.addressof @out : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %q = spirv.AccessChain %g[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %m = spirv.KHR.CooperativeMatrixLoad %q, %c16, <RowMajor>, <Aligned>, 16 : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>
    spirv.KHR.CooperativeMatrixStore %q, %m, %c16, <RowMajor>, <Volatile|Aligned>, 16 : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixAcc>, i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @out
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
