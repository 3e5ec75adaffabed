// ARGS: 
// ERROR: unregistered-op.mlir:4:12: error: Operation foo.bar is not registered
func.func @f() {
  "foo.bar"() : () -> ()
  func.return
}
