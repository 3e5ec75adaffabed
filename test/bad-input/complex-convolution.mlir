// ARGS: --lower-to-coopmat
// ERROR: complex-convolution.mlir:5:3: error: 'linalg.conv_2d_nhwc_hwcf' on complex<f32> is not supported: contractions and convolutions take float and integer elements
// MLIR reads it; coopmlir has no body for complex elements (was an internal error).
func.func @c(%x: memref<1x6x6x2xcomplex<f32>>, %w: memref<3x3x2x4xcomplex<f32>>, %y: memref<1x4x4x4xcomplex<f32>>) {
  linalg.conv_2d_nhwc_hwcf ins(%x, %w : memref<1x6x6x2xcomplex<f32>>, memref<3x3x2x4xcomplex<f32>>) outs(%y : memref<1x4x4x4xcomplex<f32>>)
  func.return
}
