// TOOL: coopmlir-run
// ARGS: --entry matmul --input A=inputs/a-16x8-f16.npy --input B=inputs/b-4x16-f16.npy --input C=inputs/c-16x16-f32.npy
// ERROR: dynamic-sizes-disagree-on-the-interpreter.mlir:7:3: error: interpretation failed: linalg.matmul: operand sizes disagree
// The same on the interpreter (L0): a located error at the matmul (it had
// no location before).
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
