// RUN: coopmlir-opt %s --convert-to-spirv | filecheck %s
// RUN: coopmlir-opt %s --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -
// RUN: not coopmlir-opt %s --convert-to-spirv=coopmat=nv 2>&1 | filecheck %s --check-prefix=NV

// A kernel with atomics that stores a matrix into a storage buffer it
// shares between workgroups (the partial results of a last-workgroup
// reduction). KHR: the matrix store is NonPrivatePointer, so the
// device-scope barrier and the atomic order it; the read-only A is not.
// CHECK-LABEL: spirv.func @k
// CHECK:         spirv.KHR.CooperativeMatrixLoad %{{.*}}, %{{.*}}, <RowMajor> : !spirv.ptr<f16, StorageBuffer>
// CHECK:         spirv.KHR.CooperativeMatrixStore %{{.*}}, %{{.*}}, %{{.*}}, <RowMajor>, <NonPrivatePointer> : !spirv.ptr<f32, StorageBuffer>
// CHECK:         spirv.ControlBarrier <Workgroup>, <Device>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK:         spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory|MakeAvailable|MakeVisible>

// NV's matrix store has no NonPrivatePointer operand here: a located error,
// not a store the atomics would not order.
// NV: convert-to-spirv-atomics-matrices.mlir:[[# @LINE + 9]]:7: error: 'coopmat.store' op an NV cooperative-matrix store cannot access a storage buffer that this kernel's atomics share between workgroups (no NonPrivatePointer access here); use coopmat=khr

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf16>, %w: memref<16x16xf32>, %count: memref<1xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      %e = coopmat.convert %m : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf32, acc>
      coopmat.store %e, %w[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      gpu.barrier {coopmlir.device_scope}
      %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }
}
