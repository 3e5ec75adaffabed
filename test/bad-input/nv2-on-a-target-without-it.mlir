// ARGS: --convert-to-spirv="coopmat=nv2 target=lavapipe"
// ERROR: nv2-on-a-target-without-it.mlir:10:7: error: 'coopmat.reduce' with coopmat=nv2 needs VK_NV_cooperative_matrix2, which lavapipe lacks
// NV2 instructions for a target without VK_NV_cooperative_matrix2 were
// emitted silently (the device would refuse the pipeline).
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%X: memref<16x16xf32>, %R: memref<16x1xf32>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>, coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %r = coopmat.reduce max rows %x : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
      coopmat.store %r, %R[%c0, %c0] row_major : !coopmat.matrix<16x1xf32, acc>, memref<16x1xf32>
      gpu.return
    }
  }
  func.func @host(%X: memref<16x16xf32>, %R: memref<16x1xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%X : memref<16x16xf32>, %R : memref<16x1xf32>)
    func.return
  }
}
