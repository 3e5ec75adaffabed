// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup stages=3"
// ERROR: scope-workgroup-stages.mlir:4:3: error: lower-to-coopmat: scope=workgroup takes stages=1 (load each K tile, then multiply it) or 2 (load the next K tile before the current one's product), not stages=3
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
