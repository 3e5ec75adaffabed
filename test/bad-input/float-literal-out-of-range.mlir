// ARGS: --lower-to-coopmat
// ERROR: float-literal-out-of-range.mlir:6:23: error: float literal out of the range of its type
// 1.0e+30 does not fit f16 (MLIR rounds it to infinity; xDSL cannot pack
// it): it was "internal error: OverflowError" (bench/fuzz_cli.py).
func.func @f() -> f16 {
  %c = arith.constant 1.0e+30 : f16
  func.return %c : f16
}
