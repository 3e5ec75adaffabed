// ARGS: "--lower-to-coopmat=target=h100-vulkan"
// ERROR: f32-epilogue-on-matrix-units.mlir:7:3: error: lower-to-coopmat: kernel=simt-tiled does not fuse epilogues, and the fragment kernel, which does, cannot compute f32 x f32 -> f32 on h100-vulkan (no matrix units for it)
func.func @matmul(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %D: memref<64x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<64x48xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "parallel"]}
      ins(%C : memref<64x48xf32>) outs(%D : memref<64x48xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  }
  func.return
}
