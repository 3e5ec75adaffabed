// ARGS: 
// ERROR: verify-extract.mlir:4:3: error: 'coopmat.extract' op result type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>
func.func @extract_type(%x: !coopmat.matrix<16x16xf32, acc>, %k: index) {
  %e = coopmat.extract %x[%k] : !coopmat.matrix<16x16xf32, acc> -> f16
  func.return
}
