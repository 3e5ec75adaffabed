// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s --check-prefix=ASM

// Workgroup-scope KHR matrices with SPV_NV_cooperative_matrix2's tensor
// addressing: a 2-D layout (clamp mode Constant) of a 40x24 matrix, sliced
// to a 32x16 tile at (16, 16), loaded (zeros outside) and stored (clipped).
// test/python/spirv/test_spirv_serializer.py validates its binary and compares
// its assembly with spirv-dis.

// CHECK:      %[[L0:.*]] = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Constant>
// CHECK-NEXT: %[[L1:.*]] = spirv.NV.TensorLayoutSetDimension %[[L0]], %{{.*}}, %{{.*}} : !spirv.NV.tensor_layout<2, Constant>, i32, i32
// CHECK-NEXT: %[[L2:.*]] = spirv.NV.TensorLayoutSetClampValue %[[L1]], %{{.*}} : !spirv.NV.tensor_layout<2, Constant>, i32
// CHECK-NEXT: %[[S:.*]] = spirv.NV.TensorLayoutSlice %[[L2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !spirv.NV.tensor_layout<2, Constant>, i32, i32, i32, i32
// CHECK-NEXT: %[[Z:.*]] = spirv.CompositeConstruct
// CHECK-NEXT: %[[M:.*]] = spirv.NV.CooperativeMatrixLoadTensor %{{.*}}, %[[Z]], %[[S]] : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.tensor_layout<2, Constant> -> !spirv.coopmatrix<32x16xf32, Workgroup, MatrixAcc>
// CHECK-NEXT: spirv.NV.CooperativeMatrixStoreTensor %{{.*}}, %[[M]], %[[S]] : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<32x16xf32, Workgroup, MatrixAcc>, !spirv.NV.tensor_layout<2, Constant>

// ASM-DAG:  OpCapability CooperativeMatrixTensorAddressingNV
// ASM-DAG:  OpCapability TensorAddressingNV
// ASM-DAG:  OpExtension "SPV_NV_cooperative_matrix2"
// ASM-DAG:  OpExtension "SPV_NV_tensor_addressing"
// ASM:      %[[LT:[0-9]+]] = OpTypeTensorLayoutNV %{{[0-9]+}} %{{[0-9]+}}
// ASM:      OpCreateTensorLayoutNV %[[LT]]
// ASM:      OpCooperativeMatrixLoadTensorNV %{{[0-9]+}} %{{[0-9]+}} %{{[0-9]+}} %{{[0-9]+}} None None
// ASM:      OpCooperativeMatrixStoreTensorNV %{{[0-9]+}} %{{[0-9]+}} %{{[0-9]+}} None None

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixTensorAddressingNV, TensorAddressingNV], [SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2, SPV_NV_tensor_addressing]> {
  spirv.GlobalVariable @X bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @main() "None" {
    %X = spirv.mlir.addressof @X : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c16 = spirv.Constant 16 : i32
    %c24 = spirv.Constant 24 : i32
    %c32 = spirv.Constant 32 : i32
    %c40 = spirv.Constant 40 : i32
    %zero = spirv.Constant 0.0 : f32
    %p = spirv.AccessChain %X[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %l0 = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Constant>
    %l1 = spirv.NV.TensorLayoutSetDimension %l0, %c40, %c24 : !spirv.NV.tensor_layout<2, Constant>, i32, i32
    %l2 = spirv.NV.TensorLayoutSetClampValue %l1, %c0 : !spirv.NV.tensor_layout<2, Constant>, i32
    %s = spirv.NV.TensorLayoutSlice %l2, %c16, %c32, %c16, %c16 : !spirv.NV.tensor_layout<2, Constant>, i32, i32, i32, i32
    %z = spirv.CompositeConstruct %zero : (f32) -> !spirv.coopmatrix<32x16xf32, Workgroup, MatrixAcc>
    %m = spirv.NV.CooperativeMatrixLoadTensor %p, %z, %s : !spirv.ptr<f32, StorageBuffer>, !spirv.NV.tensor_layout<2, Constant> -> !spirv.coopmatrix<32x16xf32, Workgroup, MatrixAcc>
    spirv.NV.CooperativeMatrixStoreTensor %p, %m, %s : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<32x16xf32, Workgroup, MatrixAcc>, !spirv.NV.tensor_layout<2, Constant>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @X
  spirv.ExecutionMode @main "LocalSize", 128, 1, 1
}
