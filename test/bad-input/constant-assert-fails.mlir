// ARGS: --recognize-frontend
// ERROR: constant-assert-fails.mlir:11:5: error: recognize-frontend: 'linalg.generic' on constants, evaluated at compile time: assertion failed: unimplemented: tensor with zero element
func.func @inverse_of_zero() -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %var = arith.constant dense<[0.25, 0.0, 4.0, 16.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %r = arith.divf %one, %in : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  func.return %inv : tensor<4xf32>
}
