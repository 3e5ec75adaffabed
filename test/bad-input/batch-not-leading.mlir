// ARGS: --lower-to-coopmat
// ERROR: batch-not-leading.mlir:5:3: error: lower-to-coopmat: indexing maps
// The batch dimension of A is its last one: not a batch_matmul coopmlir lowers.
func.func @matmul(%A: memref<64x32x2xf16>, %B: memref<2x32x48xf16>, %C: memref<2x64x48xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d3, d0)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%A, %B : memref<64x32x2xf16>, memref<2x32x48xf16>) outs(%C : memref<2x64x48xf32>)
  func.return
}
