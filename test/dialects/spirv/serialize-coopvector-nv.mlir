// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s --check-prefix=ASM

// y = W x with SPV_NV_cooperative_vector: each invocation multiplies a 16 x 256
// row-major f16 slice of W (rows 512 bytes apart) by a 256-long f16 vector,
// the skinny-product shape of issue 28. test/python/spirv/test_spirv_serializer.py
// validates its binary and round-trips its assembly.

// CHECK:      %[[X:.*]] = spirv.NV.CooperativeVectorLoad %{{.*}}, %{{.*}} : !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>, i32 -> !spirv.NV.coopvector<256xf16>
// CHECK-NEXT: %[[Y:.*]] = spirv.NV.CooperativeVectorMatrixMul %[[X]], %{{.*}}, %{{.*}}, %{{.*}}<"Float16NV", "Float16NV", "RowMajorNV"> : !spirv.NV.coopvector<256xf16>, !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>, i32, i32 -> !spirv.NV.coopvector<16xf32>
// CHECK-NEXT: spirv.NV.CooperativeVectorStore %{{.*}}, %{{.*}}, %[[Y]] : !spirv.ptr<!spirv.rtarray<f32, stride=4>, StorageBuffer>, i32, !spirv.NV.coopvector<16xf32>

// ASM: OpCapability CooperativeVectorNV
// ASM: OpExtension "SPV_NV_cooperative_vector"
// ASM: OpTypeCooperativeVectorNV
// ASM: OpCooperativeVectorMatrixMulNV

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, CooperativeVectorNV], [SPV_NV_cooperative_vector]> {
  spirv.GlobalVariable @W bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.GlobalVariable @X bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
  spirv.GlobalVariable @Y bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @matvec() "None" {
    %W = spirv.mlir.addressof @W : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %X = spirv.mlir.addressof @X : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
    %Y = spirv.mlir.addressof @Y : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c64 = spirv.Constant 64 : i32
    %c512 = spirv.Constant 512 : i32
    %w = spirv.AccessChain %W[%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>
    %xa = spirv.AccessChain %X[%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>
    %ya = spirv.AccessChain %Y[%c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32 -> !spirv.ptr<!spirv.rtarray<f32, stride=4>, StorageBuffer>
    %x = spirv.NV.CooperativeVectorLoad %xa, %c0 : !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>, i32 -> !spirv.NV.coopvector<256xf16>
    %y = spirv.NV.CooperativeVectorMatrixMul %x, %w, %c0, %c512<"Float16NV", "Float16NV", "RowMajorNV"> : !spirv.NV.coopvector<256xf16>, !spirv.ptr<!spirv.rtarray<f16, stride=2>, StorageBuffer>, i32, i32 -> !spirv.NV.coopvector<16xf32>
    spirv.NV.CooperativeVectorStore %ya, %c64, %y : !spirv.ptr<!spirv.rtarray<f32, stride=4>, StorageBuffer>, i32, !spirv.NV.coopvector<16xf32>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @matvec, @W, @X, @Y
  spirv.ExecutionMode @matvec "LocalSize", 64, 1, 1
}
