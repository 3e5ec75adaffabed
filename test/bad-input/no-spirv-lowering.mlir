// ARGS: --convert-to-spirv
// ERROR: no-spirv-lowering.mlir:7:7: error: 'memref.alloc' op memref.alloc in a kernel must allocate workgroup memory
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = memref.alloc() : memref<4xf32>
      gpu.return
    }
  }
}
