// ARGS: --lower-to-coopmat
// ERROR: conv1d-dilations-rank.mlir:4:3: error: 'linalg.conv_1d_ncw_fcw' op attribute 'dilations' must hold 1 value (one per window axis), got 2
func.func @f(%x: memref<2x8x34xf32>, %w: memref<16x8x3xf32>, %y: memref<2x16x32xf32>) {
  linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<1xi64>} ins(%x, %w : memref<2x8x34xf32>, memref<16x8x3xf32>) outs(%y : memref<2x16x32xf32>)
  func.return
}
