// TOOL: coopmlir-run
// ARGS: --entry host --device vulkan
// ERROR: matrices-on-a-device-without-them.mlir:12:5: error: kernel @k: device 'llvmpipe (LLVM 15.0.6, 256 bits)' cannot run subgroups of 32
// An L1 kernel with cooperative matrices (here an NV2-style reduce) on a
// device without them (lavapipe): the runtime lowers it to SIMT code with
// coopmat-to-simt, whose subgroups are its layout's 32, which lavapipe
// (subgroups of 8) cannot run. Located at the kernel; it was an unlocated
// "error: device ... lacks extension(s) VK_KHR_cooperative_matrix", then an
// unlocated subgroup-size error.
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
