// ARGS: --lower-to-coopmat
// ERROR: broadcast-maps.mlir:5:3: error: lower-to-coopmat: indexing maps
// B broadcast over the batch (MLIR allows it): not a batch of whole matrices.
func.func @matmul(%A: memref<2x64x32xf16>, %B: memref<32x48xf16>, %C: memref<2x64x48xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%A, %B : memref<2x64x32xf16>, memref<32x48xf16>) outs(%C : memref<2x64x48xf32>)
  func.return
}
