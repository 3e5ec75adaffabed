// RUN: coopmlir-opt %s --lower-to-coopmat="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" | filecheck %s --check-prefix=L1
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe spec-constants=true tile=32x16x16 subgroups=2x1" | filecheck %s --check-prefix=SIMT
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" | filecheck %s --check-prefix=L3
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-asm | filecheck %s --check-prefix=ASM
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --lower-to-spirv="target=lavapipe spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=generic spec-constants=true stages=1" 2>&1 | filecheck %s --check-prefix=ERR
// RUN: not coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1 coopmat=nv" 2>&1 | filecheck %s --check-prefix=NV

// spec-constants=true (docs/features/specialization-constants.md): the
// subgroup grid and, on matrix units, the matrices' m, n, k stay open.
// Host and kernel read the same coopmat.spec_constants; the host computes
// grid and workgroup size from them and asserts that the tiles divide the
// problem; the kernel's fragment offsets and K step follow m, n, k.

// L1-LABEL: func.func @matmul
// L1:         %[[SM:.*]] = coopmat.spec_constant "subgroups_m" spec_id(3) = 2 : index
// L1:         %[[SN:.*]] = coopmat.spec_constant "subgroups_n" spec_id(4) = 1 : index
// L1:         %[[M:.*]] = coopmat.spec_constant "coopmat_m" spec_id(5) = 16 : index
// L1:         %[[N:.*]] = coopmat.spec_constant "coopmat_n" spec_id(6) = 16 : index
// L1:         %[[K:.*]] = coopmat.spec_constant "coopmat_k" spec_id(7) = 16 : index
// L1:         cf.assert %{{.*}}, "lower-to-coopmat: the K tile (1 x coopmat_k) must divide K=32"
// L1:         cf.assert %{{.*}}, "lower-to-coopmat: the workgroup tile (subgroups_n x 1 x coopmat_n) must divide N=48"
// L1:         cf.assert %{{.*}}, "lower-to-coopmat: the workgroup tile (subgroups_m x 1 x coopmat_m) must divide M=64"
// L1:         %[[SUBGROUPS:.*]] = arith.muli %[[SM]], %[[SN]] : index
// L1:         %[[THREADS:.*]] = arith.muli %[[SUBGROUPS]], %{{.*}} : index
// L1:         gpu.launch_func @matmul_kernels::@matmul blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[THREADS]], %{{.*}}, %{{.*}})
// L1:       gpu.func @matmul
// L1-NOT:     known_block_size
// L1-SAME:    coopmlir.spec_workgroup_size = array<i32: 64, 1, 1>, coopmlir.spec_matrix_sizes = ["coopmat_m", "coopmat_n", "coopmat_k"]
// L1:         %[[KSN:.*]] = coopmat.spec_constant "subgroups_n" spec_id(4) = 1 : index
// L1:         %[[KK:.*]] = coopmat.spec_constant "coopmat_k" spec_id(7) = 16 : index
// L1:         %[[SG:.*]] = gpu.subgroup_id : index
// L1:         arith.divui %[[SG]], %[[KSN]] : index
// L1:         arith.remui %[[SG]], %[[KSN]] : index
// L1:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[KK]]

// SIMT-LABEL: func.func @matmul
// SIMT-NOT:     coopmat_m
// SIMT:         coopmat.spec_constant "subgroups_m" spec_id(3) = 2 : index
// SIMT:       gpu.func @matmul
// SIMT-NOT:     coopmlir.spec_matrix_sizes
// SIMT-SAME:    coopmlir.spec_workgroup_size = array<i32: 16, 1, 1>

// L3:       spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<{{.*}}> attributes {coopmlir.builtin_workgroup_size = @workgroup_size, coopmlir.spec_matrix_sizes = {MatrixA = [@coopmat_m, @coopmat_k], MatrixB = [@coopmat_k, @coopmat_n], MatrixAcc = [@coopmat_m, @coopmat_n]}} {
// L3-NEXT:    spirv.SpecConstant @workgroup_size_x spec_id(0) = 64 : i32
// L3-NEXT:    spirv.SpecConstant @workgroup_size_y spec_id(1) = 1 : i32
// L3-NEXT:    spirv.SpecConstant @workgroup_size_z spec_id(2) = 1 : i32
// L3-NEXT:    spirv.SpecConstant @subgroups_m spec_id(3) = 2 : i32
// L3-NEXT:    spirv.SpecConstant @subgroups_n spec_id(4) = 1 : i32
// L3-NEXT:    spirv.SpecConstant @coopmat_m spec_id(5) = 16 : i32
// L3-NEXT:    spirv.SpecConstant @coopmat_n spec_id(6) = 16 : i32
// L3-NEXT:    spirv.SpecConstant @coopmat_k spec_id(7) = 16 : i32
// L3-NEXT:    spirv.SpecConstantComposite @workgroup_size (@workgroup_size_x, @workgroup_size_y, @workgroup_size_z) : vector<3xi32>
// L3:         spirv.func @matmul() "None"
// L3:           %{{.*}} = spirv.mlir.referenceof @subgroups_m : i32
// L3:           %{{.*}} = spirv.mlir.referenceof @subgroups_n : i32
// L3:           spirv.KHR.CooperativeMatrixMulAdd

// The matrix types' rows and columns are the spec constants' ids.
// ASM-DAG:   OpDecorate %[[X:[0-9]+]] SpecId 0
// ASM-DAG:   OpDecorate %[[SM:[0-9]+]] SpecId 3
// ASM-DAG:   OpDecorate %[[M:[0-9]+]] SpecId 5
// ASM-DAG:   OpDecorate %[[N:[0-9]+]] SpecId 6
// ASM-DAG:   OpDecorate %[[K:[0-9]+]] SpecId 7
// ASM-DAG:   OpDecorate %[[WG:[0-9]+]] BuiltIn WorkgroupSize
// ASM-DAG:   %[[X]] = OpSpecConstant %{{[0-9]+}} 64
// ASM-DAG:   %[[SM]] = OpSpecConstant %{{[0-9]+}} 2
// ASM-DAG:   %[[M]] = OpSpecConstant %{{[0-9]+}} 16
// ASM-DAG:   %[[WG]] = OpSpecConstantComposite %{{[0-9]+}} %[[X]]
// ASM-DAG:   OpTypeCooperativeMatrixKHR %{{[0-9]+}} %{{[0-9]+}} %[[M]] %[[K]] %{{[0-9]+}}
// ASM-DAG:   OpTypeCooperativeMatrixKHR %{{[0-9]+}} %{{[0-9]+}} %[[K]] %[[N]] %{{[0-9]+}}
// ASM-DAG:   OpTypeCooperativeMatrixKHR %{{[0-9]+}} %{{[0-9]+}} %[[M]] %[[N]] %{{[0-9]+}}

// ERR: error: lower-to-coopmat: spec-constants=true needs stages=0 (stages=1 sizes workgroup memory by the tile)
// NV: error: kernel 'matmul': matrix sizes as spec constants need KHR cooperative matrices (coopmat=khr or nv2)

func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
