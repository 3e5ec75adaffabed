// TOOL: coopmlir-run
// ARGS: --entry conv --input x=Inputs/conv-x-1x6x6x8.npy --input w=Inputs/conv-w-3x3x8x8.npy --input y=Inputs/conv-y-1x5x4x8.npy
// ERROR: error: interpretation failed: conv-dynamic-sizes-disagree.mlir:7:3: linalg.conv_2d_nhwc_hwcf: operand sizes disagree: an output height of 5 reads 7 input elements, the input has 6
// Dynamic sizes reach the interpreter unchecked: a 3x3 convolution of a 6x6
// image has 4x4 outputs, and a 5-row output would read past the image.
func.func @conv(%x: memref<?x?x?x8xf16>, %w: memref<3x3x8x8xf16>, %y: memref<?x?x?x8xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : memref<?x?x?x8xf16>, memref<3x3x8x8xf16>) outs(%y : memref<?x?x?x8xf32>)
  func.return
}
