// ARGS: --lower-to-coopmat
// ERROR: conv-tensor-form.mlir:4:3: error: lower-to-coopmat: 'linalg.conv_2d_nhwc_hwcf' on tensors is not lowered yet
func.func @conv(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x16xf16>, %y: tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x6x6x16xf16>, tensor<3x3x16x16xf16>) outs(%y : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  func.return %r : tensor<1x4x4x16xf32>
}
