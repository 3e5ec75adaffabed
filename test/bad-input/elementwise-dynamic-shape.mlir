// ARGS: --lower-to-coopmat
// ERROR: elementwise-dynamic-shape.mlir:8:3: error: lower-to-coopmat: 'linalg.generic': loop kernels need static shapes, got memref<?xf32>
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %0 = tensor.empty(%d) : tensor<?xf32>
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%0 : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<?xf32>
  return %1 : tensor<?xf32>
}
