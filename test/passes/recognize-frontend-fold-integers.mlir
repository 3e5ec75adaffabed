// RUN: coopmlir-opt %s --split-input-file -p 'recognize-frontend{bufferize=false}' | filecheck %s

// An integer generic on constants folds to a constant whose values wrap at
// the element's width, as arith.addi does (2147483647 + 5 = -2147483644
// in i32); it used to end in an internal error.
// CHECK-LABEL: func.func @add_i32
// CHECK:         arith.constant dense<[6, 3, -2147483644, 12]> : tensor<4xi32>
// CHECK-NOT:     linalg.generic
#map = affine_map<(d0) -> (d0)>
func.func @add_i32() -> tensor<4xi32> {
  %c = arith.constant dense<[1, -2, 2147483647, 7]> : tensor<4xi32>
  %k = arith.constant 5 : i32
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%c : tensor<4xi32>) outs(%e : tensor<4xi32>) {
  ^bb0(%in: i32, %o: i32):
    %s = arith.addi %in, %k : i32
    linalg.yield %s : i32
  } -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// i8 from i32 (trunci keeps the low byte: 300 -> 44, -129 -> 127).
// CHECK-LABEL: func.func @trunc_i8
// CHECK:         arith.constant dense<[44, 127, -1, 0]> : tensor<4xi8>
#map = affine_map<(d0) -> (d0)>
func.func @trunc_i8() -> tensor<4xi8> {
  %c = arith.constant dense<[300, -129, 255, 256]> : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi8>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%c : tensor<4xi32>) outs(%e : tensor<4xi8>) {
  ^bb0(%in: i32, %o: i8):
    %t = arith.trunci %in : i32 to i8
    linalg.yield %t : i8
  } -> tensor<4xi8>
  return %r : tensor<4xi8>
}
