// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup"
// ERROR: scope-workgroup-dynamic.mlir:4:3: error: lower-to-coopmat: scope=workgroup lowers static, non-batched matmuls with row-major operands only
func.func @matmul(%A: memref<?x32xf16>, %B: memref<32x48xf16>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf16>, memref<32x48xf16>) outs(%C : memref<?x48xf32>)
  func.return
}
