// TOOL: coopmlir-run
// ARGS: --entry mm --device vulkan --options "tile=8x8x8 mma=8x8x8" --shape a=524296x1 --shape b=1x1 --shape c=524296x1
// ERROR: run-grid-too-large.mlir:7:3: error: kernel @mm needs a grid of (1, 65537, 1) workgroups for these sizes; the device launches at most (65535, 65535, 65535) (maxComputeWorkGroupCount)
// A dynamic M that needs more workgroups than lavapipe launches: refused
// from the host code's grid before any input is drawn or dispatched.
func.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  func.return
}
