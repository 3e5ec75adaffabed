// ARGS: --lower-to-coopmat
// ERROR: f64-matmul.mlir:4:3: error: lower-to-coopmat: f64 x f64 -> f64 is not supported by generic
func.func @matmul(%A: memref<64x32xf64>, %B: memref<32x48xf64>, %C: memref<64x48xf64>) {
  linalg.matmul ins(%A, %B : memref<64x32xf64>, memref<32x48xf64>) outs(%C : memref<64x48xf64>)
  func.return
}
