// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan
// ERROR: run-tensor-form-on-device-unsupported.mlir:6:1: error: @f is on tensors after lowering (it has no op lower-to-coopmat lowers, so nothing bufferized it): the device runs host functions on memrefs
// A function on tensors with no kernel in it stays on tensors; the device
// refuses it before anything runs.
func.func @f(%A: tensor<16x16xf32>) -> tensor<8x8xf32> {
  %s = tensor.extract_slice %A[0, 0] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
  func.return %s : tensor<8x8xf32>
}
