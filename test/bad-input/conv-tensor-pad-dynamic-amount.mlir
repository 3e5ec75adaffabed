// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: conv-tensor-pad-dynamic-amount.mlir:8:3: error: bufferize-matmul: tensor.pad with dynamic padding amounts is not supported
// A dynamic batch and image are padded in place, but only by static
// amounts: the kernel's im2col addressing subtracts the top and left pads
// as constants.
func.func @conv(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x16xf16>, %y: tensor<?x?x?x16xf32>, %pad: index) -> tensor<?x?x?x16xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, %pad, 1, 0] high[0, %pad, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<?x?x?x16xf16> to tensor<?x?x?x16xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x16xf16>) outs(%y : tensor<?x?x?x16xf32>) -> tensor<?x?x?x16xf32>
  func.return %r : tensor<?x?x?x16xf32>
}
