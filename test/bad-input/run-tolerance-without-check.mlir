// TOOL: coopmlir-run
// ARGS: --entry f --tolerance 0.1
// ERROR: error: --tolerance bounds a comparison
// Nothing is compared, so a tolerance would silently do nothing.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
