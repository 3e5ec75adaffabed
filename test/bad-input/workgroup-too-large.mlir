// ARGS: --lower-to-coopmat="tile=128x128x16 subgroups=8x8 stages=0"
// ERROR: workgroup-too-large.mlir:4:3: error: lower-to-coopmat: 64 subgroups of 32 make a workgroup of 2048, more than generic's 256
func.func @matmul(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>) outs(%C : memref<128x128xf32>)
  func.return
}
