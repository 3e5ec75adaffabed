// TOOL: coopmlir-run
// ARGS: --entry mm --shape a=4x5 --shape b=5x3
// ERROR: run-dynamic-without-shape.mlir:6:1: error: %c : memref<?x?xf32> has a dynamic shape: give its sizes with --shape c=DIMS (2 sizes joined by 'x') or an array with --input c=FILE.npy
// Random inputs need every run-time size: %c has neither --shape nor
// --input.
func.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  func.return
}
