// ARGS: --lower-to-coopmat=target=h100-vulkan
// ERROR: attention-head-dimension-too-large.mlir:5:3: error: lower-to-coopmat: head dimension Dv=256
func.func @attn(%q: tensor<2x64x256xf16>, %k: tensor<2x64x256xf16>, %v: tensor<2x64x256xf16>) -> tensor<2x64x256xf32> {
  %e = tensor.empty() : tensor<2x64x256xf32>
  %o = coopmlir.attention {scale = 0.0625 : f32} ins(%q, %k, %v : tensor<2x64x256xf16>, tensor<2x64x256xf16>, tensor<2x64x256xf16>) outs(%e : tensor<2x64x256xf32>) -> tensor<2x64x256xf32>
  func.return %o : tensor<2x64x256xf32>
}
