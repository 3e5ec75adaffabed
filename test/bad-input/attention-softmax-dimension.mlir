// ARGS: --lower-to-coopmat
// ERROR: attention-softmax-dimension.mlir:8:3: error: lower-to-coopmat: attention: the softmax runs over dimension 1, not the key dimension 2
func.func @attn(%q: tensor<2x32x16xf16>, %k: tensor<2x32x16xf16>, %v: tensor<2x32x16xf32>) -> tensor<2x32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x32x32xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %s = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>] ins(%q, %k : tensor<2x32x16xf16>, tensor<2x32x16xf16>) outs(%s0 : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %p = linalg.softmax dimension(1) ins(%s : tensor<2x32x32xf32>) outs(%se : tensor<2x32x32xf32>) -> tensor<2x32x32xf32>
  %oe = tensor.empty() : tensor<2x32x16xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x32x16xf32>) -> tensor<2x32x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x32x32xf32>, tensor<2x32x16xf32>) outs(%o0 : tensor<2x32x16xf32>) -> tensor<2x32x16xf32>
  func.return %o : tensor<2x32x16xf32>
}
