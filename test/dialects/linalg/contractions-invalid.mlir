// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// Indexing maps must agree with the operand shapes, and be affine maps.

// The maps say A is k x m, the type says m x k.
// CHECK: contractions-invalid.mlir:[[# @LINE + 3]]:3: error: 'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 64, but found 32
func.func @shape_disagrees(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 64, but found 32}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// -----

// CHECK: contractions-invalid.mlir:[[# @LINE + 3]]:3: error: 'linalg.matmul' op expected the number of indexing_map (2) to be equal to the number of input/output operands (3)
func.func @two_maps(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  // expected-error@+1 {{'linalg.matmul' op expected the number of indexing_map (2) to be equal to the number of input/output operands (3)}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>] ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// -----

// CHECK: contractions-invalid.mlir:[[# @LINE + 3]]:33: error: expected indexing_maps to be an array of affine maps
func.func @not_maps(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  // expected-error@+1 {{expected indexing_maps to be an array of affine maps}}
  linalg.matmul indexing_maps = [1, 2, 3] ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// -----

// CHECK: contractions-invalid.mlir:[[# @LINE + 3]]:3: error: 'linalg.batch_matmul' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 3
func.func @batch_sizes(%a: memref<4x64x32xf16>, %b: memref<3x32x48xf16>, %c: memref<4x64x48xf32>) {
  // expected-error@+1 {{'linalg.batch_matmul' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 3}}
  linalg.batch_matmul ins(%a, %b : memref<4x64x32xf16>, memref<3x32x48xf16>) outs(%c : memref<4x64x48xf32>)
  func.return
}

// -----

// The named transposes take no indexing_maps.
// CHECK: contractions-invalid.mlir:[[# @LINE + 3]]:29: error: linalg.matmul_transpose_a: expected 2 inputs and 1 output
func.func @named_with_maps(%a: memref<32x64xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  // expected-error@+1 {{linalg.matmul_transpose_a: expected 2 inputs and 1 output}}
  linalg.matmul_transpose_a indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<32x64xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}
