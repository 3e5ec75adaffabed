// ARGS: --lower-to-coopmat=target=h100-vulkan
// ERROR: a-b-types-differ.mlir:4:3: error: lower-to-coopmat: A and B element types differ: f16, bf16
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xbf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xbf16>) outs(%C : memref<64x48xf32>)
  func.return
}
