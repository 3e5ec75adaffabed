// ARGS: "--lower-to-coopmat=target=h100-vulkan stages=2"
// ERROR: f32-fragment-options-on-matrix-units.mlir:4:3: error: lower-to-coopmat: f32 x f32 -> f32 needs a target without matrix units; h100-vulkan has none for f32 (kernel=simt-tiled computes it)
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
