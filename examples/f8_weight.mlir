// run-vulkan: coopmlir-run {file} --entry forward --device vulkan --check
// run: coopmlir-opt {file} --lower-to-coopmat=target=lavapipe --convert-to-spirv -t spirv-bin | spirv-val --target-env vulkan1.3 -

// A product with an 8-bit float weight, as torch-mlir exports
// `x @ w.to(torch.float16)` for w of dtype torch.float8_e4m3fn: the weight
// is widened by a generic of arith.extf, then multiplied in f16 with f32
// accumulation. No shipped target has 8-bit floats, so the widening runs as
// integer operations on the weight's bytes (docs/passes/convert-to-spirv.md).
func.func @forward(%x: tensor<16x32xf16>, %w: tensor<32x16xf8E4M3FN>) -> tensor<16x16xf32> {
  %e = tensor.empty() : tensor<32x16xf16>
  %wf = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<32x16xf8E4M3FN>) outs(%e : tensor<32x16xf16>) {
  ^bb0(%in: f8E4M3FN, %o: f16):
    %v = arith.extf %in : f8E4M3FN to f16
    linalg.yield %v : f16
  } -> tensor<32x16xf16>
  %z = arith.constant 0.0 : f32
  %c0 = tensor.empty() : tensor<16x16xf32>
  %c = linalg.fill ins(%z : f32) outs(%c0 : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul ins(%x, %wf : tensor<16x32xf16>, tensor<32x16xf16>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
