// ARGS: --lower-to-coopmat
// ERROR: strided-operand.mlir:4:3: error: lower-to-coopmat: A must have the identity layout, got memref<64x32xf16, strided<[1, 64]>>
func.func @matmul(%A: memref<64x32xf16, strided<[1, 64]>>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16, strided<[1, 64]>>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
