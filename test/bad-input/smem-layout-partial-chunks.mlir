// ARGS: "--lower-to-coopmat=target=lavapipe kernel=simt-tiled tile=18x16x24 micro-tile=6x2 smem-layout=xor"
// ERROR: smem-layout-partial-chunks.mlir:4:3: error: lower-to-coopmat: smem-layout=xor swizzles 16-byte chunks: the staged rows of 18 and 16 elements (72 and 64 bytes) must be whole chunks
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
