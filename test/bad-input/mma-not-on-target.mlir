// ARGS: --lower-to-coopmat="target=h100-vulkan mma=16x16x32"
// ERROR: mma-not-on-target.mlir:4:3: error: lower-to-coopmat: mma=16x16x32 is not a f16 -> f32 shape of h100-vulkan (supported: 16x16x16, 16x8x16, 16x8x8)
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
