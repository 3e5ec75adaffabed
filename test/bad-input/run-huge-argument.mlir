// TOOL: coopmlir-run
// ARGS: --entry f
// ERROR: run-huge-argument.mlir:5:1: error: @f's arguments need 10995116277760 bytes of host memory
// A 2^40-element argument: refused at the function before numpy allocates.
func.func @f(%A: memref<1048576x1048576xf16>) {
  func.return
}
