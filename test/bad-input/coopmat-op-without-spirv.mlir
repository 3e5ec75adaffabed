// ARGS: --convert-to-spirv
// ERROR: coopmat-op-without-spirv.mlir:8:7: error: 'coopmat.load' op !coopmat.matrix<16x16xf32, acc, workgroup> has workgroup scope, which needs coopmat=nv2 (VK_NV_cooperative_matrix2)
// A workgroup-scope matrix has no KHR/NV lowering (only NV2 has workgroup-scope matrices).
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc, workgroup>
      gpu.return
    }
  }
}
