// Dynamic sizes on tensors (docs/passes/lower-to-coopmat.md, Dynamic sizes):
// one kernel for every M, N, K, planned for size-hint; bufferized, the result
// is a memref<?x?xf32> out-param. Run here at 33x45 * 45x17 (ragged).
// (--check-against bufferizes the tensor-form reference as the pipeline does)
// run: coopmlir-opt --lower-to-coopmat="size-hint=64x32x64" {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry mm --shape A=33x45 --shape B=45x17 --shape C=33x17 --check-against {file}
func.func @mm(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
