// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// Input/output pairs that MLIR joins with a narrowing or integer<->float cast
// (its body's truncf, sitofp, ...) are refused where they are written, naming the cast.

func.func @int_into_float(%a: memref<16x16xi8>, %b: memref<16x16xi8>, %c: memref<16x16xf32>) {
  // expected-error@+1 {{linalg.matmul: cannot accumulate i8 inputs into f32: MLIR's body would arith.sitofp every input}}
  linalg.matmul ins(%a, %b : memref<16x16xi8>, memref<16x16xi8>) outs(%c : memref<16x16xf32>)
  func.return
}
// CHECK: mixed-precision-matmul-invalid.mlir:[[# @LINE - 3]]:17: error: linalg.matmul: cannot accumulate i8 inputs into f32

// -----

func.func @wide_into_narrow(%a: memref<16x16xf32>, %b: memref<16x16xf32>, %c: memref<16x16xf16>) {
  // expected-error@+1 {{linalg.matmul: cannot accumulate f32 inputs into f16: MLIR's body would arith.truncf every input, and coopmlir's contractions only widen (extf, extsi, extui)}}
  linalg.matmul ins(%a, %b : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf16>)
  func.return
}
// CHECK: mixed-precision-matmul-invalid.mlir:[[# @LINE - 3]]:17: error: linalg.matmul: cannot accumulate f32 inputs into f16
