// ARGS: "--lower-to-coopmat=target=lavapipe smem-layout=xor"
// ERROR: error: lower-to-coopmat: smem-layout= needs kernel=simt-tiled
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
