// ARGS: --convert-to-spirv
// ERROR: atomic-rmw-addf.mlir:10:7: error: 'memref.atomic_rmw' op kind 'addf' has no SPIR-V lowering (only addi and assign)
// Float atomics (SPV_EXT_shader_atomic_float_add) are not lowered: refused
// at the op.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = arith.constant 1.0 : f32
      %old = memref.atomic_rmw addf %v, %a[%c0] : (f32, memref<16xf32>) -> f32
      gpu.return
    }
  }
}
