// ARGS: --lower-to-coopmat
// ERROR: complex-matmul.mlir:5:22: error: 'linalg.matmul' on complex<f32> is not supported: contractions and convolutions take float and integer elements
func.func @f(%a: tensor<4x4xcomplex<f32>>, %b: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
  %0 = tensor.empty() : tensor<4x4xcomplex<f32>>
  %1 = linalg.matmul ins(%a, %b : tensor<4x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) outs(%0 : tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
  return %1 : tensor<4x4xcomplex<f32>>
}
