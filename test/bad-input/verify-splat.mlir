// ARGS: 
// ERROR: verify-splat.mlir:4:3: error: 'coopmat.splat' op splat value type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>
func.func @splat_type(%s: f16) {
  %z = coopmat.splat %s : f16 -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
