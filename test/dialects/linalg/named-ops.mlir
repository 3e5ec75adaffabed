// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// MLIR 22's named contractions and quantized ops that xDSL 0.74 lacks
// (dialects/linalg_named.py, linalg_depthwise.py): each prints as
// mlir-opt-22 prints it, in both forms, with MLIR's body.

// CHECK-LABEL: func.func @vectors
// CHECK-NEXT:  linalg.matvec ins(%{{.*}}, %{{.*}} : memref<4x5xf32>, memref<5xf32>) outs(%{{.*}} : memref<4xf32>)
// CHECK-NEXT:  linalg.vecmat ins(%{{.*}}, %{{.*}} : memref<4xf16>, memref<4x5xf16>) outs(%{{.*}} : memref<5xf32>)
// CHECK-NEXT:  linalg.batch_matvec ins(%{{.*}}, %{{.*}} : memref<2x4x5xi8>, memref<2x5xi8>) outs(%{{.*}} : memref<2x4xi32>)
// CHECK-NEXT:  linalg.batch_vecmat ins(%{{.*}}, %{{.*}} : memref<2x4xf32>, memref<2x4x5xf32>) outs(%{{.*}} : memref<2x5xf32>)
// GENERIC-LABEL: sym_name = "vectors"
// GENERIC:       "linalg.matvec"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC:       "linalg.vecmat"
// GENERIC-NEXT:  ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.extf"
// GENERIC-NEXT:    "arith.mulf"
// GENERIC-NEXT:    "arith.addf"
func.func @vectors(%a: memref<4x5xf32>, %x: memref<5xf32>, %y: memref<4xf32>, %h: memref<4xf16>, %ah: memref<4x5xf16>, %z: memref<5xf32>, %ba: memref<2x4x5xi8>, %bx: memref<2x5xi8>, %by: memref<2x4xi32>, %bv: memref<2x4xf32>, %bm: memref<2x4x5xf32>, %bz: memref<2x5xf32>) {
  linalg.matvec ins(%a, %x : memref<4x5xf32>, memref<5xf32>) outs(%y : memref<4xf32>)
  linalg.vecmat ins(%h, %ah : memref<4xf16>, memref<4x5xf16>) outs(%z : memref<5xf32>)
  linalg.batch_matvec ins(%ba, %bx : memref<2x4x5xi8>, memref<2x5xi8>) outs(%by : memref<2x4xi32>)
  linalg.batch_vecmat ins(%bv, %bm : memref<2x4xf32>, memref<2x4x5xf32>) outs(%bz : memref<2x5xf32>)
  func.return
}

// batch_reduce_matmul keeps MLIR's indexing_maps (here B transposed); the
// default maps are not printed.
// CHECK-LABEL: func.func @batch_reduce
// CHECK-NEXT:  linalg.batch_reduce_matmul ins(%{{.*}}, %{{.*}} : tensor<2x3x5xf32>, tensor<2x5x7xf32>) outs(%{{.*}} : tensor<3x7xf32>) -> tensor<3x7xf32>
// CHECK-NEXT:  linalg.batch_reduce_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>] ins(%{{.*}}, %{{.*}} : memref<2x3x5xf32>, memref<2x7x5xf32>) outs(%{{.*}} : memref<3x7xf32>)
func.func @batch_reduce(%a: tensor<2x3x5xf32>, %b: tensor<2x5x7xf32>, %c: tensor<3x7xf32>, %ma: memref<2x3x5xf32>, %mb: memref<2x7x5xf32>, %mc: memref<3x7xf32>) -> tensor<3x7xf32> {
  %r = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x3x5xf32>, tensor<2x5x7xf32>) outs(%c : tensor<3x7xf32>) -> tensor<3x7xf32>
  linalg.batch_reduce_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, d2)>] ins(%ma, %mb : memref<2x3x5xf32>, memref<2x7x5xf32>) outs(%mc : memref<3x7xf32>)
  func.return %r : tensor<3x7xf32>
}

