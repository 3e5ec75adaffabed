// RUN: coopmlir-opt %s --split-input-file -p 'recognize-frontend{bufferize=false}' | filecheck %s

// nn.Conv2d as torch-mlir exports it stays NCHW (lower-to-coopmat reads
// NCHW in place; no transposes), the pad stays before it; its bias, the
// initial value, becomes a zero fill and a per-channel add after it (an
// epilogue lower-to-coopmat fuses).
// CHECK-LABEL: func.func @conv
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x8x8xf16>, %[[W:.*]]: tensor<8x4x3x3xf16>, %[[BIAS:.*]]: tensor<8xf32>)
// CHECK:         %[[P:.*]] = tensor.pad %[[X]] low[0, 0, 1, 1] high[0, 0, 1, 1] {
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[F:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<1x8x8x8xf32>)
// CHECK-NEXT:    %[[Y:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[P]], %[[W]] : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%[[F]] : tensor<1x8x8x8xf32>)
// CHECK-NEXT:    %[[R:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[Y]], %[[BIAS]] : tensor<1x8x8x8xf32>, tensor<8xf32>) outs(%[[E2]] : tensor<1x8x8x8xf32>) {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK:         func.return %[[R]]
// CHECK-NOT:     linalg.transpose
// CHECK-NOT:     linalg.broadcast
func.func @conv(%x: tensor<1x4x8x8xf16>, %w: tensor<8x4x3x3xf16>, %bias: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f16
  } : tensor<1x4x8x8xf16> to tensor<1x4x10x10xf16>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %b = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%b : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  func.return %y : tensor<1x8x8x8xf32>
}

// -----

// Two convolutions torch-mlir gives one fill, and two casts after them one
// tensor.empty: each convolution gets a fill right before it, and the cast
// reading a convolution an empty of its own (so bufferizing gives the
// second cast, which lower-to-coopmat fuses, no buffer the second
// convolution reads).
// CHECK-LABEL: func.func @shared
// CHECK:         %[[F1:.*]] = linalg.fill
// CHECK-NEXT:    %[[Y:.*]] = linalg.conv_2d_nchw_fchw {{.*}} outs(%[[F1]] : tensor<1x4x6x6xf32>)
// CHECK-NEXT:    %[[HE:.*]] = tensor.empty() : tensor<1x4x6x6xf16>
// CHECK-NEXT:    %[[HE1:.*]] = tensor.empty() : tensor<1x4x6x6xf16>
// CHECK-NEXT:    %[[H:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<1x4x6x6xf32>) outs(%[[HE1]] : tensor<1x4x6x6xf16>)
// CHECK:         %[[E2:.*]] = tensor.empty() : tensor<1x4x6x6xf32>
// CHECK-NEXT:    %[[F2:.*]] = linalg.fill {{.*}} outs(%[[E2]] : tensor<1x4x6x6xf32>)
// CHECK-NEXT:    %[[Z:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[H]], %{{.*}}) outs(%[[F2]] : tensor<1x4x6x6xf32>)
// CHECK-NEXT:    %{{.*}} = linalg.generic {{.*}} ins(%[[Z]] : tensor<1x4x6x6xf32>) outs(%[[HE]] : tensor<1x4x6x6xf16>)
func.func @shared(%x: tensor<1x4x6x6xf16>, %w: tensor<4x4x1x1xf16>) -> (tensor<1x4x6x6xf16>, tensor<1x4x6x6xf16>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf16>, tensor<4x4x1x1xf16>) outs(%acc : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %he = tensor.empty() : tensor<1x4x6x6xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<1x4x6x6xf32>) outs(%he : tensor<1x4x6x6xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<1x4x6x6xf16>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%h, %w : tensor<1x4x6x6xf16>, tensor<4x4x1x1xf16>) outs(%acc : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%z : tensor<1x4x6x6xf32>) outs(%he : tensor<1x4x6x6xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<1x4x6x6xf16>
  func.return %h, %g : tensor<1x4x6x6xf16>, tensor<1x4x6x6xf16>
}

