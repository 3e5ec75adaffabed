// RUN: coopmlir-opt %s --split-input-file --recognize-frontend=bufferize=false | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --recognize-frontend | filecheck %s --check-prefix=MEMREF

// torch-mlir's nn.Linear on a (1, S, D) activation: the product on a 2-D
// view, expanded back, then 3-D element-wise ops (bias, residual add). The
// consumers drop the unit dimension (unit_dims.py): the residual is read
// through a collapse_shape, the expand/collapse pair of the product folds
// away, and the bias and the residual become one generic on the product's
// M x N (FuseElementwise), expanded back for the return. Both products
// read one shared fill: each gets its own, right before it (OwnFill).
// CHECK-LABEL: func.func @linear_residual(
// CHECK-SAME:      %[[X:[a-zA-Z0-9_]+]]: tensor<1x16x32xf32>, %[[W:[a-zA-Z0-9_]+]]: tensor<32x32xf32>, %[[BIAS:[a-zA-Z0-9_]+]]: tensor<32xf32>)
// CHECK:         %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] : tensor<1x16x32xf32> into tensor<16x32xf32>
// CHECK:         %[[E1:.*]] = tensor.empty() : tensor<16x32xf32>
// CHECK-NEXT:    %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<16x32xf32>)
// CHECK-NEXT:    %[[P1:.*]] = linalg.matmul ins(%[[FLAT]], %[[W]] : {{.*}}) outs(%[[F1]] : tensor<16x32xf32>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<16x32xf32>
// CHECK-NEXT:    %[[F2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<16x32xf32>)
// CHECK-NEXT:    %[[P2:.*]] = linalg.matmul ins(%[[FLAT]], %[[W]] : {{.*}}) outs(%[[F2]] : tensor<16x32xf32>)
// CHECK:         %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%[[P1]], %[[BIAS]], %[[FLAT2:.*]], %[[P2]] : tensor<16x32xf32>, tensor<32xf32>, tensor<16x32xf32>, tensor<16x32xf32>)
// CHECK:         %[[OUT:.*]] = tensor.expand_shape %[[R]] {{\[}}[0 : i64, 1 : i64], [2 : i64]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<1x16x32xf32>
// Bufferized, the products and the generic are on 2-D buffers; the result
// is copied into the out-param through a view (lower-to-coopmat writes it
// there directly).
// MEMREF-LABEL: func.func @linear_residual(
// MEMREF-COUNT-2: linalg.matmul
// MEMREF:         linalg.generic {{.*}} outs(%{{.*}} : memref<16x32xf32>)
// MEMREF:         memref.copy
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @linear_residual(%x: tensor<1x16x32xf32>, %w: tensor<32x32xf32>, %bias: tensor<32xf32>) -> tensor<1x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %flat = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x16x32xf32> into tensor<16x32xf32>
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%flat, %w : tensor<16x32xf32>, tensor<32x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %q = linalg.matmul ins(%flat, %w : tensor<16x32xf32>, tensor<32x32xf32>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %pe = tensor.expand_shape %p [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
  %qe = tensor.expand_shape %q [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
  %e3 = tensor.empty() : tensor<1x16x32xf32>
  %b = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d2)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pe, %bias : tensor<1x16x32xf32>, tensor<32xf32>) outs(%e3 : tensor<1x16x32xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<1x16x32xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%b, %x, %qe : tensor<1x16x32xf32>, tensor<1x16x32xf32>, tensor<1x16x32xf32>) outs(%e3 : tensor<1x16x32xf32>) {
  ^bb0(%a: f32, %c: f32, %d: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %t = arith.mulf %s, %d : f32
    linalg.yield %t : f32
  } -> tensor<1x16x32xf32>
  func.return %r : tensor<1x16x32xf32>
}

// -----

// A norm's cast of its input (one operand, read by a reduction) keeps its
// 3-D shape, even right after a product: the norm kernel finds it as is.
// CHECK-LABEL: func.func @norm_input(
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @norm_input(%x: tensor<16x32xf16>, %w: tensor<32x32xf16>) -> tensor<1x16x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %p = linalg.matmul ins(%x, %w : tensor<16x32xf16>, tensor<32x32xf16>) outs(%f : tensor<16x32xf32>) -> tensor<16x32xf32>
  %pe = tensor.expand_shape %p [[0, 1], [2]] output_shape [1, 16, 32] : tensor<16x32xf32> into tensor<1x16x32xf32>
  %e3 = tensor.empty() : tensor<1x16x32xf32>
  %c = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%pe : tensor<1x16x32xf32>) outs(%e3 : tensor<1x16x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.mulf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<1x16x32xf32>
  %e1 = tensor.empty() : tensor<1x16x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x16x1xf32>) -> tensor<1x16x1xf32>
  %sum = linalg.generic {indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1, 0)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%c : tensor<1x16x32xf32>) outs(%z : tensor<1x16x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  } -> tensor<1x16x1xf32>
  func.return %sum : tensor<1x16x1xf32>
}
