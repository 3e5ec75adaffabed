// TOOL: coopmlir-run
// ARGS: --entry f --input a=Inputs/header-malformed.npy
// ERROR: error: --input a=Inputs/header-malformed.npy: cannot load Inputs/header-malformed.npy
// A .npy file whose header is not a Python dict literal.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
