// TOOL: coopmlir-run
// ARGS: --entry matmul --device vulkan --options "tile=16x16x16 subgroups=1x1 mma=16x8x8" --input A=inputs/a-16x8-f16.npy --input B=inputs/b-4x16-f16.npy --input C=inputs/c-16x16-f32.npy
// ERROR: dynamic-sizes-disagree-at-run-time.mlir:9:3: error: assertion failed: lower-to-coopmat: K of B (dimension 0) must equal that of A (dimension 1)
// A is 16x8 and B 4x16: the host code's cf.assert fails before any kernel
// runs. coopmlir-run took no --input for a dynamic shape before (it drew
// random data first), and the failed assert read "error: f.mlir:8:3: ...".
// (A small tile keeps the SIMT compile before the run short.)
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
