// RUN: coopmlir-opt %s --recognize-frontend | filecheck %s
// RUN: not coopmlir-opt %s --lower-to-coopmat 2>&1 | filecheck %s --check-prefix=LOWERED

// A function on tensors with no product stays on tensors in
// recognize-frontend; lower-to-coopmat does not leave its element-wise op
// on the host: it is a located error until the function is bufferized.
// CHECK-LABEL: func.func @elementwise(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : tensor<4xf32>) outs(%{{.*}} : tensor<4xf32>)
// LOWERED: recognize-frontend-tensors.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: 'linalg.generic' on tensors: loop kernels take memrefs (bufferize first)
func.func @elementwise(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
