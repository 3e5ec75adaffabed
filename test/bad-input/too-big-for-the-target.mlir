// ARGS: --lower-to-coopmat="tile=4096x4096x64 subgroups=8x4"
// ERROR: too-big-for-the-target.mlir:4:3: error: lower-to-coopmat:
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
