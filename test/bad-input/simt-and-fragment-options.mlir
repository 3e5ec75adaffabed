// ARGS: "--lower-to-coopmat=target=h100-vulkan smem-layout=xor stages=2"
// ERROR: error: lower-to-coopmat: smem-layout= (SIMT kernel) and stages= (fragment kernel) do not go together; choose with kernel=
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  func.return
}
