// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: empty-k.mlir:4:3: error: lower-to-coopmat: an empty product (K=0) has no kernel to launch; C = C (or its fill): replace the op by that
func.func @mm(%a: memref<16x0xf32>, %b: memref<0x16xf32>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x0xf32>, memref<0x16xf32>) outs(%c : memref<16x16xf32>)
  func.return
}
