// ARGS: --lower-to-coopmat
// ERROR: truncated.mlir:5:1: error: Expected 'x' in shape delimiter, got EOF
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48x
