// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s -t spirv-asm | filecheck %s --check-prefix=ASM

// SPV_NV_cooperative_matrix2 on KHR matrices: a row sum, a 2x2 max and a
// per-element op with an extra operand, each calling a spirv.func, then a
// transpose to MatrixB. test/python/spirv/test_spirv_serializer.py validates its
// binary and compares its assembly with spirv-dis.

// CHECK:      spirv.func @sum(%{{.*}}: f32, %{{.*}}: f32) -> f32 "Pure"
// CHECK:        %[[M:.*]] = spirv.KHR.CooperativeMatrixLoad
// CHECK-NEXT:   %[[R:.*]] = spirv.NV.CooperativeMatrixReduce %[[M]], <Row>, @sum : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x1xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %{{.*}} = spirv.NV.CooperativeMatrixReduce %[[M]], <CooperativeMatrixReduce2x2>, @max : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %{{.*}} = spirv.NV.CooperativeMatrixReduce %[[M]], <Row|Column>, @sum : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %[[P:.*]] = spirv.NV.CooperativeMatrixPerElementOp %[[M]], @scale, %{{.*}} : f32 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:   %{{.*}} = spirv.NV.CooperativeMatrixTranspose %[[P]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>

// ASM-DAG:  OpCapability CooperativeMatrixReductionsNV
// ASM-DAG:  OpCapability CooperativeMatrixConversionsNV
// ASM-DAG:  OpCapability CooperativeMatrixPerElementOperationsNV
// ASM-DAG:  OpExtension "SPV_NV_cooperative_matrix2"
// ASM:      OpCooperativeMatrixReduceNV %{{.*}} %{{.*}} Row %[[SUM:[0-9]+]]
// ASM:      OpCooperativeMatrixReduceNV %{{.*}} %{{.*}} 2x2 %{{[0-9]+}}
// ASM:      OpCooperativeMatrixReduceNV %{{.*}} %{{.*}} Row|Column %[[SUM]]
// ASM:      OpCooperativeMatrixPerElementOpNV %{{.*}} %{{.*}} %{{[0-9]+}} %{{.*}}
// ASM:      OpCooperativeMatrixTransposeNV

spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixReductionsNV, CooperativeMatrixConversionsNV, CooperativeMatrixPerElementOperationsNV], [SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2]> {
  spirv.GlobalVariable @X bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @sum(%a: f32, %b: f32) -> f32 "Pure" {
    %s = spirv.FAdd %a, %b : f32
    spirv.ReturnValue %s : f32
  }
  spirv.func @max(%a: f32, %b: f32) -> f32 "Pure" {
    %s = spirv.GL.FMax %a, %b : f32
    spirv.ReturnValue %s : f32
  }
  spirv.func @scale(%row: i32, %col: i32, %v: f32, %k: f32) -> f32 "Pure" {
    %s = spirv.FMul %v, %k : f32
    spirv.ReturnValue %s : f32
  }
  spirv.func @main() "None" {
    %X = spirv.mlir.addressof @X : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %c0 = spirv.Constant 0 : i32
    %c16 = spirv.Constant 16 : i32
    %k = spirv.Constant 2.0 : f32
    %p = spirv.AccessChain %X[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
    %m = spirv.KHR.CooperativeMatrixLoad %p, %c16, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %r = spirv.NV.CooperativeMatrixReduce %m, <Row>, @sum : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x1xf32, Subgroup, MatrixAcc>
    %q = spirv.NV.CooperativeMatrixReduce %m, <CooperativeMatrixReduce2x2>, @max : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
    %all = spirv.NV.CooperativeMatrixReduce %m, <Row|Column>, @sum : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %e = spirv.NV.CooperativeMatrixPerElementOp %m, @scale, %k : f32 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
    %t = spirv.NV.CooperativeMatrixTranspose %e : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>
    spirv.KHR.CooperativeMatrixStore %p, %all, %c16, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main, @X
  spirv.ExecutionMode @main "LocalSize", 32, 1, 1
}
