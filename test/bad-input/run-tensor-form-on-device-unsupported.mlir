// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan
// ERROR: run-tensor-form-on-device-unsupported.mlir:7:3: error: bufferize-matmul: 'tensor.extract_slice' on tensors is not supported
// The device runs a function on tensors through bufferize-matmul; a tensor
// op it cannot bufferize is refused before anything runs.
func.func @f(%A: tensor<16x16xf32>) -> tensor<8x8xf32> {
  %s = tensor.extract_slice %A[0, 0] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
  func.return %s : tensor<8x8xf32>
}
