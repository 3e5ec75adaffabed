// ARGS: --lower-to-coopmat
// ERROR: i8-on-generic.mlir:4:3: error: lower-to-coopmat: s8 x s8 -> s32 is not supported by generic (supported: f16*f16->f16; f16*f16->f32); it lowers with target=h100-vulkan, target=simt or target=lavapipe
func.func @matmul(%A: memref<64x32xi8>, %B: memref<32x48xi8>, %C: memref<64x48xi32>) {
  linalg.matmul ins(%A, %B : memref<64x32xi8>, memref<32x48xi8>) outs(%C : memref<64x48xi32>)
  func.return
}
