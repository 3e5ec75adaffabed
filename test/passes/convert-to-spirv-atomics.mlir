// RUN: coopmlir-opt %s --convert-to-spirv | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-asm | filecheck %s --check-prefix=ASM

// The last workgroup sums what every workgroup stored (the "last block"
// reduction): each work-item stores its partial, a barrier, work-item 0 adds
// 1 to the counter and broadcasts the old count through workgroup memory,
// and the workgroup that saw count - 1 sums the partials and resets the
// counter. memref.atomic_rmw is MLIR's MemRefToSPIRV lowering (Device scope,
// acquire-release on storage-buffer memory, made available and visible),
// which needs VulkanMemoryModelDeviceScope. In @sum, the barriers marked
// {coopmlir.device_scope} also order storage buffers at Device scope (the
// unmarked first one stays a workgroup barrier), and the buffers it writes
// (%partial, %counter, %out; not %x, which it only reads) are accessed
// NonPrivatePointer. @plain, without
// atomics, keeps the workgroup barrier.

// CHECK:      spirv.module @__spv__kernels Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel, VulkanMemoryModelDeviceScope], []> {
// CHECK-LABEL:  spirv.func @sum()
// CHECK-DAG:      %[[X:.*]] = spirv.mlir.addressof @sum_arg0
// CHECK-DAG:      %[[PARTIAL:.*]] = spirv.mlir.addressof @sum_arg1
// CHECK-DAG:      %[[COUNTER:.*]] = spirv.mlir.addressof @sum_arg2
// CHECK-DAG:      %[[OUT:.*]] = spirv.mlir.addressof @sum_arg3
// CHECK-DAG:      %[[C0:.*]] = spirv.Constant 0 : i32
// CHECK-DAG:      %[[C1:.*]] = spirv.Constant 1 : i32
// CHECK:          spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK:          %[[XP:.*]] = spirv.AccessChain %[[X]][%[[C0]], %{{.*}}]
// CHECK-NEXT:     %[[V:.*]] = spirv.Load "StorageBuffer" %[[XP]] : i32
// CHECK-NEXT:     %[[SQ:.*]] = spirv.IMul %[[V]], %[[V]] : i32
// CHECK-NEXT:     %[[PP:.*]] = spirv.AccessChain %[[PARTIAL]][%[[C0]], %{{.*}}]
// CHECK-NEXT:     spirv.Store "StorageBuffer" %[[PP]], %[[SQ]] ["NonPrivatePointer"] : i32
// CHECK-NEXT:     spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK:          spirv.mlir.selection {
// CHECK:            %[[CP:.*]] = spirv.AccessChain %[[COUNTER]][%[[C0]], %[[C0]]]
// CHECK-NEXT:       %[[OLD:.*]] = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %[[CP]], %[[C1]] : !spirv.ptr<i32, StorageBuffer>
// CHECK-NEXT:       %[[SEEN:.*]] = spirv.AccessChain %{{.*}}[%[[C0]]] : !spirv.ptr<!spirv.array<1 x i32>, Workgroup>
// CHECK-NEXT:       spirv.Store "Workgroup" %[[SEEN]], %[[OLD]] ["NonPrivatePointer"] : i32
// CHECK:          spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>
// The last workgroup's sum reads the partials NonPrivatePointer.
// CHECK:          spirv.mlir.loop -> i32 {
// CHECK:            %[[P:.*]] = spirv.AccessChain %[[PARTIAL]][%[[C0]], %{{.*}}]
// CHECK-NEXT:       spirv.Load "StorageBuffer" %[[P]] ["NonPrivatePointer"] : i32
// CHECK:          %[[OP:.*]] = spirv.AccessChain %[[OUT]][%[[C0]], %[[C0]]]
// CHECK-NEXT:     spirv.Store "StorageBuffer" %[[OP]], %{{.*}} ["NonPrivatePointer"] : i32
// CHECK-NEXT:     %[[RP:.*]] = spirv.AccessChain %[[COUNTER]][%[[C0]], %[[C0]]]
// CHECK-NEXT:     spirv.AtomicExchange <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible> %[[RP]], %[[C0]] : !spirv.ptr<i32, StorageBuffer>
// CHECK:          spirv.Return

// CHECK-LABEL:  spirv.func @plain()
// CHECK:          spirv.Store "StorageBuffer" %{{[^[]*}} : i32
// CHECK-NEXT:     spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK-NOT:      NonPrivatePointer
// CHECK:          spirv.Return

// The instructions: scope Device (1) and the semantics mask as constants.
// ASM:            OpCapability VulkanMemoryModelDeviceScope
// ASM-DAG:        %[[DEVICE:.*]] = OpConstant %{{.*}} 1{{$}}
// ASM-DAG:        %[[SEM:.*]] = OpConstant %{{.*}} 24648{{$}}
// ASM:            OpAtomicIAdd %{{.*}} %{{.*}} %[[DEVICE]] %[[SEM]] %{{.*}}
// ASM:            OpAtomicExchange %{{.*}} %{{.*}} %[[DEVICE]] %[[SEM]] %{{.*}}

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%x: memref<256xi32>, %partial: memref<256xi32>, %counter: memref<1xi32>, %out: memref<1xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %seen = memref.alloca() : memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %g = gpu.global_id x
      gpu.barrier
      %v = memref.load %x[%g] : memref<256xi32>
      %square = arith.muli %v, %v : i32
      memref.store %square, %partial[%g] : memref<256xi32>
      gpu.barrier {coopmlir.device_scope}
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %old = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<1xi32>) -> i32
        memref.store %old, %seen[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier {coopmlir.device_scope}
      %arrived = memref.load %seen[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %groups = gpu.grid_dim x
      %groups_i32 = arith.index_cast %groups : index to i32
      %last = arith.subi %groups_i32, %one : i32
      %is_last = arith.cmpi eq, %arrived, %last : i32
      %final = arith.andi %is_last, %first : i1
      scf.if %final {
        %n = memref.dim %partial, %c0 : memref<256xi32>
        %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
          %p = memref.load %partial[%i] : memref<256xi32>
          %next = arith.addi %acc, %p : i32
          scf.yield %next : i32
        }
        memref.store %sum, %out[%c0] : memref<1xi32>
        %reset = memref.atomic_rmw assign %zero, %counter[%c0] : (i32, memref<1xi32>) -> i32
      }
      gpu.return
    }
    gpu.func @plain(%y: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      memref.store %zero, %y[%t] : memref<64xi32>
      gpu.barrier
      gpu.return
    }
  }
}
