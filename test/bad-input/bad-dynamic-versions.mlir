// ARGS: --lower-to-coopmat=dynamic-versions=3
// ERROR: error: lower-to-coopmat: dynamic-versions=3 must be 1 (one kernel) or 2 (also an aligned-only kernel)
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
