// RUN: coopmlir-opt %s --recognize-frontend=bufferize=false | filecheck %s

// An f16 two-layer MLP as MLIR's elementwise fusion leaves it: the first
// layer's epilogue (bias, ReLU, the cast to f16) absorbed the second layer's
// extf, and the second weight's transpose its extf. SplitTrailingWidening
// makes the epilogue yield f16 again, SplitPermutedWidening makes the weight
// a transpose of f16, so the second product reads f16 tensors (the weight
// through a transposed map) with f32 accumulators, as without that fusion.
// CHECK-LABEL: func.func @mlp(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<8x16xf16>, %[[W1:[a-zA-Z0-9_]+]]: tensor<16x32xf16>, %[[BIAS:[a-zA-Z0-9_]+]]: tensor<32xf16>, %[[W2:[a-zA-Z0-9_]+]]: tensor<8x32xf16>)
// CHECK:         %[[P:.*]] = linalg.matmul ins(%[[X]], %[[W1]] : tensor<8x16xf16>, tensor<16x32xf16>)
// CHECK:         %[[H:.*]] = linalg.generic {{.*}} ins(%[[P]], %[[BIAS]] : tensor<8x32xf32>, tensor<32xf16>) outs(%{{.*}} : tensor<8x32xf16>)
// CHECK:           arith.truncf
// CHECK-NOT:       arith.extf %{{.*}} : f16 to f32
// CHECK:           linalg.yield %{{.*}} : f16
// CHECK:         linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%[[H]], %[[W2]] : tensor<8x32xf16>, tensor<8x32xf16>) outs(%{{.*}} : tensor<8x8xf32>)
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
func.func @mlp(%x: tensor<8x16xf16>, %w1: tensor<16x32xf16>, %bias: tensor<32xf16>, %w2: tensor<8x32xf16>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %hzero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %p = linalg.matmul ins(%x, %w1 : tensor<8x16xf16>, tensor<16x32xf16>) outs(%f : tensor<8x32xf32>) -> tensor<8x32xf32>
  %h = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%p, %bias : tensor<8x32xf32>, tensor<32xf16>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%a: f32, %b: f16, %o: f32):
    %bw = arith.extf %b : f16 to f32
    %s = arith.addf %a, %bw : f32
    %t = arith.truncf %s : f32 to f16
    %r = arith.maximumf %t, %hzero : f16
    %w = arith.extf %r : f16 to f32
    linalg.yield %w : f32
  } -> tensor<8x32xf32>
  %e2 = tensor.empty() : tensor<32x8xf32>
  %wt = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%w2 : tensor<8x32xf16>) outs(%e2 : tensor<32x8xf32>) {
  ^bb0(%a: f16, %o: f32):
    %w = arith.extf %a : f16 to f32
    linalg.yield %w : f32
  } -> tensor<32x8xf32>
  %e3 = tensor.empty() : tensor<8x8xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %q = linalg.matmul ins(%h, %wt : tensor<8x32xf32>, tensor<32x8xf32>) outs(%f3 : tensor<8x8xf32>) -> tensor<8x8xf32>
  func.return %q : tensor<8x8xf32>
}
