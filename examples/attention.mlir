// Causal attention over 4 heads on tensors (docs/features/attention-and-chains.md):
// S = Q @ K^T scaled by 1/sqrt(64), keys after the query dropped, softmax in
// f32, P rounded to f16, O = P @ V; lower-to-coopmat makes it one FlashAttention-2 kernel.
// run-vulkan: coopmlir-run {file} --entry attention --device vulkan --check --tolerance 2e-3
#qk = [affine_map<(h, i, j, d) -> (h, i, d)>, affine_map<(h, i, j, d) -> (h, j, d)>, affine_map<(h, i, j, d) -> (h, i, j)>]
#id = affine_map<(h, i, j) -> (h, i, j)>
func.func @attention(%q: tensor<4x64x64xf16>, %k: tensor<4x64x64xf16>, %v: tensor<4x64x64xf16>) -> tensor<4x64x64xf32> {
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %minus_inf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<4x64x64xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %s = linalg.batch_matmul indexing_maps = #qk ins(%q, %k : tensor<4x64x64xf16>, tensor<4x64x64xf16>) outs(%s0 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<4x64x64xf32>) outs(%e : tensor<4x64x64xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %y = arith.mulf %x, %scale : f32
    linalg.yield %y : f32
  } -> tensor<4x64x64xf32>
  %causal = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%scaled : tensor<4x64x64xf32>) outs(%e : tensor<4x64x64xf32>) {
  ^bb0(%x: f32, %unused: f32):
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %later = arith.cmpi ugt, %j, %i : index
    %y = arith.select %later, %minus_inf, %x : f32
    linalg.yield %y : f32
  } -> tensor<4x64x64xf32>
  %p = linalg.softmax dimension(2) ins(%causal : tensor<4x64x64xf32>) outs(%e : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %pe = tensor.empty() : tensor<4x64x64xf16>
  %p16 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%p : tensor<4x64x64xf32>) outs(%pe : tensor<4x64x64xf16>) {
  ^bb0(%x: f32, %unused: f16):
    %y = arith.truncf %x : f32 to f16
    linalg.yield %y : f16
  } -> tensor<4x64x64xf16>
  %oe = tensor.empty() : tensor<4x64x64xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %o = linalg.batch_matmul ins(%p16, %v : tensor<4x64x64xf16>, tensor<4x64x64xf16>) outs(%o0 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  func.return %o : tensor<4x64x64xf32>
}
