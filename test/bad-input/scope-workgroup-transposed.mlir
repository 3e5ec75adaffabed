// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup"
// ERROR: scope-workgroup-transposed.mlir:4:3: error: lower-to-coopmat: scope=workgroup lowers static, non-batched matmuls with row-major operands only, got 64x48x32 f16*f16^T->f32
func.func @matmul(%A: memref<64x32xf16>, %B: memref<48x32xf16>, %C: memref<64x48xf32>) {
  linalg.matmul_transpose_b ins(%A, %B : memref<64x32xf16>, memref<48x32xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
