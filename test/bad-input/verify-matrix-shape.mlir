// ARGS: 
// ERROR: verify-matrix-shape.mlir:3:26: error: matrix shape 0x16 must be positive
func.func @zero_rows(%m: !coopmat.matrix<0x16xf16, a>) {
  func.return
}
