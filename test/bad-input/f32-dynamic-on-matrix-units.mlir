// ARGS: "--lower-to-coopmat=target=h100-vulkan"
// ERROR: f32-dynamic-on-matrix-units.mlir:4:3: error: lower-to-coopmat: kernel=simt-tiled needs static sizes and operands stored as matrices, and the fragment kernel cannot compute f32 x f32 -> f32 on h100-vulkan either
func.func @matmul(%A: memref<?x32xf32>, %B: memref<32x48xf32>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf32>, memref<32x48xf32>) outs(%C : memref<?x48xf32>)
  func.return
}
