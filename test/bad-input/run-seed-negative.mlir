// TOOL: coopmlir-run
// ARGS: --entry f --seed -1
// ERROR: error: --seed -1: must be an integer >= 0
// numpy's generators take no negative seed.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