// The quantized ops: zero points are scalar inputs; the body subtracts
// each from its sign-extended input (MLIR's order: extsi, subi, extsi, subi).
// CHECK-LABEL: func.func @quantized
// CHECK-NEXT:  linalg.quantized_matmul ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<3x5xi8>, memref<5x7xi8>, i32, i32) outs(%{{.*}} : memref<3x7xi32>)
// CHECK-NEXT:  linalg.quantized_batch_matmul ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<2x3x5xi8>, memref<2x5x7xi8>, i32, i32) outs(%{{.*}} : memref<2x3x7xi32>)
// CHECK-NEXT:  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<1x7x6x2xi8>, memref<3x3x2x4xi8>, i32, i32) outs(%{{.*}} : memref<1x3x4x4xi32>)
// CHECK-NEXT:  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : memref<1x6x6x2xi8>, memref<3x3x2x3xi8>, i32, i32) outs(%{{.*}} : memref<1x4x4x2x3xi32>)
// GENERIC-LABEL: sym_name = "quantized"
// GENERIC:       "linalg.quantized_matmul"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 4, 1>}> ({
// GENERIC-NEXT:  ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[AZ:.*]]: i32, %[[BZ:.*]]: i32, %[[C:.*]]: i32):
// GENERIC-NEXT:    %[[AW:.*]] = "arith.extsi"(%[[A]]) : (i8) -> i32
// GENERIC-NEXT:    %[[AS:.*]] = "arith.subi"(%[[AW]], %[[AZ]])
// GENERIC-NEXT:    %[[BW:.*]] = "arith.extsi"(%[[B]]) : (i8) -> i32
// GENERIC-NEXT:    %[[BS:.*]] = "arith.subi"(%[[BW]], %[[BZ]])
// GENERIC-NEXT:    %[[P:.*]] = "arith.muli"(%[[AS]], %[[BS]])
// GENERIC-NEXT:    %[[S:.*]] = "arith.addi"(%[[C]], %[[P]])
// GENERIC-NEXT:    "linalg.yield"(%[[S]]) : (i32) -> ()
func.func @quantized(%a: memref<3x5xi8>, %b: memref<5x7xi8>, %az: i32, %bz: i32, %c: memref<3x7xi32>, %ba: memref<2x3x5xi8>, %bb: memref<2x5x7xi8>, %bc: memref<2x3x7xi32>, %x: memref<1x7x6x2xi8>, %w: memref<3x3x2x4xi8>, %y: memref<1x3x4x4xi32>, %dx: memref<1x6x6x2xi8>, %dw: memref<3x3x2x3xi8>, %dy: memref<1x4x4x2x3xi32>) {
  linalg.quantized_matmul ins(%a, %b, %az, %bz : memref<3x5xi8>, memref<5x7xi8>, i32, i32) outs(%c : memref<3x7xi32>)
  linalg.quantized_batch_matmul ins(%ba, %bb, %az, %bz : memref<2x3x5xi8>, memref<2x5x7xi8>, i32, i32) outs(%bc : memref<2x3x7xi32>)
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%x, %w, %az, %bz : memref<1x7x6x2xi8>, memref<3x3x2x4xi8>, i32, i32) outs(%y : memref<1x3x4x4xi32>)
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%dx, %dw, %az, %bz : memref<1x6x6x2xi8>, memref<3x3x2x3xi8>, i32, i32) outs(%dy : memref<1x4x4x2x3xi32>)
  func.return
}

// Strides and dilations are optional, as in MLIR (1 each when left out),
// and stay left out.
// CHECK-LABEL: func.func @default_steps
// CHECK-NEXT:  linalg.depthwise_conv_2d_nhwc_hwc ins(%{{.*}}, %{{.*}} : memref<1x9x9x4xf32>, memref<3x3x4xf32>) outs(%{{.*}} : memref<1x7x7x4xf32>)
func.func @default_steps(%x: memref<1x9x9x4xf32>, %w: memref<3x3x4xf32>, %y: memref<1x7x7x4xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc ins(%x, %w : memref<1x9x9x4xf32>, memref<3x3x4xf32>) outs(%y : memref<1x7x7x4xf32>)
  func.return
}

// xDSL's convolutions require both; left out, coopmlir writes MLIR's
// default (1 per axis), which MLIR reads as the same op.
// CHECK-LABEL: func.func @conv_default_steps
// CHECK-NEXT:  linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : memref<1x6x6x16xi8>, memref<3x3x16x16xi8>) outs(%{{.*}} : memref<1x4x4x16xi32>)
func.func @conv_default_steps(%x: memref<1x6x6x16xi8>, %w: memref<3x3x16x16xi8>, %y: memref<1x4x4x16xi32>) {
  linalg.conv_2d_nhwc_hwcf ins(%x, %w : memref<1x6x6x16xi8>, memref<3x3x16x16xi8>) outs(%y : memref<1x4x4x16xi32>)
  func.return
}
