// ARGS: --lower-to-coopmat=split_k=0
// ERROR: error: lower-to-coopmat: split_k=0 must be a positive number of K slices
func.func @matmul(%A: memref<64x512xf16>, %B: memref<512x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x512xf16>, memref<512x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
