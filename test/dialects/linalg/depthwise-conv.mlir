// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// MLIR's depthwise convolutions, which xDSL 0.74 lacks (dialects/
// linalg_depthwise.py): torch-mlir's export for groups = channels and the
// NHWC one round-trip, with MLIR's mixed-precision body (extf both inputs).

// CHECK-LABEL: func.func @nchw
// CHECK-NEXT:  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x4x8x8xf16>, tensor<4x3x3xf16>) outs(%{{.*}} : tensor<1x4x6x4xf32>) -> tensor<1x4x6x4xf32>
// GENERIC-LABEL: sym_name = "nchw"
// GENERIC:       "linalg.depthwise_conv_2d_nchw_chw"(%{{.*}}, %{{.*}}, %{{.*}}) <{dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<1> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.mulf"
// GENERIC-NEXT:    "arith.addf"
func.func @nchw(%x: tensor<1x4x8x8xf16>, %w: tensor<4x3x3xf16>, %y: tensor<1x4x6x4xf32>) -> tensor<1x4x6x4xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x8x8xf16>, tensor<4x3x3xf16>) outs(%y : tensor<1x4x6x4xf32>) -> tensor<1x4x6x4xf32>
  func.return %r : tensor<1x4x6x4xf32>
}

// CHECK-LABEL: func.func @nhwc
// CHECK-NEXT:  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x7x6x4xf32>, memref<3x3x4xf32>) outs(%{{.*}} : memref<1x3x4x4xf32>)
func.func @nhwc(%x: memref<1x7x6x4xf32>, %w: memref<3x3x4xf32>, %y: memref<1x3x4x4xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%x, %w : memref<1x7x6x4xf32>, memref<3x3x4xf32>) outs(%y : memref<1x3x4x4xf32>)
  func.return
}
