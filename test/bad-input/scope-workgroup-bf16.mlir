// ARGS: --lower-to-coopmat="target=h100-vulkan scope=workgroup"
// ERROR: scope-workgroup-bf16.mlir:4:3: error: lower-to-coopmat: scope=workgroup does not take bf16: workgroup-scope bf16 matrices gave wrong results on the one device tested (H100, driver 580.159); use the default scope=subgroup
func.func @matmul(%A: memref<64x32xbf16>, %B: memref<32x48xbf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xbf16>, memref<32x48xbf16>) outs(%C : memref<64x48xf32>)
  func.return
}
