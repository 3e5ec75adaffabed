// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --convert-to-spirv
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --convert-to-spirv 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --split-input-file --convert-to-spirv 2>&1 | filecheck %s --check-prefix=EXIT
// RUN: not coopmlir-opt %s --convert-to-spirv=coopmat=amd 2>&1 | filecheck %s --check-prefix=OPTION

// Input convert-to-spirv cannot lower: a located error, the module unchanged.

// OPTION: error: convert-to-spirv: coopmat=amd must be one of khr, nv, nv2, simt, auto

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xi32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<16xi32>
      // expected-error@+1 {{'arith.ceildivsi' op has no SPIR-V lowering}}
      %y = arith.ceildivsi %x, %x : i32
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-invalid.mlir:[[# @LINE - 5]]:7: error: 'arith.ceildivsi' op has no SPIR-V lowering
// EXIT: error: 'arith.ceildivsi' op has no SPIR-V lowering

// -----

// index is i32: 65536 x 32768 elements would overflow it.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{memref<65536x32768xf32> has 2147483648 elements: convert-to-spirv uses 32-bit indices and handles at most 2147483647 elements per memref}}
    gpu.func @k(%a: memref<65536x32768xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-invalid.mlir:[[# @LINE - 5]]:5: error: memref<65536x32768xf32> has 2147483648 elements: convert-to-spirv uses 32-bit indices and handles at most 2147483647 elements per memref

// -----

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{kernel 'k' needs known_block_size (its LocalSize)}}
    gpu.func @k(%a: memref<16xf32>) kernel {
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-invalid.mlir:[[# @LINE - 5]]:5: error: kernel 'k' needs known_block_size (its LocalSize)

// -----

builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{kernel argument 1 has type index: only memref arguments (storage buffers) are supported}}
    gpu.func @k(%a: memref<16x16xf32>, %n: index) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-invalid.mlir:[[# @LINE - 5]]:5: error: kernel argument 1 has type index: only memref arguments (storage buffers) are supported

// -----

// The subgroup size is the layout's (L1) or MLIR's entry point ABI's (L2):
// where both are given they must agree.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{subgroup size 16 of spirv.entry_point_abi disagrees with #coopmat.layout<tinytc, subgroup = 32>}}
    gpu.func @k(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 16>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      gpu.return
    }
  }
}
// CHECK: convert-to-spirv-invalid.mlir:[[# @LINE - 5]]:5: error: subgroup size 16 of spirv.entry_point_abi disagrees with #coopmat.layout<tinytc, subgroup = 32>
