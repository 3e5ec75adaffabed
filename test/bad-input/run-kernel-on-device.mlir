// TOOL: coopmlir-run
// ARGS: --entry kern --device vulkan
// ERROR: run-kernel-on-device.mlir:8:5: error: @kern is a kernel: --device runs a host function
// --device launches kernels from a host function; a kernel alone was a bare
// "error: no host function @kern in the module".
builtin.module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kern(%m: memref<4xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
