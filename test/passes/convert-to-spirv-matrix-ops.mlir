// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=nv2" | filecheck %s --check-prefix=NV2
// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=nv2" -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=auto target=h100-vulkan" | filecheck %s --check-prefix=NV2
// RUN: coopmlir-opt %s --convert-to-spirv | filecheck %s --check-prefix=KHR
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv="coopmat=auto target=generic" | filecheck %s --check-prefix=KHR

// coopmat.apply, coopmat.reduce (rows and quads) and coopmat.transpose.
// nv2: the NV2 instructions; the apply body and the max combine become Pure
// spirv.funcs (row and column as i32, the capture passed on), no workgroup
// memory. khr: one f32 scratch array of 2 subgroups x (256 + 64) elements
// (the widest user, the quads reduction: matrix then result); the matrix is
// stored, each invocation works on elements lane, lane + SubgroupSize, ...
// between subgroup barriers, and the result is loaded back (transpose:
// stored row-major, loaded column-major as MatrixB, same stride).

// NV2:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, CooperativeMatrixKHR, CooperativeMatrixReductionsNV, CooperativeMatrixConversionsNV, CooperativeMatrixPerElementOperationsNV], [SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2]>
// NV2-NOT:  Workgroup
// NV2:      spirv.func @k_apply1(%[[ROW:.*]]: i32, %[[COL:.*]]: i32, %[[V:.*]]: f32, %[[S:.*]]: f32) -> f32 "Pure" {
// NV2:        %[[X:.*]] = spirv.FMul %[[V]], %[[S]] : f32
// NV2:        spirv.ReturnValue %{{.*}} : f32
// NV2:      spirv.func @k_max_f322(%[[A:.*]]: f32, %[[B:.*]]: f32) -> f32 "Pure" {
// NV2-NEXT:   %[[M:.*]] = spirv.GL.FMax %[[A]], %[[B]] : f32
// NV2-NEXT:   spirv.ReturnValue %[[M]] : f32
// NV2:      spirv.func @k() "None"
// NV2:        %[[L:.*]] = spirv.KHR.CooperativeMatrixLoad
// NV2:        %[[P:.*]] = spirv.NV.CooperativeMatrixPerElementOp %[[L]], @k_apply1, %{{.*}} : f32 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// NV2-NEXT:   %[[R:.*]] = spirv.NV.CooperativeMatrixReduce %[[P]], <Row>, @k_max_f322 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x1xf32, Subgroup, MatrixAcc>
// NV2-NEXT:   %[[Q:.*]] = spirv.NV.CooperativeMatrixReduce %[[P]], <CooperativeMatrixReduce2x2>, @k_max_f322 : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
// NV2-NEXT:   %[[T:.*]] = spirv.NV.CooperativeMatrixTranspose %[[P]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>

// KHR:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, GroupNonUniform, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]>
// KHR:        spirv.GlobalVariable @k_matrix_scratch_f32 : !spirv.ptr<!spirv.array<640 x f32>, Workgroup>
// KHR:        spirv.func @k_apply1(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: f32, %{{.*}}: f32) -> f32 "Pure"
// KHR:        spirv.func @k_max_f322(%{{.*}}: f32, %{{.*}}: f32) -> f32 "Pure"
// KHR:        spirv.func @k() "None"
// apply: store, barrier, a call per element in a loop, barrier, load.
// KHR:          spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// KHR-NEXT:     %{{.*}} = spirv.AccessChain
// KHR-NEXT:     spirv.KHR.CooperativeMatrixStore %{{.*}}, %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
// KHR-NEXT:     spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// KHR-NEXT:     spirv.mlir.loop {
// KHR:            %{{.*}} = spirv.FunctionCall @k_apply1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i32, i32, f32, f32) -> f32
// KHR:          spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// KHR-NEXT:     %{{.*}} = spirv.AccessChain
// KHR-NEXT:     %[[APPLIED:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// rows: a loop over the row calls the combine.
// KHR:            spirv.FunctionCall @k_max_f322(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// KHR:          spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>, i32 -> !spirv.coopmatrix<16x1xf32, Subgroup, MatrixAcc>
// quads: three combines of four elements, no inner loop.
// KHR-COUNT-3:    spirv.FunctionCall @k_max_f322
// KHR:          spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>, i32 -> !spirv.coopmatrix<8x8xf32, Subgroup, MatrixAcc>
// transpose: row-major store, column-major load as MatrixB.
// KHR:          spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[APPLIED]], %[[W:[^,]*]], <RowMajor>
// KHR-NEXT:     spirv.ControlBarrier
// KHR-NEXT:     %{{.*}} = spirv.AccessChain
// KHR-NEXT:     %{{.*}} = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %[[W]], <ColumnMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixB>

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%X: memref<16x16xf32>, %S: memref<1xf32>, %R: memref<16x1xf32>, %Q: memref<8x8xf32>, %T: memref<16x16xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %s = memref.load %S[%c0] : memref<1xf32>
      %a = coopmat.apply %x captures(%s : f32) : !coopmat.matrix<16x16xf32, acc> {
      ^bb0(%i: index, %j: index, %v: f32, %k: f32):
        %m = arith.mulf %v, %k : f32
        %le = arith.cmpi ule, %j, %i : index
        %z = arith.constant 0.0 : f32
        %o = arith.select %le, %m, %z : f32
        coopmat.yield %o : f32
      }
      %r = coopmat.reduce max rows %a : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
      %q = coopmat.reduce max quads %a : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<8x8xf32, acc>
      %t = coopmat.transpose %a : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf32, b>
      coopmat.store %r, %R[%c0, %c0] row_major : !coopmat.matrix<16x1xf32, acc>, memref<16x1xf32>
      coopmat.store %q, %Q[%c0, %c0] row_major : !coopmat.matrix<8x8xf32, acc>, memref<8x8xf32>
      coopmat.store %t, %T[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, b>, memref<16x16xf32>
      gpu.return
    }
  }
}
