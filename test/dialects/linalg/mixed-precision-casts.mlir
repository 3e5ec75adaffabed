// RUN: %roundtrip | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Input/output pairs that MLIR joins with a cast other than a widening
// (OpDSL's cast_signed: sitofp, truncf, ...) parse as MLIR 22 builds them:
// the body casts each input to the output type, then multiplies and adds
// (lower-to-coopmat computes such a body in a loop kernel, with a remark:
// test/passes/lower-to-coopmat-named-ops.mlir).

// CHECK-LABEL: func.func @int_into_float
// CHECK-NEXT:  linalg.matmul ins(%{{.*}}, %{{.*}} : memref<16x16xi8>, memref<16x16xi8>) outs(%{{.*}} : memref<16x16xf32>)
// GENERIC-LABEL: sym_name = "int_into_float"
// GENERIC:       ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[C:.*]]: f32):
// GENERIC-NEXT:    %[[AF:.*]] = "arith.sitofp"(%[[A]]) : (i8) -> f32
// GENERIC-NEXT:    %[[BF:.*]] = "arith.sitofp"(%[[B]]) : (i8) -> f32
// GENERIC-NEXT:    %[[P:.*]] = "arith.mulf"(%[[AF]], %[[BF]])
// GENERIC-NEXT:    "arith.addf"(%[[C]], %[[P]])
func.func @int_into_float(%a: memref<16x16xi8>, %b: memref<16x16xi8>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xi8>, memref<16x16xi8>) outs(%c : memref<16x16xf32>)
  func.return
}

// CHECK-LABEL: func.func @unsigned_into_float
// GENERIC-LABEL: sym_name = "unsigned_into_float"
// GENERIC:         "arith.uitofp"(%{{.*}}) : (i8) -> f32
func.func @unsigned_into_float(%a: memref<2x16x16xi8>, %b: memref<2x16x16xi8>, %c: memref<2x16x16xf32>) {
  linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x16x16xi8>, memref<2x16x16xi8>) outs(%c : memref<2x16x16xf32>)
  func.return
}

// CHECK-LABEL: func.func @wide_into_narrow
// GENERIC-LABEL: sym_name = "wide_into_narrow"
// GENERIC:         "arith.truncf"(%{{.*}}) : (f32) -> f16
// GENERIC-NEXT:    "arith.truncf"(%{{.*}}) : (f32) -> f16
// GENERIC-NEXT:    "arith.mulf"
func.func @wide_into_narrow(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf16>) {
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf16>)
  func.return
}

// CHECK-LABEL: func.func @float_into_int
// GENERIC-LABEL: sym_name = "float_into_int"
// GENERIC:         "arith.fptosi"(%{{.*}}) : (f16) -> i32
func.func @float_into_int(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xi32>) {
  linalg.matmul ins(%a, %b : memref<16x16xf16>, memref<16x16xf16>) outs(%c : memref<16x16xi32>)
  func.return
}
