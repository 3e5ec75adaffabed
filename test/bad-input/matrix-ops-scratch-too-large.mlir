// ARGS: --convert-to-spirv="coopmat=khr target=h100-vulkan"
// ERROR: matrix-ops-scratch-too-large.mlir:7:5: error: kernel 'k' needs 133120 bytes of workgroup memory (133120 of them the coopmat ops' per-subgroup scratch), more than h100-vulkan's 49152
// Without NV2 a reduction goes through workgroup memory: 8 subgroups x
// (64x64 + 64x1) f32 do not fit the target's shared memory.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<64x64xf32>, %C: memref<64x1xf32>) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<64x64xf32> -> !coopmat.matrix<64x64xf32, acc>
      %r = coopmat.reduce add rows %a : !coopmat.matrix<64x64xf32, acc> -> !coopmat.matrix<64x1xf32, acc>
      coopmat.store %r, %C[%c0, %c0] row_major : !coopmat.matrix<64x1xf32, acc>, memref<64x1xf32>
      gpu.return
    }
  }
}
