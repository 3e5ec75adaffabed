// ARGS: --lower-to-coopmat="target=lavapipe tile=8x8x8 mma=8x8x8"
// ERROR: grid-too-large.mlir:4:3: error: lower-to-coopmat: tile=8x8x8 subgroups=1x1 mma=8x8x8 stages=0 needs a grid of (1, 65537, 1) workgroups; lavapipe launches at most (65535, 65535, 65535) (maxComputeWorkGroupCount)
func.func @mm(%a: memref<524296x16xf32>, %b: memref<16x1xf32>, %c: memref<524296x1xf32>) {
  linalg.matmul ins(%a, %b : memref<524296x16xf32>, memref<16x1xf32>) outs(%c : memref<524296x1xf32>)
  func.return
}
