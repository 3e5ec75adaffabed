// ARGS: --lower-to-coopmat
// ERROR: conv-grouped.mlir:4:3: error: lower-to-coopmat: 'linalg.conv_2d_ngchw_fgchw' is a grouped convolution
func.func @conv(%x: memref<1x2x8x6x6xf16>, %w: memref<4x2x8x3x3xf16>, %y: memref<1x2x4x4x4xf32>) {
  linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x2x8x6x6xf16>, memref<4x2x8x3x3xf16>) outs(%y : memref<1x2x4x4x4xf32>)
  func.return
}
