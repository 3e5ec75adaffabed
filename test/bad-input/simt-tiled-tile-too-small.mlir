// ARGS: "--lower-to-coopmat=target=simt kernel=simt-tiled tile=64x64x1"
// ERROR: simt-tiled-tile-too-small.mlir:4:3: error: lower-to-coopmat: the 1x64 and 1x64 staged tiles do not split evenly over 64 work-items
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
