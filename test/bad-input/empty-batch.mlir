// ARGS: --lower-to-coopmat=target=lavapipe
// ERROR: empty-batch.mlir:4:3: error: lower-to-coopmat: an empty product (batch=0) has no kernel to launch; C is empty: remove the op
func.func @bmm(%a: memref<0x16x16xf32>, %b: memref<0x16x16xf32>, %c: memref<0x16x16xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<0x16x16xf32>, memref<0x16x16xf32>) outs(%c : memref<0x16x16xf32>)
  func.return
}
