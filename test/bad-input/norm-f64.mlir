// ARGS: --lower-to-coopmat
// ERROR: norm-f64.mlir:5:3: error: lower-to-coopmat: 'coopmlir.rms_norm': f16, bf16 or f32 is lowered, got memref<4x32xf64>
func.func @rms(%x: tensor<4x32xf64>) -> tensor<4x32xf64> {
  %e = tensor.empty() : tensor<4x32xf64>
  %y = coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x : tensor<4x32xf64>) outs(%e : tensor<4x32xf64>) -> tensor<4x32xf64>
  func.return %y : tensor<4x32xf64>
}
