// ARGS: --lower-to-spirv=target=h100-vulkan
// ERROR: huge-sizes-to-spirv.mlir:5:3: error: memref<65536x32768xf16> has 2147483648 elements: convert-to-spirv uses 32-bit indices and handles at most 2147483647 elements per memref
// 2^31 elements per operand: lower-to-coopmat is fine (index is 64-bit), SPIR-V's 32-bit index is not.
func.func @matmul(%A: memref<65536x32768xf16>, %B: memref<32768x65536xf16>, %C: memref<65536x65536xf32>) {
  linalg.matmul ins(%A, %B : memref<65536x32768xf16>, memref<32768x65536xf16>) outs(%C : memref<65536x65536xf32>)
  func.return
}
