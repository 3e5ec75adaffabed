// ARGS: --lower-to-coopmat
// ERROR: attention-shapes-disagree.mlir:5:3: error: 'coopmlir.attention' op shapes do not agree: query tensor<2x32x64xf16>, key tensor<2x48x32xf16>, value tensor<2x48x64xf16> and output tensor<2x32x64xf32> must be [..., Hq, S, D], [..., Hkv, L, D], [..., Hkv, L, Dv] and [..., Hq, S, Dv]
func.func @attn(%q: tensor<2x32x64xf16>, %k: tensor<2x48x32xf16>, %v: tensor<2x48x64xf16>) -> tensor<2x32x64xf32> {
  %e = tensor.empty() : tensor<2x32x64xf32>
  %o = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k, %v : tensor<2x32x64xf16>, tensor<2x48x32xf16>, tensor<2x48x64xf16>) outs(%e : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  func.return %o : tensor<2x32x64xf32>
}
