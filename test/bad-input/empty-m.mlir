// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: empty-m.mlir:4:3: error: lower-to-coopmat: an empty product (M=0) has no kernel to launch; C is empty: remove the op
func.func @mm(%a: memref<0x16xf32>, %b: memref<16x16xf32>, %c: memref<0x16xf32>) {
  linalg.matmul ins(%a, %b : memref<0x16xf32>, memref<16x16xf32>) outs(%c : memref<0x16xf32>)
  func.return
}
