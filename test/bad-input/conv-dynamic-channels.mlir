// ARGS: --lower-to-coopmat
// ERROR: conv-dynamic-channels.mlir:4:3: error: lower-to-coopmat: a dynamic channel count (C) in the input
func.func @conv(%x: memref<1x6x6x?xf16>, %w: memref<3x3x?x16xf16>, %y: memref<1x4x4x16xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x6x?xf16>, memref<3x3x?x16xf16>) outs(%y : memref<1x4x4x16xf32>)
  func.return
}
