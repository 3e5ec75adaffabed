// ARGS: --lower-to-coopmat
// ERROR: pooling-window-past-input.mlir:4:3: error: 'linalg.pooling_nchw_max' op inferred input/output operand #0 has shape's dimension #2 to be greater than or equal to 9, but found 8
func.func @f(%x: memref<2x3x8x8xf32>, %w: memref<3x3xf32>, %y: memref<2x3x4x4xf32>) {
  linalg.pooling_nchw_max {strides = dense<2> : vector<2xi64>} ins(%x, %w : memref<2x3x8x8xf32>, memref<3x3xf32>) outs(%y : memref<2x3x4x4xf32>)
  func.return
}