// -----

// An eval-mode BatchNorm's 1/sqrt(var + eps) on constants (with
// torch-mlir's cf.assert) is evaluated at compile time: 1/sqrt(0.25 +
// 1e-5) = 1.99996, ... ; the per-channel vector is read through its
// unit-dimension expand_shape's source, map (d1).
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME:    (%[[Y:.*]]: tensor<1x4x2x2xf32>)
// CHECK-NEXT:    %[[INV:.*]] = arith.constant dense<[1.999960e+00, 9.999950e-01, 0.499999404, 0.24999994]> : tensor<4xf32>
// CHECK-NOT:     cf.assert
// CHECK-NOT:     tensor.expand_shape
// CHECK:         linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], {{.*}} ins(%[[Y]], %[[INV]] : tensor<1x4x2x2xf32>, tensor<4xf32>)
func.func @batch_norm(%y: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 1.0e-05 : f64
  %var = arith.constant dense<[0.25, 1.0, 4.0, 16.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%var : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %ef = arith.truncf %eps : f64 to f32
    %a = arith.addf %in, %ef : f32
    %r = math.sqrt %a : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %r = arith.divf %one, %in : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %x = tensor.expand_shape %inv [[0, 1, 2]] output_shape [4, 1, 1] : tensor<4xf32> into tensor<4x1x1xf32>
  %oe = tensor.empty() : tensor<1x4x2x2xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y, %x : tensor<1x4x2x2xf32>, tensor<4x1x1xf32>) outs(%oe : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.mulf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<1x4x2x2xf32>
  func.return %o : tensor<1x4x2x2xf32>
}

// -----

// MLIR's generalized convolutions (mlir-opt --linalg-generalize-named-ops)
// become the named ones, strides and dilations read from the input's map.
// CHECK-LABEL: func.func @generic_nchw
// CHECK-NEXT:    %[[Y:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<[2, 1]> : vector<2xi64>, dilations = dense<1> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%{{.*}} : tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32>
// CHECK-NEXT:    func.return %[[Y]]
// CHECK-LABEL: func.func @generic_nhwc
// CHECK-NEXT:    %[[Y:.*]] = linalg.conv_2d_nhwc_fhwc {strides = dense<1> : vector<2xi64>, dilations = dense<[2, 1]> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x12x10x4xf16>, tensor<8x3x3x4xf16>)
// An offset in the input's index is no convolution of these: it stays.
// CHECK-LABEL: func.func @generic_offset
// CHECK-NEXT:    linalg.generic
func.func @generic_nchw(%arg0: tensor<1x4x10x10xf16>, %arg1: tensor<8x4x3x3xf16>, %arg2: tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%arg2 : tensor<1x8x4x8xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    %2 = arith.extf %in_0 : f16 to f32
    %3 = arith.mulf %1, %2 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x8x4x8xf32>
  return %0 : tensor<1x8x4x8xf32>
}
func.func @generic_nhwc(%arg0: tensor<1x12x10x4xf16>, %arg1: tensor<8x3x3x4xf16>, %arg2: tensor<1x8x4x8xf32>) -> tensor<1x8x4x8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4 * 2, d2 + d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x12x10x4xf16>, tensor<8x3x3x4xf16>) outs(%arg2 : tensor<1x8x4x8xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    %2 = arith.extf %in_0 : f16 to f32
    %3 = arith.mulf %1, %2 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x8x4x8xf32>
  return %0 : tensor<1x8x4x8xf32>
}
func.func @generic_offset(%arg0: tensor<1x4x10x10xf16>, %arg1: tensor<8x4x3x3xf16>, %arg2: tensor<1x8x4x7xf32>) -> tensor<1x8x4x7xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 + d6 + 1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x4x10x10xf16>, tensor<8x4x3x3xf16>) outs(%arg2 : tensor<1x8x4x7xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    %2 = arith.extf %in_0 : f16 to f32
    %3 = arith.mulf %1, %2 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<1x8x4x7xf32>
  return %0 : tensor<1x8x4x7xf32>
}
