// RUN: coopmlir-opt %s --recognize-frontend | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat | filecheck %s --check-prefix=LOWERED

// A function on tensors with no product is bufferized too: each of its
// linalg ops becomes a kernel (a loop kernel here), so none is left on
// tensors or on the host.
// CHECK-LABEL: func.func @elementwise(
// CHECK-SAME:      %{{.*}}: memref<4xf32>, %[[C:.*]]: memref<4xf32>) {
// CHECK:         linalg.generic {{.*}} ins(%{{.*}} : memref<4xf32>) outs(%[[C]] : memref<4xf32>)
// CHECK:         func.return
// LOWERED-LABEL: func.func @elementwise(
// LOWERED-NOT:     linalg.
// LOWERED:         gpu.launch_func @elementwise_kernels::@elementwise_loop
// LOWERED-NEXT:    func.return
// LOWERED:         arith.negf
func.func @elementwise(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}
