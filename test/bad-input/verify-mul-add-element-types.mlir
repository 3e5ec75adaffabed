// ARGS: 
// ERROR: verify-mul-add-element-types.mlir:4:3: error: 'coopmat.mul_add' op A and B must have the same element type, got f16 and bf16
func.func @mul_add_ab_types(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xbf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
