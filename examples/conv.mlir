// A 3x3 convolution with zero padding on tensors (docs/features/convolutions.md):
// bufferized to `@conv(%x, %w, %C)`, then one implicit-im2col kernel that
// reads %x itself (the padded buffer, its fill and its copy are dropped).
// (--check-against bufferizes the tensor-form reference as the pipeline does)
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry conv --check-against {file}
func.func @conv(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x16xf16>) -> tensor<1x6x6x16xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%p, %w : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%f : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  func.return %y : tensor<1x6x6x16xf32>
}
