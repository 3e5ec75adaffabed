// ARGS: "--lower-to-coopmat=target=h100-vulkan smem-layout=swizzle"
// ERROR: error: lower-to-coopmat: smem-layout=swizzle must be one of pad, xor
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
