// TOOL: coopmlir-run
// ARGS: --entry conv --device vulkan --input x=Inputs/conv-x-1x6x6x8.npy --input w=Inputs/conv-w-3x3x8x8.npy --input y=Inputs/conv-y-1x5x4x8.npy --options tile=16x16x16
// ERROR: conv-dynamic-sizes-disagree-on-device.mlir:7:3: error: assertion failed: lower-to-coopmat: the output's height (dimension 1) must be (H - 3) / 1 + 1 for the input's height H (dimension 1)
// The lowered convolution's host code asserts the output's sizes before any
// kernel runs: a 6x6 image has 4x4 outputs, not 5x4.
func.func @conv(%x: memref<?x?x?x8xf16>, %w: memref<3x3x8x8xf16>, %y: memref<?x?x?x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<?x?x?x8xf16>, memref<3x3x8x8xf16>) outs(%y : memref<?x?x?x8xf32>)
  func.return
}
