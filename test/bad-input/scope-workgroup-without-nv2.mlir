// ARGS: --lower-to-coopmat="target=generic scope=workgroup"
// ERROR: scope-workgroup-without-nv2.mlir:4:3: error: lower-to-coopmat: scope=workgroup needs VK_NV_cooperative_matrix2 (workgroup-scope matrices), which generic does not have
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
