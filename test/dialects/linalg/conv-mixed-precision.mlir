// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=BODY

// Convolutions with narrower inputs than their output parse with MLIR's body
// (cast both inputs, multiply, add to the output); xDSL 0.74 alone stops on
// an assertion for f16 -> f32.

// CHECK-LABEL: func.func @conv_f16_f32
// CHECK-NEXT:  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x8x8x16xf16>, memref<3x3x16x32xf16>) outs(%{{.*}} : memref<1x6x6x32xf32>)
// BODY-LABEL: sym_name = "conv_f16_f32"
// BODY:       ^bb0(%[[I:.*]]: f16, %[[F:.*]]: f16, %[[O:.*]]: f32):
// BODY-NEXT:    %[[X:.*]] = "arith.extf"(%[[I]]) : (f16) -> f32
// BODY-NEXT:    %[[Y:.*]] = "arith.extf"(%[[F]]) : (f16) -> f32
// BODY-NEXT:    %[[P:.*]] = "arith.mulf"(%[[X]], %[[Y]])
// BODY-NEXT:    %[[S:.*]] = "arith.addf"(%[[O]], %[[P]])
// BODY-NEXT:    "linalg.yield"(%[[S]]) : (f32) -> ()
func.func @conv_f16_f32(%in: memref<1x8x8x16xf16>, %w: memref<3x3x16x32xf16>, %out: memref<1x6x6x32xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : memref<1x8x8x16xf16>, memref<3x3x16x32xf16>) outs(%out : memref<1x6x6x32xf32>)
  func.return
}

// CHECK-LABEL: func.func @conv_i8_i32
// CHECK-NEXT:  linalg.conv_2d_nhwc_fhwc
// BODY-LABEL: sym_name = "conv_i8_i32"
// BODY:         "arith.extsi"
// BODY-NEXT:    "arith.extsi"
// BODY-NEXT:    "arith.muli"
func.func @conv_i8_i32(%in: memref<1x8x8x16xi8>, %w: memref<32x3x3x16xi8>, %out: memref<1x6x6x32xi32>) {
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : memref<1x8x8x16xi8>, memref<32x3x3x16xi8>) outs(%out : memref<1x6x6x32xi32>)
  func.return
}
