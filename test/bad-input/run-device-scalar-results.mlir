// TOOL: coopmlir-run
// ARGS: --entry f --device vulkan --check
// ERROR: run-device-scalar-results.mlir:6:1: error: @f returns i32, i32: --device reads back memref arguments
// Results other than a bufferized tensor function's were a KeyError after
// the run (bench/fuzz_cli.py).
func.func @f(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  func.return %a, %a : i32, i32
}
