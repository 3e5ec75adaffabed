// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s

// coopmlir.decode_attention (dialects/decode_attention.py): f16 K/V on
// tensors, grouped heads (4 query heads per K/V head); i8 K/V with per-position
// and per-head scales on memrefs.

// CHECK-LABEL: func.func @on_tensors
// CHECK-NEXT:    %{{.*}} = coopmlir.decode_attention {scale = 1.250000e-01 : f32, causal} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<2x8x4x64xf16>, tensor<2x2x256x64xf16>, tensor<2x2x256x64xf16>) length(%{{.*}} : tensor<1xi32>) outs(%{{.*}} : tensor<2x8x4x64xf32>) -> tensor<2x8x4x64xf32>
func.func @on_tensors(%q: tensor<2x8x4x64xf16>, %k: tensor<2x2x256x64xf16>, %v: tensor<2x2x256x64xf16>, %n: tensor<1xi32>, %o: tensor<2x8x4x64xf32>) {
  %0 = coopmlir.decode_attention {scale = 0.125 : f32, causal} ins(%q, %k, %v : tensor<2x8x4x64xf16>, tensor<2x2x256x64xf16>, tensor<2x2x256x64xf16>) length(%n : tensor<1xi32>) outs(%o : tensor<2x8x4x64xf32>) -> tensor<2x8x4x64xf32>
  "test.op"(%0) : (tensor<2x8x4x64xf32>) -> ()
  func.return
}

// CHECK-LABEL: func.func @quantized
// CHECK-NEXT:    coopmlir.decode_attention {scale = 1.000000e+00 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<1x4x1x32xf16>, memref<1x1x100x32xi8>, memref<1x1x100x32xi8>) length(%{{.*}} : memref<1xi32>) scales(%{{.*}}, %{{.*}} : memref<1x1x100xf32>, memref<1x1xf16>) outs(%{{.*}} : memref<1x4x1x32xf16>)
func.func @quantized(%q: memref<1x4x1x32xf16>, %k: memref<1x1x100x32xi8>, %v: memref<1x1x100x32xi8>, %n: memref<1xi32>, %ks: memref<1x1x100xf32>, %vs: memref<1x1xf16>, %o: memref<1x4x1x32xf16>) {
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %v : memref<1x4x1x32xf16>, memref<1x1x100x32xi8>, memref<1x1x100x32xi8>) length(%n : memref<1xi32>) scales(%ks, %vs : memref<1x1x100xf32>, memref<1x1xf16>) outs(%o : memref<1x4x1x32xf16>)
  func.return
}

// f8 K/V (E4M3FN codes) with per-head scales.
// CHECK-LABEL: func.func @float8
// CHECK-NEXT:    coopmlir.decode_attention {scale = 1.000000e+00 : f32} ins(%{{.*}}, %{{.*}}, %{{.*}} : memref<1x4x1x32xf16>, memref<1x1x100x32xf8E4M3FN>, memref<1x1x100x32xf8E4M3FN>) length(%{{.*}} : memref<1xi32>) scales(%{{.*}}, %{{.*}} : memref<1x1xf32>, memref<1x1xf32>) outs(%{{.*}} : memref<1x4x1x32xf16>)
func.func @float8(%q: memref<1x4x1x32xf16>, %k: memref<1x1x100x32xf8E4M3FN>, %v: memref<1x1x100x32xf8E4M3FN>, %n: memref<1xi32>, %ks: memref<1x1xf32>, %vs: memref<1x1xf32>, %o: memref<1x4x1x32xf16>) {
  coopmlir.decode_attention {scale = 1.0 : f32} ins(%q, %k, %v : memref<1x4x1x32xf16>, memref<1x1x100x32xf8E4M3FN>, memref<1x1x100x32xf8E4M3FN>) length(%n : memref<1xi32>) scales(%ks, %vs : memref<1x1xf32>, memref<1x1xf32>) outs(%o : memref<1x4x1x32xf16>)
  func.return
}
