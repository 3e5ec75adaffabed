// TOOL: coopmlir-run
// ARGS: --entry matmul --device vulkan --options "scope=workgroup"
// ERROR: run-scope-workgroup-without-nv2.mlir:6:3: error: lower-to-coopmat: scope=workgroup needs VK_NV_cooperative_matrix2 (workgroup-scope matrices), which vulkan:0 does not have
// (The device tests run on lavapipe, which has no cooperative matrices.)
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
