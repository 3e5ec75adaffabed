// The tensor form a frontend writes (docs/passes/bufferize-matmul.md):
// lower-to-coopmat bufferizes it first, so `@mm(%A, %B) -> tensor` becomes
// `@mm(%A, %B, %C)` launching one kernel; --check-against compares it with
// the tensor form itself, which it bufferizes the same way.
//
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry mm --check-against {file}
func.func @mm(%A: tensor<64x32xf16>, %B: tensor<32x48xf16>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %r = linalg.matmul ins(%A, %B : tensor<64x32xf16>, tensor<32x48xf16>) outs(%f : tensor<64x48xf32>) -> tensor<64x48xf32>
  func.return %r : tensor<64x48xf32>
}
