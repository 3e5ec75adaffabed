// ARGS: "--lower-to-coopmat=target=simt kernel=simt-tiled stages=2"
// ERROR: error: lower-to-coopmat: kernel=simt-tiled takes tile=, micro-tile= and smem-layout=; stages apply to the fragment kernel
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
