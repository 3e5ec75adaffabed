// ARGS: --lower-to-coopmat=tile=100x100x16
// ERROR: tile-not-divisible.mlir:4:3: error: lower-to-coopmat: tile 100x100x16 with subgroups 1x1 is not a multiple of the coopmat shape 16x16x16
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
