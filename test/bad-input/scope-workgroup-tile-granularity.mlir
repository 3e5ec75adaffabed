// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup tile=64x60x32"
// ERROR: scope-workgroup-tile-granularity.mlir:4:3: error: lower-to-coopmat: scope=workgroup tile 64x60x32 must be a multiple of 16x8x8
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
