// ARGS: --lower-to-coopmat
// ERROR: conv-dynamic-filter.mlir:6:3: error: lower-to-coopmat: the filter memref<?x3x16x16xf16> has dynamic sizes: the kernel's height and width must be static
// Run-time batch and image sizes lower; the filter's taps make the GEMM's K
// and stay static.
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<?x3x16x16xf16>, %y: memref<?x?x?x16xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<?x?x?x16xf16>, memref<?x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  func.return
}
