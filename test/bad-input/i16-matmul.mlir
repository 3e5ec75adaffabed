// ARGS: --lower-to-coopmat=target=h100-vulkan
// ERROR: i16-matmul.mlir:4:3: error: lower-to-coopmat: s16 x s16 -> s32 is not supported by h100-vulkan
func.func @matmul(%A: memref<64x32xi16>, %B: memref<32x48xi16>, %C: memref<64x48xi32>) {
  linalg.matmul ins(%A, %B : memref<64x32xi16>, memref<32x48xi16>) outs(%C : memref<64x48xi32>)
  func.return
}
