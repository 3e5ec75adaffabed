// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup workgroup-invocations=48"
// ERROR: scope-workgroup-invocations.mlir:4:3: error: lower-to-coopmat: workgroup-invocations=48 must be a multiple of the subgroup size 32
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
