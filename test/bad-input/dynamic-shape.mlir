// ARGS: --lower-to-coopmat
// ERROR: dynamic-shape.mlir:4:3: error: lower-to-coopmat: A must be a static 2-D memref, got memref<?x32xf16>
func.func @matmul(%A: memref<?x32xf16>, %B: memref<32x48xf16>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf16>, memref<32x48xf16>) outs(%C : memref<?x48xf32>)
  func.return
}
