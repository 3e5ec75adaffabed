// ARGS: 
// ERROR: verify-elementwise-types.mlir:4:3: error: 'coopmat.add' op operand 'rhs' at position 1 does not verify:
func.func @add_types(%x: !coopmat.matrix<16x16xf32, acc>, %y: !coopmat.matrix<16x16xf32, a>) {
  %z = "coopmat.add"(%x, %y) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf32, a>) -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
