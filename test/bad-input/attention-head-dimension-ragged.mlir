// ARGS: --lower-to-coopmat=target=h100-vulkan
// ERROR: attention-head-dimension-ragged.mlir:5:3: error: lower-to-coopmat: the head dimensions (D=36, Dv=36) must be multiples of 16 and 16
func.func @attn(%q: tensor<2x64x36xf16>, %k: tensor<2x64x36xf16>, %v: tensor<2x64x36xf16>) -> tensor<2x64x36xf32> {
  %e = tensor.empty() : tensor<2x64x36xf32>
  %o = coopmlir.attention {scale = 0.0625 : f32} ins(%q, %k, %v : tensor<2x64x36xf16>, tensor<2x64x36xf16>, tensor<2x64x36xf16>) outs(%e : tensor<2x64x36xf32>) -> tensor<2x64x36xf32>
  func.return %o : tensor<2x64x36xf32>
}
