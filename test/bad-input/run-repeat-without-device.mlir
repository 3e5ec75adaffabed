// TOOL: coopmlir-run
// ARGS: --entry f --repeat 3
// ERROR: error: --repeat 3: times runs on --device
// The interpreter is not timed: --repeat would silently do nothing.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
