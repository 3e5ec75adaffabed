// ARGS: 
// ERROR: verify-mul-add-use.mlir:4:3: error: 'coopmat.mul_add' op operand A must have use 'a', got !coopmat.matrix<16x16xf16, b>
func.func @mul_add_a_use(%a: !coopmat.matrix<16x16xf16, b>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
