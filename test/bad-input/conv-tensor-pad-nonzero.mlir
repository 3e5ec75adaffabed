// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: conv-tensor-pad-nonzero.mlir:12:3: error: lower-to-coopmat: the input is padded with a non-zero or non-constant value (1.000000e+00 : f16)
// tensor.pad with 1.0 bufferizes (a buffer filled with 1.0), but only zero
// padding is read in place: refused at the convolution.
func.func @conv(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x16xf16>) -> tensor<1x6x6x16xf32> {
  %one = arith.constant 1.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %one : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%e : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  func.return %y : tensor<1x6x6x16xf32>
}
