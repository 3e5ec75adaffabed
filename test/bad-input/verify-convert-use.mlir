// ARGS: 
// ERROR: verify-convert-use.mlir:4:3: error: 'coopmat.convert' op only an accumulator can change use (to a or b): !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf16, b>
func.func @convert_use(%x: !coopmat.matrix<16x16xf16, a>) {
  %y = coopmat.convert %x : !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x16xf16, b>
  func.return
}
