// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// coopmlir.attention (dialects/attention.py): grouped-query and multi-query
// heads (K/V with fewer heads than Q) and each variant property.

// CHECK-LABEL: func.func @grouped
// CHECK-NEXT:    %{{.*}} = coopmlir.attention {scale = 1.250000e-01 : f32, causal} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x16x32xf16>, tensor<2x2x24x32xf16>, tensor<2x2x24x32xf16>) outs(%{{.*}} : tensor<2x8x16x32xf32>) -> tensor<2x8x16x32xf32>
// CHECK-NEXT:    %{{.*}} = coopmlir.attention {scale = 1.250000e-01 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x16x32xf16>, tensor<2x1x24x32xf16>, tensor<2x1x24x32xf16>) outs(%{{.*}} : tensor<2x8x16x32xf32>) -> tensor<2x8x16x32xf32>
func.func @grouped(%q: tensor<2x8x16x32xf16>, %k: tensor<2x2x24x32xf16>, %v: tensor<2x2x24x32xf16>, %k1: tensor<2x1x24x32xf16>, %v1: tensor<2x1x24x32xf16>, %e: tensor<2x8x16x32xf32>) {
  %0 = coopmlir.attention {scale = 0.125 : f32, causal} ins(%q, %k, %v : tensor<2x8x16x32xf16>, tensor<2x2x24x32xf16>, tensor<2x2x24x32xf16>) outs(%e : tensor<2x8x16x32xf32>) -> tensor<2x8x16x32xf32>
  %1 = coopmlir.attention {scale = 0.125 : f32} ins(%q, %k1, %v1 : tensor<2x8x16x32xf16>, tensor<2x1x24x32xf16>, tensor<2x1x24x32xf16>) outs(%e : tensor<2x8x16x32xf32>) -> tensor<2x8x16x32xf32>
  "test.op"(%0, %1) : (tensor<2x8x16x32xf32>, tensor<2x8x16x32xf32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @variants
// CHECK-NEXT:    coopmlir.attention {scale = 1.250000e-01 : f32, causal, window = 128 : i64} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<4x16x32xf16>, memref<2x24x32xf16>, memref<2x24x32xf16>) outs(%{{.*}} : memref<4x16x32xf32>)
// CHECK-NEXT:    coopmlir.attention {scale = 1.250000e-01 : f32, softcap = 5.000000e+01 : f32} ins
// CHECK-NEXT:    coopmlir.attention {scale = 1.250000e-01 : f32, alibi = array<f32: 2.500000e-01, 6.250000e-02, 1.562500e-02, 3.906250e-03>} ins
// CHECK-NEXT:    coopmlir.attention {scale = 1.250000e-01 : f32, causal, sinks = array<f32: 1.000000e+00, -5.000000e-01, 0.000000e+00, 2.000000e+00>} ins
func.func @variants(%q: memref<4x16x32xf16>, %k: memref<2x24x32xf16>, %v: memref<2x24x32xf16>, %o: memref<4x16x32xf32>) {
  coopmlir.attention {scale = 0.125 : f32, causal, window = 128 : i64} ins(%q, %k, %v : memref<4x16x32xf16>, memref<2x24x32xf16>, memref<2x24x32xf16>) outs(%o : memref<4x16x32xf32>)
  coopmlir.attention {scale = 0.125 : f32, softcap = 50.0 : f32} ins(%q, %k, %v : memref<4x16x32xf16>, memref<2x24x32xf16>, memref<2x24x32xf16>) outs(%o : memref<4x16x32xf32>)
  coopmlir.attention {scale = 0.125 : f32, alibi = array<f32: 0.25, 0.0625, 0.015625, 0.00390625>} ins(%q, %k, %v : memref<4x16x32xf16>, memref<2x24x32xf16>, memref<2x24x32xf16>) outs(%o : memref<4x16x32xf32>)
  coopmlir.attention {scale = 0.125 : f32, causal, sinks = array<f32: 1.0, -0.5, 0.0, 2.0>} ins(%q, %k, %v : memref<4x16x32xf16>, memref<2x24x32xf16>, memref<2x24x32xf16>) outs(%o : memref<4x16x32xf32>)
  func.return
}
