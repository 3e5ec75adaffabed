// ARGS: --lower-to-coopmat=size-hint=64x0x32
// ERROR: error: lower-to-coopmat: size-hint='64x0x32' must be 3 positive integers like 16x16x16
func.func @matmul(%A: memref<?x32xf16>, %B: memref<32x48xf16>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf16>, memref<32x48xf16>) outs(%C : memref<?x48xf32>)
  func.return
}
