// RUN: coopmlir-opt %s --convert-to-spirv | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-asm | spirv-as --target-env vulkan1.3 - -o - | spirv-val --target-env vulkan1.3 -

// An L1 kernel (docs/kernels.md) with KHR cooperative matrices: as in MLIR's
// convert-gpu-to-spirv, spirv.module @__spv__<name> goes before the gpu.module,
// which stays (with the host function, its launch still verifies); memref arguments are StorageBuffers at (0, i), workgroup
// memory a Workgroup array, the K loop a spirv.mlir.loop carrying the
// accumulator, the checked store a uniform branch between the plain store
// and a copy through the subgroup's workgroup-memory slot.

// CHECK:      func.func @matmul
// CHECK:        gpu.launch_func @matmul_kernels::@matmul
// CHECK:      spirv.module @__spv__matmul_kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, Float16, StorageBuffer16BitAccess, VulkanMemoryModel, GroupNonUniform, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
// CHECK-NEXT:   spirv.GlobalVariable @matmul_arg0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
// CHECK-NEXT:   spirv.GlobalVariable @matmul_arg1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f16, stride=2> [0])>, StorageBuffer>
// CHECK-NEXT:   spirv.GlobalVariable @matmul_arg2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-NEXT:   spirv.GlobalVariable @matmul_workgroup_0 : !spirv.ptr<!spirv.array<256 x f16>, Workgroup>
// CHECK-NEXT:   spirv.GlobalVariable @__builtin_LocalInvocationId built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK-NEXT:   spirv.GlobalVariable @__builtin_WorkgroupId built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
// CHECK-NEXT:   spirv.GlobalVariable @matmul_matrix_scratch_f32 : !spirv.ptr<!spirv.array<512 x f32>, Workgroup>
// CHECK:        spirv.func @matmul() "None" attributes {coopmlir.required_subgroup_size = 32 : i32, coopmlir.kernel_args = [memref<32x32xf16>, memref<24x32xf16>, memref<32x24xf32>]} {

// The accumulator load: pointer to the first element, leading stride 24.
// CHECK:          %[[C:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %[[C24:.*]], <RowMajor> : !spirv.ptr<f32, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>

// The K loop: header phis (k, accumulator), signed compare, latch adds the step.
// CHECK:          %[[ACC:.*]] = spirv.mlir.loop -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc> {
// CHECK-NEXT:       spirv.Branch ^[[HEADER:.*]](%{{.*}}, %[[C]] : i32, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>)
// CHECK-NEXT:     ^[[HEADER]](%[[K:.*]]: i32, %[[CARRIED:.*]]: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>):
// CHECK-NEXT:       %[[MORE:.*]] = spirv.SLessThan %[[K]], %{{.*}} : i32
// CHECK-NEXT:       spirv.BranchConditional %[[MORE]], ^[[BODY:.*]], ^[[MERGE:.*]]
// CHECK-NEXT:     ^[[BODY]]:

// Workgroup memory: non-private accesses, barrier with MakeAvailable/MakeVisible.
// CHECK:            spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["NonPrivatePointer"] : f16
// CHECK:            spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK:            %[[A:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK:            %[[B:.*]] = spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <ColumnMajor> : !spirv.ptr<f16, StorageBuffer>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK-NEXT:       %[[D:.*]] = spirv.KHR.CooperativeMatrixMulAdd %[[A]], %[[B]], %[[CARRIED]] : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:       spirv.Branch ^[[LATCH:.*]](%[[D]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>)
// CHECK-NEXT:     ^[[LATCH]](%[[NEXT:.*]]: !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>):
// CHECK-NEXT:       %[[K2:.*]] = spirv.IAdd %[[K]], %{{.*}} : i32
// CHECK-NEXT:       spirv.Branch ^[[HEADER]](%[[K2]], %[[NEXT]] : i32, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>)
// CHECK-NEXT:     ^[[MERGE]]:
// CHECK-NEXT:       spirv.mlir.merge %[[CARRIED]] : !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NEXT:     }

