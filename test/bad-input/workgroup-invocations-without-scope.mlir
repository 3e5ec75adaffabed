// ARGS: --lower-to-coopmat="target=h100-vulkan workgroup-invocations=128"
// ERROR: error: lower-to-coopmat: workgroup-invocations needs scope=workgroup
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
