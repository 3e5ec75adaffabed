// ARGS: --lower-to-coopmat
// ERROR: quantized-matmul-zero-point-count.mlir:4:27: error: linalg.quantized_matmul: expected 2 inputs, 2 zero points and 1 output
func.func @q(%a: memref<3x5xi8>, %b: memref<5x7xi8>, %az: i32, %c: memref<3x7xi32>) {
  linalg.quantized_matmul ins(%a, %b, %az : memref<3x5xi8>, memref<5x7xi8>, i32) outs(%c : memref<3x7xi32>)
  func.return
}
