// ARGS: --lower-to-coopmat
// ERROR: conv-nchw.mlir:4:3: error: lower-to-coopmat: the input memref<?x16x6x6xf16> has dynamic sizes: an NCHW convolution is lowered for static shapes only
func.func @conv(%x: memref<?x16x6x6xf16>, %w: memref<16x16x3x3xf16>, %y: memref<?x16x4x4xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<?x16x6x6xf16>, memref<16x16x3x3xf16>) outs(%y : memref<?x16x4x4xf32>)
  func.return
}
