// ARGS: --convert-to-spirv=coopmat=nv
// ERROR: nv-componentwise-mul.mlir:9:7: error: 'coopmat.mul' op has no SPIR-V lowering with coopmat=nv
// SPV_NV_cooperative_matrix has no OpFMul on matrices: refused, not emitted invalid.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<16x16xf16>, %C: memref<16x16xf16>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      %p = coopmat.mul %a, %a : !coopmat.matrix<16x16xf16, acc>
      coopmat.store %p, %C[%c0, %c0] row_major : !coopmat.matrix<16x16xf16, acc>, memref<16x16xf16>
      gpu.return
    }
  }
}
