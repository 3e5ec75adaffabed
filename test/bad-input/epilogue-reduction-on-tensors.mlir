// ARGS: --lower-to-coopmat
// ERROR: epilogue-reduction-on-tensors.mlir:11:3: error: bufferize-matmul: 'linalg.generic' on tensors is not supported unless it is element-wise (parallel loops, one output): an epilogue
// A row sum after the matmul is not an element-wise epilogue: on tensors it
// cannot be bufferized with the matmul (on memrefs it stays, unfused).
func.func @row_sum(%A: tensor<32x16xf16>, %B: tensor<16x32xf16>) -> tensor<32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%A, %B : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %s0 = tensor.empty() : tensor<32xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm : tensor<32x32xf32>) outs(%s0 : tensor<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.addf %x, %acc : f32
    linalg.yield %y : f32
  } -> tensor<32xf32>
  return %s : tensor<32xf32>
}
