// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=BODY

// linalg.matmul with inputs narrower than the output (xDSL 0.74 rejects these):
// the pretty form round-trips and the implicit body is the one MLIR builds.

// CHECK-LABEL: func.func @f16_f32
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<64x32xf16>, memref<32x48xf16>) outs(%{{.*}} : memref<64x48xf32>)
// BODY-LABEL:  "func.func"() <{sym_name = "f16_f32"
// BODY:        ^bb0(%[[A:.*]]: f16, %[[B:.*]]: f16, %[[C:.*]]: f32):
// BODY-NEXT:     %[[EA:.*]] = "arith.extf"(%[[A]]) : (f16) -> f32
// BODY-NEXT:     %[[EB:.*]] = "arith.extf"(%[[B]]) : (f16) -> f32
// BODY-NEXT:     %[[M:.*]] = "arith.mulf"(%[[EA]], %[[EB]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// BODY-NEXT:     %[[S:.*]] = "arith.addf"(%[[C]], %[[M]]) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// BODY-NEXT:     "linalg.yield"(%[[S]]) : (f32) -> ()
func.func @f16_f32(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  linalg.matmul ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// CHECK-LABEL: func.func @bf16_f32
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<16x8xbf16>, memref<8x16xbf16>) outs(%{{.*}} : memref<16x16xf32>)
// BODY-LABEL:  "func.func"() <{sym_name = "bf16_f32"
// BODY:        ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// BODY-NEXT:     "arith.extf"(%{{.*}}) : (bf16) -> f32
// BODY-NEXT:     "arith.extf"(%{{.*}}) : (bf16) -> f32
// BODY-NEXT:     "arith.mulf"
// BODY-NEXT:     "arith.addf"
func.func @bf16_f32(%a: memref<16x8xbf16>, %b: memref<8x16xbf16>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x8xbf16>, memref<8x16xbf16>) outs(%c : memref<16x16xf32>)
  func.return
}

// CHECK-LABEL: func.func @i8_i32
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<33x47xi8>, memref<47x19xi8>) outs(%{{.*}} : memref<33x19xi32>)
// BODY-LABEL:  "func.func"() <{sym_name = "i8_i32"
// BODY:        ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: i32):
// BODY-NEXT:     %[[EA:.*]] = "arith.extsi"(%[[A]]) : (i8) -> i32
// BODY-NEXT:     %[[EB:.*]] = "arith.extsi"(%[[B]]) : (i8) -> i32
// BODY-NEXT:     %[[M:.*]] = "arith.muli"(%[[EA]], %[[EB]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// BODY-NEXT:     %[[S:.*]] = "arith.addi"(%[[C]], %[[M]]) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// BODY-NEXT:     "linalg.yield"(%[[S]]) : (i32) -> ()
func.func @i8_i32(%a: memref<33x47xi8>, %b: memref<47x19xi8>, %c: memref<33x19xi32>) {
  linalg.matmul ins(%a, %b : memref<33x47xi8>, memref<47x19xi8>) outs(%c : memref<33x19xi32>)
  func.return
}

// MLIR's unsigned cast: zero extension.
// CHECK-LABEL: func.func @u8_i32
// CHECK-NEXT:  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : memref<16x32xi8>, memref<32x16xi8>) outs(%{{.*}} : memref<16x16xi32>)
// BODY-LABEL:  "func.func"() <{sym_name = "u8_i32"
// BODY:        ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// BODY-NEXT:     "arith.extui"(%{{.*}}) : (i8) -> i32
// BODY-NEXT:     "arith.extui"(%{{.*}}) : (i8) -> i32
// BODY-NEXT:     "arith.muli"
func.func @u8_i32(%a: memref<16x32xi8>, %b: memref<32x16xi8>, %c: memref<16x16xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<16x32xi8>, memref<32x16xi8>) outs(%c : memref<16x16xi32>)
  func.return
}

// Same precision: no casts.
// CHECK-LABEL: func.func @f32_f32
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<1x1xf32>, memref<1x1xf32>) outs(%{{.*}} : memref<1x1xf32>)
// BODY-LABEL:  "func.func"() <{sym_name = "f32_f32"
// BODY:        ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// BODY-NEXT:     %[[M:.*]] = "arith.mulf"(%[[A]], %[[B]])
// BODY-NEXT:     "arith.addf"(%[[C]], %[[M]])
func.func @f32_f32(%a: memref<1x1xf32>, %b: memref<1x1xf32>, %c: memref<1x1xf32>) {
  linalg.matmul ins(%a, %b : memref<1x1xf32>, memref<1x1xf32>) outs(%c : memref<1x1xf32>)
  func.return
}

// The tensor form a frontend produces.
// CHECK-LABEL: func.func @tensor_f16_f32
// CHECK:       %{{.*}} = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x32xf16>, tensor<32x48xf16>) outs(%{{.*}} : tensor<64x48xf32>) -> tensor<64x48xf32>
func.func @tensor_f16_f32(%a: tensor<64x32xf16>, %b: tensor<32x48xf16>, %c: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %d = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x48xf16>) outs(%c : tensor<64x48xf32>) -> tensor<64x48xf32>
  func.return %d : tensor<64x48xf32>
}
