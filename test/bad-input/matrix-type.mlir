// ARGS: 
// ERROR: matrix-type.mlir:3:18: error: matrix element type must be f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8 or i32, got i16
func.func @f(%m: !coopmat.matrix<16x16xi16, acc>) {
  func.return
}
