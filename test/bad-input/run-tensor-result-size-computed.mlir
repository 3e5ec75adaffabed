// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan
// ERROR: run-tensor-result-size-computed.mlir:10:3: error: bufferize-matmul: a returned tensor's size is computed here
// The device runs the bufferized form, whose result buffer the caller
// allocates first: a dynamic size must be known from the arguments.
func.func @f(%A: tensor<8x8xf16>, %B: tensor<8x8xf16>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<8x8xf16>
  %m1 = arith.muli %m, %c1 : index
  %e = tensor.empty(%m1) : tensor<?x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x8xf16>, tensor<8x8xf16>) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  func.return %r : tensor<?x8xf32>
}
