// RUN: coopmlir-opt %s --lower-to-coopmat="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" | filecheck %s --check-prefix=L1
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" | filecheck %s --check-prefix=L3
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-asm | filecheck %s --check-prefix=ASM
// RUN: coopmlir-opt %s --lower-to-spirv="target=generic spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --lower-to-spirv="target=lavapipe spec-constants=true tile=32x16x16 subgroups=2x1" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=generic spec-constants=true stages=1" 2>&1 | filecheck %s --check-prefix=ERR

// spec-constants=true: the subgroup grid stays open (docs/features/
// specialization-constants.md). Host and kernel read the same two
// coopmat.spec_constants; the host computes grid and workgroup size from
// them and asserts that the workgroup tile divides M and N.

// L1-LABEL: func.func @matmul
// L1:         %[[SM:.*]] = coopmat.spec_constant "subgroups_m" spec_id(3) = 2 : index
// L1:         %[[SN:.*]] = coopmat.spec_constant "subgroups_n" spec_id(4) = 1 : index
// L1:         cf.assert %{{.*}}, "lower-to-coopmat: subgroups_n: the workgroup tile (subgroups_n x 16) must divide N=48"
// L1:         cf.assert %{{.*}}, "lower-to-coopmat: subgroups_m: the workgroup tile (subgroups_m x 16) must divide M=64"
// L1:         %[[SUBGROUPS:.*]] = arith.muli %[[SM]], %[[SN]] : index
// L1:         %[[THREADS:.*]] = arith.muli %[[SUBGROUPS]], %{{.*}} : index
// L1:         gpu.launch_func @matmul_kernels::@matmul blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[THREADS]], %{{.*}}, %{{.*}})
// L1:       gpu.func @matmul
// L1-NOT:     known_block_size
// L1-SAME:    coopmlir.spec_workgroup_size = array<i32: 64, 1, 1>
// L1:         coopmat.spec_constant "subgroups_m" spec_id(3) = 2 : index
// L1:         %[[KSN:.*]] = coopmat.spec_constant "subgroups_n" spec_id(4) = 1 : index
// L1:         %[[SG:.*]] = gpu.subgroup_id : index
// L1:         arith.divui %[[SG]], %[[KSN]] : index
// L1:         arith.remui %[[SG]], %[[KSN]] : index

// L3:       spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<{{.*}}> attributes {coopmlir.builtin_workgroup_size = @workgroup_size} {
// L3-NEXT:    spirv.SpecConstant @workgroup_size_x spec_id(0) = 64 : i32
// L3-NEXT:    spirv.SpecConstant @workgroup_size_y spec_id(1) = 1 : i32
// L3-NEXT:    spirv.SpecConstant @workgroup_size_z spec_id(2) = 1 : i32
// L3-NEXT:    spirv.SpecConstant @subgroups_m spec_id(3) = 2 : i32
// L3-NEXT:    spirv.SpecConstant @subgroups_n spec_id(4) = 1 : i32
// L3-NEXT:    spirv.SpecConstantComposite @workgroup_size (@workgroup_size_x, @workgroup_size_y, @workgroup_size_z) : vector<3xi32>
// L3:         spirv.func @matmul() "None"
// L3:           %{{.*}} = spirv.mlir.referenceof @subgroups_m : i32
// L3:           %{{.*}} = spirv.mlir.referenceof @subgroups_n : i32
// L3:           spirv.KHR.CooperativeMatrixMulAdd

// ASM-DAG:   OpDecorate %[[X:[0-9]+]] SpecId 0
// ASM-DAG:   OpDecorate %[[M:[0-9]+]] SpecId 3
// ASM-DAG:   OpDecorate %[[WG:[0-9]+]] BuiltIn WorkgroupSize
// ASM-DAG:   %[[X]] = OpSpecConstant %{{[0-9]+}} 64
// ASM-DAG:   %[[M]] = OpSpecConstant %{{[0-9]+}} 2
// ASM-DAG:   %[[WG]] = OpSpecConstantComposite %{{[0-9]+}} %[[X]]

// ERR: error: lower-to-coopmat: spec-constants=true needs stages=0 (stages=1 sizes workgroup memory by the tile)

func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