// checked(rows): the whole fragment is inside when row + 16 <= 32; else the
// subgroup goes through its slot (SubgroupId * 256) of the scratch array.
// CHECK:          %[[INSIDE:.*]] = spirv.ULessThanEqual %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:     spirv.mlir.selection {
// CHECK-NEXT:       spirv.BranchConditional %[[INSIDE]], ^[[FAST:.*]], ^[[SLOW:.*]]
// CHECK-NEXT:     ^[[FAST]]:
// CHECK-NEXT:       spirv.AccessChain
// CHECK-NEXT:       spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[ACC]], %[[C24]], <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>, i32
// CHECK:          ^[[SLOW]]:
// CHECK-NEXT:       %[[SLOT:.*]] = spirv.IMul %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:       spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK:            spirv.KHR.CooperativeMatrixStore %{{.*}}, %[[ACC]], %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, Workgroup>
// CHECK-NEXT:       spirv.ControlBarrier <Subgroup>, <Subgroup>
// CHECK:            spirv.mlir.loop {
// CHECK:          spirv.Return

// CHECK:        spirv.EntryPoint "GLCompute" @matmul, @matmul_arg0, @matmul_arg1, @matmul_arg2, @matmul_workgroup_0, @__builtin_LocalInvocationId, @__builtin_WorkgroupId, @matmul_matrix_scratch_f32, @__builtin_SubgroupId, @__builtin_SubgroupLocalInvocationId, @__builtin_SubgroupSize
// CHECK-NEXT:   spirv.ExecutionMode @matmul "LocalSize", 64, 1, 1
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @matmul_kernels {
// CHECK-NEXT:   gpu.func @matmul(%{{.*}}: memref<32x32xf16>, %{{.*}}: memref<24x32xf16>, %{{.*}}: memref<32x24xf32>) kernel
// CHECK-NEXT:     %tile = memref.alloca() : memref<16x16xf16, 3 : i64>

builtin.module attributes {gpu.container_module} {
  func.func @matmul(%A: memref<32x32xf16>, %B: memref<24x32xf16>, %C: memref<32x24xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @matmul_kernels::@matmul blocks in (%c1, %c2, %c1) threads in (%c64, %c1, %c1) args(%A : memref<32x32xf16>, %B : memref<24x32xf16>, %C : memref<32x24xf32>)
    func.return
  }
  gpu.module @matmul_kernels {
    gpu.func @matmul(%a: memref<32x32xf16>, %b: memref<24x32xf16>, %c: memref<32x24xf32>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %tile = memref.alloca() : memref<16x16xf16, 3>
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %row = gpu.block_id y
      %i = arith.muli %row, %c16 : index
      %acc = coopmat.load %c[%i, %c0] row_major : memref<32x24xf32> -> !coopmat.matrix<16x16xf32, acc>
      %d = scf.for %k = %c0 to %c32 step %c16 iter_args(%sum = %acc) -> (!coopmat.matrix<16x16xf32, acc>) {
        %r = arith.divui %t, %c16 : index
        %q = arith.remui %t, %c16 : index
        %ar = arith.addi %i, %r : index
        %ak = arith.addi %k, %q : index
        %x = memref.load %a[%ar, %ak] : memref<32x32xf16>
        memref.store %x, %tile[%r, %q] : memref<16x16xf16, 3>
        gpu.barrier
        %ma = coopmat.load %tile[%c0, %c0] row_major : memref<16x16xf16, 3> -> !coopmat.matrix<16x16xf16, a>
        %mb = coopmat.load %b[%c0, %k] col_major : memref<24x32xf16> -> !coopmat.matrix<16x16xf16, b>
        %next = coopmat.mul_add %ma, %mb, %sum : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
        scf.yield %next : !coopmat.matrix<16x16xf32, acc>
      }
      %j = arith.addi %i, %c16 : index
      coopmat.store %d, %c[%j, %c0] row_major checked(rows) : !coopmat.matrix<16x16xf32, acc>, memref<32x24xf32>
      gpu.return
    }
  }
}
