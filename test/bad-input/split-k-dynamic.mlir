// ARGS: --lower-to-coopmat=split_k=4
// ERROR: split-k-dynamic.mlir:4:3: error: lower-to-coopmat: split_k=4 needs static sizes (this matmul's k, m, n are known at run time)
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
