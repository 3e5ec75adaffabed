// RUN: coopmlir-opt %s --split-input-file --bufferize-matmul | filecheck %s

// What torch-mlir exports, bufferized as one-shot-bufferize does: tensor
// constants become module globals (one per distinct value), read through
// memref.get_global; a transposed weight goes into the tensor.empty's alloc.
// CHECK:      memref.global "private" constant @__constant_4x8xf32 : memref<4x8xf32> = dense_resource<w> {alignment = 64 : i64}
// CHECK-NEXT: memref.global "private" constant @__constant_8xf32 : memref<8xf32> = dense<1.000000e+00> {alignment = 64 : i64}
// CHECK-NEXT: func.func @linear(%[[X:.*]]: memref<2x4xf32>, %[[C:.*]]: memref<2x8xf32>) {
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[W:.*]] = memref.get_global @__constant_4x8xf32 : memref<4x8xf32>
// CHECK-NEXT:   %[[W2:.*]] = memref.get_global @__constant_4x8xf32 : memref<4x8xf32>
// CHECK-NEXT:   %[[BIAS:.*]] = memref.get_global @__constant_8xf32 : memref<8xf32>
// CHECK-NEXT:   %[[T:.*]] = memref.alloc() : memref<8x4xf32>
// CHECK-NEXT:   linalg.transpose ins(%[[W]]{{ ?}}:{{ ?}}memref<4x8xf32>) outs(%[[T]]{{ ?}}:{{ ?}}memref<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT:   linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<2x8xf32>)
// CHECK-NEXT:   linalg.matmul ins(%[[X]], %[[W2]] : memref<2x4xf32>, memref<4x8xf32>) outs(%[[C]] : memref<2x8xf32>)
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[C]], %[[BIAS]] : memref<2x8xf32>, memref<8xf32>) outs(%[[C]] : memref<2x8xf32>)
func.func @linear(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense_resource<w> : tensor<4x8xf32>
  %w2 = arith.constant dense_resource<w> : tensor<4x8xf32>
  %bias = arith.constant dense<1.0> : tensor<8xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%w : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %m = linalg.matmul ins(%x, %w2 : tensor<2x4xf32>, tensor<4x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<2x8xf32>, tensor<8xf32>) outs(%e2 : tensor<2x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  func.return %r : tensor<2x8xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x040000000000803F0000004000004040000080400000A0400000C0400000E0400000004100001041000020410000304100004041000050410000604100007041000080410000884100009041000098410000A0410000A8410000B0410000B8410000C0410000C8410000D0410000D8410000E0410000E8410000F0410000F84100000042"
    }
  }
#-}

// -----

