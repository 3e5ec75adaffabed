// ARGS: --lower-to-coopmat=split_k=two
// ERROR: Incompatible types: given ('two',), expected int | None
func.func @matmul(%A: memref<64x512xf16>, %B: memref<512x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x512xf16>, memref<512x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
