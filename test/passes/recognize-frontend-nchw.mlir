// RUN: coopmlir-opt %s --split-input-file -p 'recognize-frontend{bufferize=false}' | filecheck %s

// nn.Conv2d as torch-mlir exports it: the image goes to NHWC and is padded
// there (so the lowering reads the zero border as padding), the filter to
// FHWC, the bias is broadcast in NHWC, and the result comes back to NCHW.
// CHECK-LABEL: func.func @conv
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x8x8xf16>, %[[W:.*]]: tensor<8x4x3x3xf16>, %[[BIAS:.*]]: tensor<8xf32>)
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    %[[XE:.*]] = tensor.empty() : tensor<1x8x8x4xf16>
// CHECK-NEXT:    %[[XT:.*]] = linalg.transpose ins(%[[X]]:tensor<1x4x8x8xf16>) outs(%[[XE]]:tensor<1x8x8x4xf16>) permutation = [0, 2, 3, 1]
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %[[XT]] low[0, 1, 1, 0] high[0, 1, 1, 0] {
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK-NEXT:      tensor.yield %[[ZERO]] : f16
// CHECK-NEXT:    } : tensor<1x8x8x4xf16> to tensor<1x10x10x4xf16>
// CHECK-NEXT:    %[[WE:.*]] = tensor.empty() : tensor<8x3x3x4xf16>
// CHECK-NEXT:    %[[WT:.*]] = linalg.transpose ins(%[[W]]:tensor<8x4x3x3xf16>) outs(%[[WE]]:tensor<8x3x3x4xf16>) permutation = [0, 2, 3, 1]
// CHECK-NEXT:    %[[BE:.*]] = tensor.empty() : tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[B:.*]] = linalg.broadcast ins(%[[BIAS]]:tensor<8xf32>) outs(%[[BE]]:tensor<1x8x8x8xf32>) dimensions = [0, 1, 2]
// CHECK-NEXT:    %[[YT:.*]] = linalg.conv_2d_nhwc_fhwc {strides = dense<1> : vector<2xi64>, dilations = dense<1> : vector<2xi64>} ins(%[[P]], %[[WT]] : tensor<1x10x10x4xf16>, tensor<8x3x3x4xf16>) outs(%[[B]] : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[YE:.*]] = tensor.empty() : tensor<1x8x8x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = linalg.transpose ins(%[[YT]]:tensor<1x8x8x8xf32>) outs(%[[YE]]:tensor<1x8x8x8xf32>) permutation = [0, 3, 1, 2]
// CHECK-NEXT:    func.return %[[Y]] : tensor<1x8x8x8xf32>
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

// The truncf an f16 model writes after the convolution reads the NHWC
// result through the permuted map: no transpose back.
// CHECK-LABEL: func.func @conv_f16
// CHECK:         %[[YT:.*]] = linalg.conv_2d_nhwc_fhwc {{.*}} -> tensor<1x4x4x8xf32>
// CHECK-NEXT:    %[[E:.*]] = tensor.empty() : tensor<1x8x4x4xf16>
// CHECK-NEXT:    %[[Y:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%[[YT]] : tensor<1x4x4x8xf32>) outs(%[[E]] : tensor<1x8x4x4xf16>) {
// CHECK:         func.return %[[Y]] : tensor<1x8x4x4xf16>
// CHECK-NOT:     linalg.transpose
func.func @conv_f16(%x: tensor<1x4x6x6xf16>, %w: tensor<8x4x3x3xf16>) -> tensor<1x8x4x4xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x6x6xf16>, tensor<8x4x3x3xf16>) outs(%acc : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %he = tensor.empty() : tensor<1x8x4x4xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<1x8x4x4xf32>) outs(%he : tensor<1x8x4x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<1x8x4x4xf16>
  func.return %h : tensor<1x8x4x4xf16>
}
