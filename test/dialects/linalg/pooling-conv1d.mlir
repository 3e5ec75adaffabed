// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// MLIR's pooling ops (dialects/linalg_pooling.py; xDSL 0.74's
// pooling_nchw_max takes the max of the input and the window operand) and
// 1-D convolutions (linalg_conv1d.py), as torch-mlir exports nn.MaxPool2d,
// nn.AvgPool2d and nn.Conv1d: they round-trip, with MLIR's bodies (the
// input cast to the output's type, then combined with the output).
// test/mlir-peer/linalg/pooling.mlir checks the bodies and maps against
// MLIR 22's own generalization.

// CHECK-LABEL: func.func @maxpool
// CHECK-NEXT:  linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<2x8x18x18xf16>, tensor<3x3xf16>) outs(%{{.*}} : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
// GENERIC-LABEL: sym_name = "maxpool"
// GENERIC:       "linalg.pooling_nchw_max"(%{{.*}}, %{{.*}}, %{{.*}}) <{dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>, operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT:  ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16, %[[OUT:.*]]: f16):
// GENERIC-NEXT:    %[[M:.*]] = "arith.maximumf"(%[[OUT]], %[[IN]])
// GENERIC-NEXT:    "linalg.yield"(%[[M]])
func.func @maxpool(%x: tensor<2x8x18x18xf16>, %w: tensor<3x3xf16>, %y: tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16> {
  %r = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %w : tensor<2x8x18x18xf16>, tensor<3x3xf16>) outs(%y : tensor<2x8x8x8xf16>) -> tensor<2x8x8x8xf16>
  func.return %r : tensor<2x8x8x8xf16>
}

// Default strides and dilations (left out, as MLIR allows); an f16 sum
// into f32 extends the input first.
// CHECK-LABEL: func.func @avgpool_1d
// CHECK-NEXT:  linalg.pooling_ncw_sum ins(%{{.*}}, %{{.*}} : memref<2x8x16xf16>, memref<4xf32>) outs(%{{.*}} : memref<2x8x13xf32>)
// GENERIC-LABEL: sym_name = "avgpool_1d"
// GENERIC:       ^bb0(%[[IN:.*]]: f16, %{{.*}}: f32, %[[OUT:.*]]: f32):
// GENERIC-NEXT:    %[[E:.*]] = "arith.extf"(%[[IN]])
// GENERIC-NEXT:    %[[S:.*]] = "arith.addf"(%[[OUT]], %[[E]])
func.func @avgpool_1d(%x: memref<2x8x16xf16>, %w: memref<4xf32>, %y: memref<2x8x13xf32>) {
  linalg.pooling_ncw_sum ins(%x, %w : memref<2x8x16xf16>, memref<4xf32>) outs(%y : memref<2x8x13xf32>)
  func.return
}

// CHECK-LABEL: func.func @conv1d
// CHECK-NEXT:  linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%{{.*}}, %{{.*}} : tensor<2x8x34xf16>, tensor<16x8x3xf16>) outs(%{{.*}} : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
// GENERIC-LABEL: sym_name = "conv1d"
// GENERIC:       ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.mulf"
// GENERIC-NEXT:    "arith.addf"
func.func @conv1d(%x: tensor<2x8x34xf16>, %w: tensor<16x8x3xf16>, %y: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%x, %w : tensor<2x8x34xf16>, tensor<16x8x3xf16>) outs(%y : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  func.return %r : tensor<2x16x16xf32>
}
