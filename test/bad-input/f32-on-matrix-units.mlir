// ARGS: --lower-to-coopmat
// ERROR: f32-on-matrix-units.mlir:4:3: error: lower-to-coopmat: 'linalg.matmul': loop kernels need static shapes, got memref<?x32xf32>
func.func @matmul(%A: memref<?x32xf32>, %B: memref<32x48xf32>, %C: memref<?x48xf32>) {
  linalg.matmul ins(%A, %B : memref<?x32xf32>, memref<32x48xf32>) outs(%C : memref<?x48xf32>)
  func.return
}
