// ARGS: --lower-to-coopmat=stages=7
// ERROR: error: lower-to-coopmat: stages=7 must be 0, 1, 2, 3 or 4
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
