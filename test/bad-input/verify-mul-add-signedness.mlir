// ARGS: 
// ERROR: verify-mul-add-signedness.mlir:4:3: error: 'coopmat.mul_add' op signedness flags ['a_signed'] only apply to integer matrices, got f16
func.func @mul_add_float_signed(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  %d = coopmat.mul_add %a, %b, %c {a_signed} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
