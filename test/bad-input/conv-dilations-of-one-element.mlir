// ARGS: --lower-to-spirv
// ERROR: conv-dilations-of-one-element.mlir:6:3: error: 'linalg.conv_2d_nhwc_hwcf' op is malformed
// One dilation for a 2-D convolution: xDSL's verifier fails on it with a
// Python ValueError, which read "error: not enough values to unpack".
func.func @conv(%x: memref<1x6x6x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<1x4x4x16xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x6x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<1x4x4x16xf32>)
  func.return
}
