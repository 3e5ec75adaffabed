// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// D = A * B + C with KHR cooperative matrices: f16 inputs, f32 accumulator,
// the Vulkan memory model (spirv-val rejects CooperativeMatrixKHR under
// GLSL450). test/python/spirv/test_spirv_serializer.py validates its binary.

// CHECK:      spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
// CHECK:        %[[MA:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK:        %[[MB:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK:        %[[MC:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %[[MD:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[MA]], %[[MB]], %[[MC]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %[[ALPHA:.*]] = spirv.Constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[ME:.*]] = spirv.MatrixTimesScalar %[[MD]], %[[ALPHA]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, f32
// CHECK-NEXT:   %[[LEN:.*]] = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[ME]], %{{.*}}, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
// CHECK:      spirv.EntryPoint "GLCompute" @matmul, @A, @B, @C
// CHECK-NEXT: spirv.ExecutionMode @matmul "LocalSize", 32, 1, 1

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.GlobalVariable @A bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>
  spirv.GlobalVariable @B bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>
  spirv.GlobalVariable @C bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @matmul() "None" {
    %A = spirv.mlir.addressof @A : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>
    %B = spirv.mlir.addressof @B : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>
    %C = spirv.mlir.addressof @C : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c16 = spirv.Constant 16 : i32
    %pa = spirv.AccessChain %A[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %pb = spirv.AccessChain %B[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0, NonWritable])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %pc = spirv.AccessChain %C[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %ma = spirv.KHR.CooperativeMatrixLoad %pa, %c16, <RowMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
    %mb = spirv.KHR.CooperativeMatrixLoad %pb, %c16, <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
    %mc = spirv.KHR.CooperativeMatrixLoad %pc, %c16, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %md = spirv.KHR.CooperativeMatrixMulAdd %ma, %mb, %mc : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %alpha = spirv.Constant 0.5 : f32
    %me = spirv.MatrixTimesScalar %md, %alpha : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, f32
    %len = spirv.KHR.CooperativeMatrixLength : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    spirv.KHR.CooperativeMatrixStore %pc, %me, %c16, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @matmul, @A, @B, @C
  spirv.ExecutionMode @matmul "LocalSize", 32, 1, 1
}
