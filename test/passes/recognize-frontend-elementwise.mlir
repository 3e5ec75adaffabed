// RUN: coopmlir-opt %s --split-input-file --recognize-frontend=bufferize=false | filecheck %s

// Adjacent element-wise generics on tensors become one generic
// (elementwise_fusion.py): bias add, exp, then a ReLU read transposed. The
// producers' inputs are read through composed maps (%a at (d1, d0), %b at
// (d0) of the consumer's loops), their bodies inlined in order.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: tensor<4x8xf32>, %[[B:[a-zA-Z0-9_]+]]: tensor<8xf32>)
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<8x4xf32>
// CHECK-NEXT:    %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<8x4xf32>) {
// CHECK-NEXT:    ^{{.*}}(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[N:.*]] = math.exp %[[S]] : f32
// CHECK-NEXT:      %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[M:.*]] = arith.maximumf %[[N]], %[[Z]] : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
// CHECK-NEXT:    } -> tensor<8x4xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<8x4xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @chain(%a: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %u = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = math.exp %x : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #id], iterator_types = ["parallel", "parallel"]} ins(%u : tensor<4x8xf32>) outs(%e2 : tensor<8x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %m = arith.maximumf %x, %z : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  func.return %r : tensor<8x4xf32>
}

// -----

// Not fused: a producer whose result has two uses (it would be computed
// twice), a reduction consumer, a producer reading linalg.index.
// CHECK-LABEL: func.func @not_fused(
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT:     linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @not_fused(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x8xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.addf %x, %o : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %k = linalg.index 1 : index
    %c = arith.index_cast %k : index to i32
    %f = arith.sitofp %c : i32 to f32
    %n = arith.mulf %x, %f : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<4x8xf32>
  %j = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%i : tensor<4x8xf32>) outs(%e3 : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  func.return %t, %s, %j : tensor<4x8xf32>, tensor<4xf32>, tensor<4x8xf32>
}

// -----

// In f16 the producer's result is marked: it was a front-end op's result,
// rounded to f16 (PyTorch rounds after each op), which lower-to-coopmat
// keeps when it computes the fused body in f32 (activation_precision.py).
// CHECK-LABEL: func.func @rounded_f16(
// CHECK:         linalg.generic
// CHECK:           %[[M:.*]] = math.absf %{{.*}} : f16
// CHECK-NEXT:      %[[P:.*]] = arith.addf %[[M]], %{{.*}} {coopmlir.rounded} : f16
// CHECK-NEXT:      %[[L:.*]] = math.log %[[P]] : f16
// CHECK-NEXT:      linalg.yield %[[L]] : f16
#id = affine_map<(d0) -> (d0)>
func.func @rounded_f16(%x: tensor<64xf16>) -> tensor<64xf16> {
  %one = arith.constant 1.0 : f16
  %e0 = tensor.empty() : tensor<64xf16>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<64xf16>) outs(%e0 : tensor<64xf16>) {
  ^bb0(%in: f16, %out: f16):
    %m = math.absf %in : f16
    %p = arith.addf %m, %one : f16
    linalg.yield %p : f16
  } -> tensor<64xf16>
  %e1 = tensor.empty() : tensor<64xf16>
  %l = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<64xf16>) outs(%e1 : tensor<64xf16>) {
  ^bb0(%in: f16, %out: f16):
    %r = math.log %in : f16
    linalg.yield %r : f16
  } -> tensor<64xf16>
  func.return %l : tensor<64xf16>
}
