// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: dimension-over-index.mlir:4:3: error: lower-to-coopmat: A has a dimension over MLIR's index range: memref<9223372036854775808x16xf32>
func.func @mm(%a: memref<9223372036854775808x16xf32>, %b: memref<16x16xf32>, %c: memref<9223372036854775808x16xf32>) {
  linalg.matmul ins(%a, %b : memref<9223372036854775808x16xf32>, memref<16x16xf32>) outs(%c : memref<9223372036854775808x16xf32>)
  func.return
}
