// A 64x48 += 64x32 * 32x48 product in f16 -> f32, the input of the pipeline:
//   coopmlir-opt --lower-to-coopmat examples/matmul.mlir
//   coopmlir-opt --lower-to-coopmat="target=h100-vulkan stages=2 explain=true" examples/matmul.mlir
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
