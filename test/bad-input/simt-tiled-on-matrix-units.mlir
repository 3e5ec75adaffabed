// ARGS: "--lower-to-coopmat=target=h100-vulkan kernel=simt-tiled"
// ERROR: simt-tiled-on-matrix-units.mlir:4:3: error: lower-to-coopmat: kernel=simt-tiled is for matmuls without matrix units; h100-vulkan computes f16 x f16 -> f16 on its matrix units
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf16>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf16>)
  func.return
}
