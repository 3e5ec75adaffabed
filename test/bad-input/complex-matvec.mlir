// ARGS: --lower-to-coopmat
// ERROR: complex-matvec.mlir:4:17: error: 'linalg.matvec' on complex<f32> is not supported: contractions and convolutions take float and integer elements
func.func @mv(%a: memref<4x5xcomplex<f32>>, %x: memref<5xcomplex<f32>>, %y: memref<4xcomplex<f32>>) {
  linalg.matvec ins(%a, %x : memref<4x5xcomplex<f32>>, memref<5xcomplex<f32>>) outs(%y : memref<4xcomplex<f32>>)
  func.return
}
