// ARGS: --lower-to-coopmat
// ERROR: attention-mask-shape.mlir:5:3: error: 'coopmlir.attention' op the mask tensor<48x32xf32> must be [S, L] = [32, 48] or [..., S, L] = [2, 32, 48]
func.func @attn(%q: tensor<2x32x64xf16>, %k: tensor<2x48x64xf16>, %v: tensor<2x48x64xf16>, %m: tensor<48x32xf32>) -> tensor<2x32x64xf32> {
  %e = tensor.empty() : tensor<2x32x64xf32>
  %o = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k, %v, %m : tensor<2x32x64xf16>, tensor<2x48x64xf16>, tensor<2x48x64xf16>, tensor<48x32xf32>) outs(%e : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  func.return %o : tensor<2x32x64xf32>
}
