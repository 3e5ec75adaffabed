// ARGS: --coopmat-to-simt
// ERROR: use-of-own-result.mlir:10:7: error: 'coopmat.apply' op operand #0 does not dominate this use
// An op reading its own result (bench/fuzz_cli.py swapped two uses).
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<16x16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %r = coopmat.load %A[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      coopmat.store %r, %A[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      %a = coopmat.apply %a : !coopmat.matrix<16x16xf32, acc> {
      ^bb0(%i: index, %j: index, %v: f32):
        coopmat.yield %v : f32
      }
      gpu.return
    }
  }
}
