// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --prepare-gpu-to-spirv
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --prepare-gpu-to-spirv 2>&1 | filecheck %s

// Kernels prepare-gpu-to-spirv cannot give MLIR's form: a located error.

// One spirv.target_env per gpu.module holds one subgroup size.
builtin.module attributes {gpu.container_module} {
  // expected-error@+1 {{prepare-gpu-to-spirv: kernels of subgroup sizes [8, 16] in one gpu.module (MLIR reads one per spirv.target_env)}}
  gpu.module @k {
    gpu.func @a() kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>} {
      gpu.return
    }
    gpu.func @b() kernel attributes {known_block_size = array<i32: 16, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 16>} {
      gpu.return
    }
  }
}
// CHECK: prepare-gpu-to-spirv-invalid.mlir:[[# @LINE - 9]]:3: error: prepare-gpu-to-spirv: kernels of subgroup sizes [8, 16]

// -----

// A vector op without a per-component form.
builtin.module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f(%a: memref<4xf32>) kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>} {
      %c0 = arith.constant 0 : index
      %v = vector.load %a[%c0] : memref<4xf32>, vector<4xf32>
      // expected-error@+1 {{prepare-gpu-to-spirv: 'vector.bitcast' on vectors has no scalar form for MLIR's SPIR-V conversion}}
      %b = vector.bitcast %v : vector<4xf32> to vector<4xi32>
      gpu.return
    }
  }
}
// CHECK: prepare-gpu-to-spirv-invalid.mlir:[[# @LINE - 5]]:7: error: prepare-gpu-to-spirv: 'vector.bitcast' on vectors

// -----

// Only workgroup memory is allocated in a kernel.
builtin.module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel attributes {known_block_size = array<i32: 8, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>} {
      // expected-error@+1 {{prepare-gpu-to-spirv: a kernel allocation outside workgroup memory (memref<4xf32>)}}
      %m = memref.alloca() : memref<4xf32>
      gpu.return
    }
  }
}
// CHECK: prepare-gpu-to-spirv-invalid.mlir:[[# @LINE - 5]]:7: error: prepare-gpu-to-spirv: a kernel allocation outside workgroup memory
