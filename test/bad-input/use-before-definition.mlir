// TOOL: coopmlir-run
// ARGS: --entry f
// ERROR: use-before-definition.mlir:8:3: error: 'linalg.fill' op operand #1 does not dominate this use
// A value used before the op that defines it (MLIR's dominance rule, which
// xDSL does not check) was "internal error: KeyError" on the interpreter.
func.func @f() -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<4x4xf32>
  func.return %f : tensor<4x4xf32>
}
