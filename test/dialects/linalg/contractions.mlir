// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Transposed and batched contractions as MLIR prints them: linalg.matmul and
// linalg.batch_matmul with `indexing_maps = [...]` in front (printed only
// when not the default), and the named linalg.matmul_transpose_a|b. All
// have MLIR's mixed-precision body, and all round-trip.

// CHECK-LABEL: func.func @a_transposed
// CHECK-NEXT:  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%{{.*}}, %{{.*}} : memref<32x64xf16>, memref<32x48xf16>) outs(%{{.*}} : memref<64x48xf32>)
// GENERIC-LABEL: sym_name = "a_transposed"
// GENERIC:       "linalg.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"
func.func @a_transposed(%a: memref<32x64xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<32x64xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// The default maps, written out, are not printed (as in MLIR).
// CHECK-LABEL: func.func @default_maps
// CHECK-NEXT:  linalg.matmul ins(
func.func @default_maps(%a: memref<64x32xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : memref<64x32xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  func.return
}

// B transposed, unsigned: the maps come first, then the attribute dictionary.
// CHECK-LABEL: func.func @b_transposed_unsigned
// CHECK-NEXT:  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : memref<64x32xi8>, memref<48x32xi8>) outs(%{{.*}} : memref<64x48xi32>)
// GENERIC-LABEL: sym_name = "b_transposed_unsigned"
// GENERIC:       ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// GENERIC-NEXT:    "arith.extui"
func.func @b_transposed_unsigned(%a: memref<64x32xi8>, %b: memref<48x32xi8>, %c: memref<64x48xi32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<64x32xi8>, memref<48x32xi8>) outs(%c : memref<64x48xi32>)
  func.return
}

// CHECK-LABEL: func.func @named_transposes
// CHECK-NEXT:  linalg.matmul_transpose_a ins(%{{.*}}, %{{.*}} : memref<32x64xf16>, memref<32x48xf16>) outs(%{{.*}} : memref<64x48xf32>)
// CHECK-NEXT:  linalg.matmul_transpose_b {cast = #linalg.type_fn<cast_unsigned>} ins(%{{.*}}, %{{.*}} : memref<64x32xi8>, memref<48x32xi8>) outs(%{{.*}} : memref<64x48xi32>)
// GENERIC-LABEL: sym_name = "named_transposes"
// `cast` is inherent (a property), so the generic form has it in <{...}>, as MLIR does.
// GENERIC:       "linalg.matmul_transpose_a"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: f16, %{{.*}}: f16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"
// GENERIC:       "linalg.matmul_transpose_b"(%{{.*}}, %{{.*}}, %{{.*}}) <{cast = #linalg.type_fn<cast_unsigned>, operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// GENERIC-NEXT:    "arith.extui"
func.func @named_transposes(%a: memref<32x64xf16>, %b: memref<32x48xf16>, %c: memref<64x48xf32>, %x: memref<64x32xi8>, %y: memref<48x32xi8>, %z: memref<64x48xi32>) {
  linalg.matmul_transpose_a ins(%a, %b : memref<32x64xf16>, memref<32x48xf16>) outs(%c : memref<64x48xf32>)
  linalg.matmul_transpose_b {cast = #linalg.type_fn<cast_unsigned>} ins(%x, %y : memref<64x32xi8>, memref<48x32xi8>) outs(%z : memref<64x48xi32>)
  func.return
}

// linalg.batch_matmul (missing from xDSL 0.74), plain, with maps, on tensors.
// CHECK-LABEL: func.func @batch
// CHECK-NEXT:  linalg.batch_matmul ins(%{{.*}}, %{{.*}} : memref<4x64x32xbf16>, memref<4x32x48xbf16>) outs(%{{.*}} : memref<4x64x48xf32>)
// CHECK-NEXT:  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%{{.*}}, %{{.*}} : memref<4x32x64xbf16>, memref<4x32x48xbf16>) outs(%{{.*}} : memref<4x64x48xf32>)
// CHECK-NEXT:  %{{.*}} = linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<2x8x4xi8>, tensor<2x4x8xi8>) outs(%{{.*}} : tensor<2x8x8xi32>) -> tensor<2x8x8xi32>
// GENERIC-LABEL: sym_name = "batch"
// GENERIC:       "linalg.batch_matmul"(%{{.*}}, %{{.*}}, %{{.*}}) <{{{.*}}}> ({
// GENERIC-NEXT:  ^bb0(%{{.*}}: bf16, %{{.*}}: bf16, %{{.*}}: f32):
// GENERIC-NEXT:    "arith.extf"(%{{.*}}) : (bf16) -> f32
// GENERIC-NEXT:    "arith.extf"(%{{.*}}) : (bf16) -> f32
// GENERIC-NEXT:    "arith.mulf"
// GENERIC-NEXT:    "arith.addf"
// GENERIC-NEXT:    "linalg.yield"
func.func @batch(%a: memref<4x64x32xbf16>, %b: memref<4x32x48xbf16>, %c: memref<4x64x48xf32>, %at: memref<4x32x64xbf16>, %x: tensor<2x8x4xi8>, %y: tensor<2x4x8xi8>, %z: tensor<2x8x8xi32>) -> tensor<2x8x8xi32> {
  linalg.batch_matmul ins(%a, %b : memref<4x64x32xbf16>, memref<4x32x48xbf16>) outs(%c : memref<4x64x48xf32>)
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%at, %b : memref<4x32x64xbf16>, memref<4x32x48xbf16>) outs(%c : memref<4x64x48xf32>)
  %r = linalg.batch_matmul ins(%x, %y : tensor<2x8x4xi8>, tensor<2x4x8xi8>) outs(%z : tensor<2x8x8xi32>) -> tensor<2x8x8xi32>
  func.return %r : tensor<2x8x8xi32>
}
