// ARGS: --lower-to-coopmat=skinny=true
// ERROR: skinny-transposed-a.mlir:4:3: error: lower-to-coopmat: skinny=true: the skinny kernel does not compute 3x40x264 f16^T*f16^T->f32: A or C is stored transposed
func.func @linear(%x: memref<264x3xf16>, %w: memref<40x264xf16>, %y: memref<3x40xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<264x3xf16>, memref<40x264xf16>) outs(%y : memref<3x40xf32>)
  func.return
}