// One tensor.empty as the outs of several ops: the fill is written in
// place, the first product (whose output the second reads again) gets a new
// buffer filled again, the second lives in the empty's buffer (returned: the
// out-param), and the add (outs of that empty, while %q is still returned)
// gets a new buffer. A product into an argument read afterwards copies the
// argument first; the result is an out-param.
// CHECK-LABEL: func.func @shared_outs(
// CHECK-SAME:    %[[A:[^:]*]]: memref<4x4xf32>, %[[ACC:[^:]*]]: memref<4x4xf32>, %[[C:[^:]*]]: memref<4x4xf32>, %[[C1:[^:]*]]: memref<4x4xf32>) {
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant
// CHECK-NEXT:   linalg.fill ins(%[[ZERO]] : f32) outs(%[[C]] : memref<4x4xf32>)
// CHECK-NEXT:   %[[P:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:   linalg.fill ins(%[[ZERO]] : f32) outs(%[[P]] : memref<4x4xf32>)
// CHECK-NEXT:   linalg.matmul ins(%[[A]], %[[A]] : {{.*}}) outs(%[[P]] : memref<4x4xf32>)
// CHECK-NEXT:   linalg.matmul ins(%[[P]], %[[A]] : {{.*}}) outs(%[[C]] : memref<4x4xf32>)
// CHECK-NEXT:   memref.copy %[[ACC]], %[[C1]] : memref<4x4xf32> to memref<4x4xf32>
// CHECK-NEXT:   linalg.matmul ins(%[[A]], %[[P]] : {{.*}}) outs(%[[C1]] : memref<4x4xf32>)
// CHECK-NEXT:   %[[SUM:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK-NEXT:   linalg.add ins(%[[ACC]], %[[C1]] : {{.*}}) outs(%[[SUM]] : memref<4x4xf32>)
// CHECK-NEXT:   func.return
func.func @shared_outs(%a: tensor<4x4xf32>, %acc: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %q = linalg.matmul ins(%p, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%a, %p : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = linalg.add ins(%acc, %r : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %q, %r : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// Reshapes and slices are views (strided where MLIR writes strides); a
// returned view is copied into its out-param; insert_slice copies into a
// view of its destination, here in place (the fill's buffer, returned).
// CHECK-LABEL: func.func @views(
// CHECK-SAME:    %[[X:[^:]*]]: memref<16x96xf32>, %[[C:[^:]*]]: memref<1x16x2x16xf32>, %[[C1:[^:]*]]: memref<4x4xf32>) {
// CHECK-NEXT:   %[[EX:.*]] = memref.expand_shape %[[X]] {{.*}} output_shape [1, 16, 96] : memref<16x96xf32> into memref<1x16x96xf32>
// CHECK-NEXT:   %[[S:.*]] = memref.subview %[[EX]][0, 0, 32] [1, 16, 32] [1, 1, 1] : memref<1x16x96xf32> to memref<1x16x32xf32, strided<[1536, 96, 1], offset: 32>>
// CHECK-NEXT:   %[[HEADS:.*]] = memref.expand_shape %[[S]] {{.*}} output_shape [1, 16, 2, 16] : memref<1x16x32xf32, strided<[1536, 96, 1], offset: 32>> into memref<1x16x2x16xf32, strided<[1536, 96, 16, 1], offset: 32>>
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant
// CHECK-NEXT:   linalg.fill ins(%[[ZERO]] : f32) outs(%[[C1]] : memref<4x4xf32>)
// CHECK-NEXT:   %[[FLAT:.*]] = memref.collapse_shape %[[X]] {{.*}} : memref<16x96xf32> into memref<1536xf32>
// CHECK-NEXT:   %[[PIECE:.*]] = memref.expand_shape %[[FLAT]] {{.*}} : memref<1536xf32> into memref<384x4xf32>
// CHECK-NEXT:   %[[SRC:.*]] = memref.subview %[[PIECE]][0, 0] [2, 4] [1, 1] : memref<384x4xf32> to memref<2x4xf32, strided<[4, 1]>>
// CHECK-NEXT:   %[[DST:.*]] = memref.subview %[[C1]][1, 0] [2, 4] [1, 1] : memref<4x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
// CHECK-NEXT:   memref.copy %[[SRC]], %[[DST]]
// CHECK-NEXT:   arith.constant
// CHECK-NEXT:   memref.copy %[[HEADS]], %[[C]] : memref<1x16x2x16xf32, strided<[1536, 96, 16, 1], offset: 32>> to memref<1x16x2x16xf32>
// CHECK-NEXT:   func.return
func.func @views(%x: tensor<16x96xf32>) -> (tensor<1x16x2x16xf32>, tensor<4x4xf32>) {
  %ex = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 16, 96] : tensor<16x96xf32> into tensor<1x16x96xf32>
  %s = tensor.extract_slice %ex[0, 0, 32] [1, 16, 32] [1, 1, 1] : tensor<1x16x96xf32> to tensor<1x16x32xf32>
  %heads = tensor.expand_shape %s [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : tensor<1x16x32xf32> into tensor<1x16x2x16xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<16x96xf32> into tensor<1536xf32>
  %piece = tensor.expand_shape %flat [[0, 1]] output_shape [384, 4] : tensor<1536xf32> into tensor<384x4xf32>
  %src = tensor.extract_slice %piece[0, 0] [2, 4] [1, 1] : tensor<384x4xf32> to tensor<2x4xf32>
  %r = tensor.insert_slice %src into %f[1, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x4xf32>
  %dummy = arith.constant 1.0 : f32
  func.return %heads, %r : tensor<1x16x2x16xf32>, tensor<4x4xf32>
}

// -----

// A reduction with two results (torch-mlir's max with index) writes both
// outputs in place; an element-wise op reading its own output at the element
// it writes stays in place; an op writing a buffer that is still returned
// gets a new one (with no copy: it does not read its output).
// CHECK-LABEL: func.func @reductions(
// CHECK-SAME:    %[[X:[^:]*]]: memref<2x8xf32>, %[[MAX:[^:]*]]: memref<2xf32>, %[[IDX:[^:]*]]: memref<2xi64>, %[[T:[^:]*]]: memref<8x2xf32>, %[[SQ:[^:]*]]: memref<2x8xf32>, %[[NEG:[^:]*]]: memref<2x8xf32>) {
// CHECK:        linalg.fill {{.*}} outs(%[[MAX]] : memref<2xf32>)
// CHECK-NEXT:   linalg.fill {{.*}} outs(%[[IDX]] : memref<2xi64>)
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[X]] : memref<2x8xf32>) outs(%[[MAX]], %[[IDX]] : memref<2xf32>, memref<2xi64>)
// CHECK:        linalg.generic {{.*}} ins(%[[X]] : memref<2x8xf32>) outs(%[[SQ]] : memref<2x8xf32>)
// CHECK:        linalg.generic {{.*}} ins(%[[SQ]] : memref<2x8xf32>) outs(%[[SQ]] : memref<2x8xf32>)
// CHECK:        linalg.transpose ins(%[[SQ]]{{ ?}}:{{ ?}}memref<2x8xf32>) outs(%[[T]]{{ ?}}:{{ ?}}memref<8x2xf32>)
// CHECK-NEXT:   linalg.generic {{.*}} ins(%[[T]] : memref<8x2xf32>) outs(%[[NEG]] : memref<2x8xf32>)
// CHECK-NOT:    memref.copy
func.func @reductions(%x: tensor<2x8xf32>) -> (tensor<2xf32>, tensor<2xi64>, tensor<8x2xf32>, tensor<2x8xf32>, tensor<2x8xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %c0 = arith.constant 0 : i64
  %e = tensor.empty() : tensor<2xf32>
  %ei = tensor.empty() : tensor<2xi64>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %i0 = linalg.fill ins(%c0 : i64) outs(%ei : tensor<2xi64>) -> tensor<2xi64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x8xf32>) outs(%m0, %i0 : tensor<2xf32>, tensor<2xi64>) {
  ^bb0(%in: f32, %acc: f32, %at: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %big = arith.maximumf %in, %acc : f32
    %gt = arith.cmpf ogt, %in, %acc : f32
    %k = arith.select %gt, %ji, %at : i64
    linalg.yield %big, %k : f32, i64
  } -> (tensor<2xf32>, tensor<2xi64>)
  %e2 = tensor.empty() : tensor<2x8xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x8xf32>) outs(%e2 : tensor<2x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %p = arith.mulf %in, %in : f32
    linalg.yield %p : f32
  } -> tensor<2x8xf32>
  %twice = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sq : tensor<2x8xf32>) outs(%sq : tensor<2x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %p = arith.addf %in, %o : f32
    linalg.yield %p : f32
  } -> tensor<2x8xf32>
  %e3 = tensor.empty() : tensor<8x2xf32>
  %t = linalg.transpose ins(%twice : tensor<2x8xf32>) outs(%e3 : tensor<8x2xf32>) permutation = [1, 0]
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x2xf32>) outs(%twice : tensor<2x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<2x8xf32>
  func.return %r#0, %r#1, %t, %twice, %neg : tensor<2xf32>, tensor<2xi64>, tensor<8x2xf32>, tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// A constant used by two functions is one global; a returned constant is
// copied into its out-param (a global is never written or handed out).
// CHECK:      memref.global "private" constant @__constant_4xf32 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-NEXT: memref.global "private" constant @__constant_4xf32_0 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 5.000000e+00]>
// CHECK-LABEL: func.func @first(
// CHECK:        memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-LABEL: func.func @second(
// CHECK-SAME:    %{{.*}}: memref<4xf32>, %[[C:.*]]: memref<4xf32>) {
// CHECK-NEXT:   %[[W:.*]] = memref.get_global @__constant_4xf32 : memref<4xf32>
// CHECK-NEXT:   memref.get_global @__constant_4xf32_0 : memref<4xf32>
// CHECK:        memref.copy %[[W]], %[[C]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:   func.return
func.func @first(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%x, %w : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @second(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %v = arith.constant dense<[1.0, 2.0, 3.0, 5.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%v, %w : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %w : tensor<4xf32>
}
