// ARGS: --lower-to-coopmat="target=h100-vulkan tile=256x256x64 subgroups=4x2 stages=1"
// ERROR: shared-memory-overflow.mlir:4:3: error: lower-to-coopmat: tile 256x256x64 with stages=1 needs
func.func @matmul(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  func.return
}
