// TOOL: coopmlir-run
// ARGS: --entry k
// ERROR: run-alloc-in-a-kernel.mlir:10:7: error: interpretation failed: memref.alloc in a kernel must allocate workgroup memory
// A global-memory alloc in a kernel: the message named a constant that
// had moved (internal error: AttributeError), found by bench/fuzz_cli.py.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %buf = memref.alloc() : memref<4xf32>
      gpu.return
    }
  }
}
