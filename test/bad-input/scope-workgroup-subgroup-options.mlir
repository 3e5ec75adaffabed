// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup subgroups=2x2 stages=2"
// ERROR: error: lower-to-coopmat: scope=workgroup takes tile, stages and workgroup-invocations only, not subgroups
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
