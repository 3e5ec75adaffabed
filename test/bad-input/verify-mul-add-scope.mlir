// ARGS: 
// ERROR: verify-mul-add-scope.mlir:4:3: error: 'coopmat.mul_add' op operands have different scopes: !coopmat.matrix<16x16xf16, a, workgroup>, !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x16xf32, acc>
func.func @mul_add_scopes(%a: !coopmat.matrix<16x16xf16, a, workgroup>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a, workgroup>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
