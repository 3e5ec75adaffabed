// ARGS: --convert-to-spirv=coopmat=nv2
// ERROR: apply-math-without-spirv.mlir:12:9: error: 'math.erf' op has no SPIR-V lowering
// The apply body is outlined into a spirv.func: a math op without a SPIR-V
// lowering there is refused at the op, not emitted wrong.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<16x16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %r = coopmat.apply %a : !coopmat.matrix<16x16xf32, acc> {
      ^bb0(%i: index, %j: index, %v: f32):
        %e = math.erf %v : f32
        coopmat.yield %e : f32
      }
      coopmat.store %r, %A[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>
      gpu.return
    }
  }
}
