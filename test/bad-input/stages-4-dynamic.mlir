// ARGS: --lower-to-coopmat=stages=4
// ERROR: stages-4-dynamic.mlir:4:3: error: lower-to-coopmat: stages=3|4 and raster need static sizes (this matmul's k are known at run time)
func.func @matmul(%A: memref<64x?xf16>, %B: memref<?x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x?xf16>, memref<?x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
