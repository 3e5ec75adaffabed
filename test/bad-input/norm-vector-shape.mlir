// ARGS: --lower-to-coopmat
// ERROR: norm-vector-shape.mlir:5:3: error: 'coopmlir.layer_norm' op tensor<16xf16> must be a row vector [32] (the last dimension)
func.func @ln(%x: tensor<4x32xf16>, %g: tensor<16xf16>) -> tensor<4x32xf16> {
  %e = tensor.empty() : tensor<4x32xf16>
  %y = coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x, %g : tensor<4x32xf16>, tensor<16xf16>) outs(%e : tensor<4x32xf16>) -> tensor<4x32xf16>
  func.return %y : tensor<4x32xf16>
}
