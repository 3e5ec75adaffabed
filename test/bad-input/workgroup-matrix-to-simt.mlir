// ARGS: --coopmat-to-simt=subgroup-size=32
// ERROR: workgroup-matrix-to-simt.mlir:7:7: error: !coopmat.matrix<32x16xf16, acc, workgroup>: workgroup matrices have no SIMT lowering (they need VK_NV_cooperative_matrix2
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%A: memref<40x24xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %A[%c0, %c0] row_major checked(both) : memref<40x24xf16> -> !coopmat.matrix<32x16xf16, acc, workgroup>
      coopmat.store %m, %A[%c0, %c0] row_major : !coopmat.matrix<32x16xf16, acc, workgroup>, memref<40x24xf16>
      gpu.return
    }
  }
}
