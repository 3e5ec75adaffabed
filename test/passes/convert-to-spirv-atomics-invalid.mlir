// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --convert-to-spirv
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --convert-to-spirv 2>&1 | filecheck %s

// memref.atomic_rmw that convert-to-spirv cannot lower: kinds other than
// addi and assign, elements other than i32, memory other than a storage
// buffer. A located error, the module unchanged.

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1 : i32
      // expected-error@+1 {{'memref.atomic_rmw' op kind 'maxs' has no SPIR-V lowering (only addi and assign)}}
      %old = memref.atomic_rmw maxs %v, %a[%c0] : (i32, memref<16xi32>) -> i32
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-atomics-invalid.mlir:[[# @LINE - 5]]:7: error: 'memref.atomic_rmw' op kind 'maxs' has no SPIR-V lowering (only addi and assign)

// -----

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1.0 : f32
      // expected-error@+1 {{'memref.atomic_rmw' op kind 'addf' has no SPIR-V lowering (only addi and assign)}}
      %old = memref.atomic_rmw addf %v, %a[%c0] : (f32, memref<16xf32>) -> f32
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-atomics-invalid.mlir:[[# @LINE - 5]]:7: error: 'memref.atomic_rmw' op kind 'addf' has no SPIR-V lowering (only addi and assign)

// -----

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xi64>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1 : i64
      // expected-error@+1 {{'memref.atomic_rmw' op updates i32 elements only, not i64}}
      %old = memref.atomic_rmw addi %v, %a[%c0] : (i64, memref<16xi64>) -> i64
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-atomics-invalid.mlir:[[# @LINE - 5]]:7: error: 'memref.atomic_rmw' op updates i32 elements only, not i64

// -----

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1 : i32
      %w = memref.alloca() : memref<4xi32, #gpu.address_space<workgroup>>
      // expected-error@+1 {{'memref.atomic_rmw' op updates storage buffers (kernel arguments) only, not Workgroup memory}}
      %old = memref.atomic_rmw addi %v, %w[%c0] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-atomics-invalid.mlir:[[# @LINE - 5]]:7: error: 'memref.atomic_rmw' op updates storage buffers (kernel arguments) only, not Workgroup memory
