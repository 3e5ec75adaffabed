// ARGS: --lower-to-coopmat
// ERROR: softmax-not-last-dimension.mlir:5:3: error: lower-to-coopmat: linalg.softmax over dimension 0: only the last dimension (1) is lowered
func.func @sm(%x: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %e = tensor.empty() : tensor<32x48xf32>
  %y = linalg.softmax dimension(0) ins(%x : tensor<32x48xf32>) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
  func.return %y : tensor<32x48xf32>
}
