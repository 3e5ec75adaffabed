// ARGS: "--lower-to-coopmat=target=simt kernel=simt-tiled micro-tile=3x4"
// ERROR: simt-tiled-odd-micro-tile.mlir:4:3: error: lower-to-coopmat: micro-tile 3x4 must be even in both dimensions
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
