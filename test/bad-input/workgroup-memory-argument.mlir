// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: workgroup-memory-argument.mlir:4:3: error: lower-to-coopmat: A must be in global memory (no memory space), got memref<16x16xf32, 3 : i64>: a kernel argument is a storage buffer
func.func @mm(%a: memref<16x16xf32, 3>, %b: memref<16x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xf32, 3>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  func.return
}
