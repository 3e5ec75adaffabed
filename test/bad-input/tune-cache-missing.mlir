// ARGS: --lower-to-coopmat=tune=does-not-exist.json
// ERROR: tune-cache-missing.mlir:7:3: error: lower-to-coopmat: tuning cache 'does-not-exist.json' does not exist
// A mistyped tune= file would otherwise change nothing: the cost model's
// choice would be taken without a word.
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  // the error is here
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
