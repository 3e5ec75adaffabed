// ARGS: --lower-to-coopmat
// ERROR: quantized-matmul-runtime-zero-points.mlir:5:3: error: lower-to-coopmat: 'linalg.quantized_matmul': a scalar operand must be an arith.constant in loop kernels (kernels take buffers)
// Zero points known only at run time: the loop kernel takes buffers only.
func.func @q(%a: memref<3x5xi8>, %b: memref<5x7xi8>, %az: i32, %bz: i32, %c: memref<3x7xi32>) {
  linalg.quantized_matmul ins(%a, %b, %az, %bz : memref<3x5xi8>, memref<5x7xi8>, i32, i32) outs(%c : memref<3x7xi32>)
  func.return
}
