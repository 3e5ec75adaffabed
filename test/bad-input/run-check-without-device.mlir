// TOOL: coopmlir-run
// ARGS: --entry f --check
// ERROR: error: --check compares a --device run with the interpreter: give --device
// Without --device there is nothing to compare the interpreter with.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
