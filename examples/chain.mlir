// A two-layer MLP on tensors (docs/features/attention-and-chains.md):
// matmul -> ReLU + truncf -> matmul becomes coopmlir.chain and one kernel;
// the hidden layer never leaves registers.
// (--check-against bufferizes the tensor-form reference as the pipeline does)
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry mlp --check-against {file} --tolerance 3e-3
func.func @mlp(%x: tensor<32x32xf16>, %w0: tensor<32x64xf16>, %w1: tensor<64x16xf16>) -> tensor<32x16xf32> {
  %z0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<32x64xf32>
  %f0 = linalg.fill ins(%z0 : f32) outs(%e0 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %p0 = linalg.matmul ins(%x, %w0 : tensor<32x32xf16>, tensor<32x64xf16>) outs(%f0 : tensor<32x64xf32>) -> tensor<32x64xf32>
  %g0e = tensor.empty() : tensor<32x64xf16>
  %g0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%p0 : tensor<32x64xf32>) outs(%g0e : tensor<32x64xf16>) {
  ^bb0(%a: f32, %unused: f16):
      %zero = arith.constant 0.0 : f32
      %act = arith.maximumf %a, %zero : f32
      %narrow = arith.truncf %act : f32 to f16
      linalg.yield %narrow : f16
  } -> tensor<32x64xf16>
  %z1 = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32x16xf32>
  %f1 = linalg.fill ins(%z1 : f32) outs(%e1 : tensor<32x16xf32>) -> tensor<32x16xf32>
  %p1 = linalg.matmul ins(%g0, %w1 : tensor<32x64xf16>, tensor<64x16xf16>) outs(%f1 : tensor<32x16xf32>) -> tensor<32x16xf32>
  func.return %p1 : tensor<32x16xf32>
}
