// TOOL: coopmlir-run
// ARGS: --entry f --input a=Inputs/copy-4x4-f32.npy --input a=Inputs/copy-4x4-f32.npy
// ERROR: error: --input a=Inputs/copy-4x4-f32.npy: %a is given twice
// Which file would be meant is not clear: refused, not the last one taken.
func.func @f(%a: memref<4x4xf32>, %b: memref<4x4xf32>) {
  linalg.copy ins(%a : memref<4x4xf32>) outs(%b : memref<4x4xf32>)
  func.return
}
