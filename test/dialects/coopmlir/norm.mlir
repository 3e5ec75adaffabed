// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// coopmlir.layer_norm and coopmlir.rms_norm (dialects/norm.py) on tensors
// and memrefs, with and without their row vectors.

// CHECK-LABEL: func.func @on_tensors
// CHECK-NEXT:    %{{.*}} = coopmlir.layer_norm {epsilon = 1.000000e-05 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>) outs(%{{.*}} : tensor<4x8xf16>) -> tensor<4x8xf16>
// CHECK-NEXT:    %{{.*}} = coopmlir.rms_norm {epsilon = 1.000000e-06 : f32} ins(%{{.*}}, %{{.*}} : tensor<4x8xf16>, tensor<8xf16>) outs(%{{.*}} : tensor<4x8xf32>) -> tensor<4x8xf32>
func.func @on_tensors(%x: tensor<4x8xf16>, %g: tensor<8xf16>, %b: tensor<8xf16>, %e: tensor<4x8xf16>, %f: tensor<4x8xf32>) {
  %0 = coopmlir.layer_norm {epsilon = 1.0e-05 : f32} ins(%x, %g, %b : tensor<4x8xf16>, tensor<8xf16>, tensor<8xf16>) outs(%e : tensor<4x8xf16>) -> tensor<4x8xf16>
  %1 = coopmlir.rms_norm {epsilon = 1.0e-06 : f32} ins(%x, %g : tensor<4x8xf16>, tensor<8xf16>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  "test.op"(%0, %1) : (tensor<4x8xf16>, tensor<4x8xf32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @on_memrefs
// CHECK-NEXT:    coopmlir.layer_norm {epsilon = 0.000000e+00 : f32} ins(%{{.*}} : memref<2x3x8xf32>) outs(%{{.*}} : memref<2x3x8xf32>)
// CHECK-NEXT:    coopmlir.rms_norm {epsilon = 1.000000e-05 : f32} ins(%{{.*}} : memref<2x3x8xf32>) outs(%{{.*}} : memref<2x3x8xf32>)
func.func @on_memrefs(%x: memref<2x3x8xf32>, %y: memref<2x3x8xf32>) {
  coopmlir.layer_norm {epsilon = 0.0 : f32} ins(%x : memref<2x3x8xf32>) outs(%y : memref<2x3x8xf32>)
  coopmlir.rms_norm {epsilon = 1.0e-05 : f32} ins(%x : memref<2x3x8xf32>) outs(%y : memref<2x3x8xf32>)
  func.return
}
