// ARGS: --lower-to-coopmat
// ERROR: slice-run-time-offsets-on-tensors.mlir:10:3: error: bufferize-matmul: 'tensor.extract_slice' with run-time offsets, sizes or strides
// A slice at a run-time offset has no static view type: on tensors it is
// refused at the op.
func.func @row_block(%A: tensor<32x16xf16>, %B: tensor<16x32xf16>, %i: index) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = tensor.extract_slice %mm[%i, 0] [8, 32] [1, 1] : tensor<32x32xf32> to tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}
