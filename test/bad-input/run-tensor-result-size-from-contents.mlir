// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan
// ERROR: run-tensor-result-size-from-contents.mlir:10:3: error: a returned tensor's size depends on 'memref.load'
// The device runs the bufferized form, whose result buffer the caller
// allocates first, from sizes computed on the arguments' shapes and integer
// values; a size read from a buffer's contents is refused by its op.
func.func @f(%A: tensor<8x8xf16>, %B: tensor<8x8xf16>, %rows: memref<1xindex>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m = memref.load %rows[%c0] : memref<1xindex>
  %e = tensor.empty(%m) : tensor<?x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %r = linalg.matmul ins(%A, %B : tensor<8x8xf16>, tensor<8x8xf16>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
  func.return %r : tensor<?x8xf32>
}
