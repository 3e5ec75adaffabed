// RUN: coopmlir-opt %s --split-input-file | filecheck %s

// linalg.map as MLIR 22 writes it (one-shot-bufferize's fill of a padded
// buffer; an element-wise map on tensors) reads as the linalg.generic it
// means: identity maps, parallel loops, the same body.
// CHECK-LABEL: func.func @pad_fill(
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant
// CHECK-NEXT:    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : memref<4x6xf32>) {
// CHECK-NEXT:    ^bb0(%init: f32):
// CHECK-NEXT:      linalg.index 1 : index
// CHECK-NEXT:      linalg.yield %[[ZERO]] : f32
func.func @pad_fill(%buffer: memref<4x6xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.map outs(%buffer : memref<4x6xf32>)
    (%init: f32) {
      %j = linalg.index 1 : index
      linalg.yield %zero : f32
    }
  return
}

// -----

// CHECK-LABEL: func.func @add(
// CHECK:         %{{.*}} = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>) outs(%{{.*}} : tensor<8xf32>) {
// CHECK:         } -> tensor<8xf32>
func.func @add(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.map ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>)
    (%x: f32, %y: f32, %init: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8xf32>
}

