// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-bin | spirv-dis --raw-id - | filecheck %s --check-prefix=DIS

// SPV_QCOM_cooperative_matrix_conversion: per-invocation arrays to and from
// KHR matrices (row i of A/accumulator, column i of B is invocation i's
// array; i32 arrays are the packed form), array bitcasts and sub-arrays.
// SPIRV-Tools 2025.5 knows and validates the four instructions; no device
// here has VK_QCOM_cooperative_matrix_conversion, so nothing runs them.

// CHECK:      spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixConversionQCOM], [SPV_KHR_cooperative_matrix, SPV_QCOM_cooperative_matrix_conversion]> {
// CHECK:        %[[M:.*]] = spirv.KHR.CooperativeMatrixLoad
// CHECK-NEXT:   %[[W:.*]] = spirv.QCOM.CompositeExtractCoopMat %[[M]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA> -> !spirv.array<8 x i32>
// CHECK-NEXT:   %[[H:.*]] = spirv.QCOM.BitCastArray %[[W]] : !spirv.array<8 x i32> -> !spirv.array<16 x f16>
// CHECK-NEXT:   %[[S:.*]] = spirv.QCOM.ExtractSubArray %[[H]][%{{.*}}] : !spirv.array<16 x f16>, i32 -> !spirv.array<8 x f16>
// CHECK-NEXT:   %[[B:.*]] = spirv.QCOM.CompositeConstructCoopMat %[[W]] : !spirv.array<8 x i32> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK-NEXT:   %[[C:.*]] = spirv.QCOM.CompositeConstructCoopMat %[[H]] : !spirv.array<16 x f16> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>

// The binary: opcodes 4541, 4497, 4542, 4540 with the grammar's operands
// (IdResultType IdResult IdRef [IdRef]).
// DIS:      OpCapability CooperativeMatrixConversionQCOM
// DIS:      OpExtension "SPV_QCOM_cooperative_matrix_conversion"
// DIS:      [[W:%[0-9]+]] = OpCompositeExtractCoopMatQCOM {{%[0-9]+}} {{%[0-9]+}}
// DIS-NEXT: [[H:%[0-9]+]] = OpBitCastArrayQCOM {{%[0-9]+}} [[W]]
// DIS-NEXT: {{%[0-9]+}} = OpExtractSubArrayQCOM {{%[0-9]+}} [[H]] {{%[0-9]+}}
// DIS-NEXT: {{%[0-9]+}} = OpCompositeConstructCoopMatQCOM {{%[0-9]+}} [[W]]
// DIS-NEXT: {{%[0-9]+}} = OpCompositeConstructCoopMatQCOM {{%[0-9]+}} [[H]]

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixConversionQCOM], [SPV_KHR_cooperative_matrix, SPV_QCOM_cooperative_matrix_conversion]> {
  spirv.GlobalVariable @A bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.func @k() "None" {
    %A = spirv.mlir.addressof @A : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c8 = spirv.Constant 8 : i32
    %c16 = spirv.Constant 16 : i32
    %pa = spirv.AccessChain %A[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f16, StorageBuffer>
    %m = spirv.KHR.CooperativeMatrixLoad %pa, %c16, <RowMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
    %w = spirv.QCOM.CompositeExtractCoopMat %m : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA> -> !spirv.array<8 x i32>
    %h = spirv.QCOM.BitCastArray %w : !spirv.array<8 x i32> -> !spirv.array<16 x f16>
    %s = spirv.QCOM.ExtractSubArray %h[%c8] : !spirv.array<16 x f16>, i32 -> !spirv.array<8 x f16>
    %b = spirv.QCOM.CompositeConstructCoopMat %w : !spirv.array<8 x i32> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
    %c = spirv.QCOM.CompositeConstructCoopMat %h : !spirv.array<16 x f16> -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
    spirv.KHR.CooperativeMatrixStore %pa, %c, %c16, <RowMajor> : !spirv.ptr<f16, StorageBuffer>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k, @A
  spirv.ExecutionMode @k "LocalSize", 32, 1, 1
}
