// A batch of products (docs/passes/lower-to-coopmat.md, Input): grid z runs
// over the batch, and every load and store takes gpu.block_id z as its
// leading index.
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry batch --check-against {file}
func.func @batch(%A: memref<3x32x16xf16>, %B: memref<3x16x48xf16>, %C: memref<3x32x48xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<3x32x16xf16>, memref<3x16x48xf16>) outs(%C : memref<3x32x48xf32>)
  func.return
}
