// ARGS: 
// ERROR: malformed.mlir:4:31: error:
func.func @f() {
  %x = arith.constant 1 : i32 )
}
