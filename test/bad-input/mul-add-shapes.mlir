// ARGS: 
// ERROR: mul-add-shapes.mlir:4:3: error: 'coopmat.mul_add' op shapes do not form an M x N x K product: A is 16x8, B is 16x16, C is 16x16
func.func @f(%a: !coopmat.matrix<16x8xf16, a>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x8xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
