// ARGS: --convert-to-spirv
// ERROR: coopmat-op-without-spirv.mlir:9:7: error: 'coopmat.to_vector' op has no SPIR-V lowering
// to_vector needs the layout's element order, which KHR matrices do not expose.
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16x16xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %m = coopmat.load %a[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %v = coopmat.to_vector %m : !coopmat.matrix<16x16xf32, acc> -> vector<16xf32>
      gpu.return
    }
  }
}
