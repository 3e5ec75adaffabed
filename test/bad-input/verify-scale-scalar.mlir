// ARGS: 
// ERROR: verify-scale-scalar.mlir:4:3: error: 'coopmat.scale' op scalar type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>
func.func @scale_type(%x: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  %z = coopmat.scale %x, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}
