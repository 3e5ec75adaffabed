// ARGS: --lower-to-coopmat=stages=0
// ERROR: conv-stages-0.mlir:4:3: error: lower-to-coopmat: stages=0 loads fragments straight from memory
func.func @conv(%x: memref<1x6x6x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<1x4x4x16xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<1x6x6x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<1x4x4x16xf32>)
  func.return
}
