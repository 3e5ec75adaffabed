// ARGS: --lower-to-coopmat
// ERROR: depthwise-strides-rank.mlir:4:3: error: 'linalg.depthwise_conv_2d_nhwc_hwc' op attribute 'strides' must hold 2 values (one per window axis), got 1
func.func @f(%x: memref<1x6x6x2xf32>, %w: memref<3x3x2xf32>, %y: memref<1x4x4x2xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {strides = dense<1> : tensor<1xi64>} ins(%x, %w : memref<1x6x6x2xf32>, memref<3x3x2xf32>) outs(%y : memref<1x4x4x2xf32>)
  func.return
}
