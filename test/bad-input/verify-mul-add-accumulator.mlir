// ARGS: 
// ERROR: verify-mul-add-accumulator.mlir:4:3: error: 'coopmat.mul_add' op accumulator type f16 is narrower than or incompatible with input type f32
func.func @mul_add_narrow_acc(%a: !coopmat.matrix<16x16xf32, a>, %b: !coopmat.matrix<16x16xf32, b>, %c: !coopmat.matrix<16x16xf16, acc>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf32, a>, !coopmat.matrix<16x16xf32, b> -> !coopmat.matrix<16x16xf16, acc>
  func.return
}
