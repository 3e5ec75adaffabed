// ARGS: --convert-to-spirv=coopmat=nv
// ERROR: matrix-ops-on-nv.mlir:9:7: error: 'coopmat.reduce' op has no SPIR-V lowering with coopmat=nv: SPV_NV_cooperative_matrix2 extends KHR matrices; use coopmat=nv2 or coopmat=khr
// NV (SPV_NV_cooperative_matrix) matrices have no reduce/apply/transpose.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<16x16xf16>, %C: memref<16x1xf16>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, acc>
      %r = coopmat.reduce add rows %a : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x1xf16, acc>
      coopmat.store %r, %C[%c0, %c0] row_major : !coopmat.matrix<16x1xf16, acc>, memref<16x1xf16>
      gpu.return
    }
  }
}
