// ARGS: --lower-to-coopmat=target=h100-vulkan
// ERROR: bf16-to-bf16.mlir:4:3: error: lower-to-coopmat: bf16 x bf16 -> bf16 is not supported by h100-vulkan (supported:
func.func @matmul(%A: memref<64x32xbf16>, %B: memref<32x48xbf16>, %C: memref<64x48xbf16>) {
  linalg.matmul ins(%A, %B : memref<64x32xbf16>, memref<32x48xbf16>) outs(%C : memref<64x48xbf16>)
  func.return
}
