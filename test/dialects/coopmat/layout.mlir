// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Subgroup layouts: as the last parameter of a matrix type, and as the
// discardable attribute `coopmat.layout` on an op. Both round trips must print
// the same; a type without a layout prints as before.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>
// CHECK-SAME: !coopmat.matrix<32x16xf16, b, #coopmat.layout<tinytc, subgroup = 8>>
// CHECK-SAME: !coopmat.matrix<4x15xf32, acc, #coopmat.layout<tinytc, subgroup = 64>>
// CHECK-SAME: !coopmat.matrix<32x16xf16, a, #coopmat.layout<row, subgroup = 32>>
// CHECK-SAME: !coopmat.matrix<16x64xi8, b, #coopmat.layout<row, subgroup = 64>>
// CHECK-SAME: !coopmat.matrix<16x4xf32, acc, #coopmat.layout<row, subgroup = 16>>
// CHECK-SAME: !coopmat.matrix<16x16xf32, acc, workgroup>
func.func @types(%a: !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>,
                 %b: !coopmat.matrix<32x16xf16, b, #coopmat.layout<tinytc, subgroup = 8>>,
                 %c: !coopmat.matrix<4x15xf32, acc, subgroup, #coopmat.layout<tinytc, subgroup = 64>>,
                 %ra: !coopmat.matrix<32x16xf16, a, #coopmat.layout<row, subgroup = 32>>,
                 %rb: !coopmat.matrix<16x64xi8, b, #coopmat.layout<row, subgroup = 64>>,
                 %rc: !coopmat.matrix<16x4xf32, acc, #coopmat.layout<row, subgroup = 16>>,
                 %w: !coopmat.matrix<16x16xf32, acc, workgroup>) {
  func.return
}

// Matrices with a layout in their type flow through the ops unchanged.

// CHECK-LABEL: func.func @typed
// CHECK:      %[[A:.*]] = coopmat.load %{{.*}}[%[[I:.*]], %[[I]]] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>
// CHECK-NEXT: %[[B:.*]] = coopmat.load %{{.*}}[%[[I]], %[[I]]] col_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, b, #coopmat.layout<tinytc, subgroup = 16>>
// CHECK-NEXT: %[[D:.*]] = coopmat.mul_add %[[A]], %[[B]], %[[C:.*]] : !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>, !coopmat.matrix<16x16xf16, b, #coopmat.layout<tinytc, subgroup = 16>> -> !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>>
// CHECK-NEXT: %[[V:.*]] = coopmat.to_vector %[[D]] : !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>> -> vector<16xf32>
// CHECK-NEXT: %[[N:.*]] = coopmat.length : !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>
// CHECK-NEXT: coopmat.store %[[D]], %{{.*}}[%[[I]], %[[I]]] row_major : !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>>, memref<64x64xf32>
// CHECK-NEXT: "test.op"(%[[V]], %[[N]])
func.func @typed(%A: memref<64x64xf16>, %Out: memref<64x64xf32>,
                 %c: !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>>) {
  %i = arith.constant 0 : index
  %a = coopmat.load %A[%i, %i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>
  %b = coopmat.load %A[%i, %i] col_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, b, #coopmat.layout<tinytc, subgroup = 16>>
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>, !coopmat.matrix<16x16xf16, b, #coopmat.layout<tinytc, subgroup = 16>> -> !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>>
  %v = coopmat.to_vector %d : !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>> -> vector<16xf32>
  %n = coopmat.length : !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>
  coopmat.store %d, %Out[%i, %i] row_major : !coopmat.matrix<16x16xf32, acc, #coopmat.layout<row, subgroup = 16>>, memref<64x64xf32>
  "test.op"(%v, %n) : (vector<16xf32>, index) -> ()
  func.return
}

// `coopmat.layout` on an op is the default for its matrices without a layout
// (and for those of nested ops); it does not clash with load/store's `layout`.

// CHECK-LABEL: func.func @discardable
// CHECK-SAME: attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>}
// CHECK:      %[[A:.*]] = coopmat.load %{{.*}}[%[[I:.*]], %[[I]]] row_major {coopmat.layout = #coopmat.layout<row, subgroup = 16>} : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: %[[S:.*]] = coopmat.scale %[[A]], %{{.*}} : !coopmat.matrix<16x16xf16, a>, f16
// CHECK-NEXT: %[[N:.*]] = coopmat.length {coopmat.layout = #coopmat.layout<row, subgroup = 64>} : !coopmat.matrix<64x32xf16, b>
// CHECK-NEXT: %[[W:.*]] = coopmat.neg %{{.*}} : !coopmat.matrix<16x16xf32, acc, workgroup>
// CHECK-NEXT: "test.op"(%[[S]], %[[N]], %[[W]])
func.func @discardable(%A: memref<64x64xf16>, %s: f16, %w: !coopmat.matrix<16x16xf32, acc, workgroup>)
    attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} {
  %i = arith.constant 0 : index
  %a = coopmat.load %A[%i, %i] row_major {coopmat.layout = #coopmat.layout<row, subgroup = 16>} : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  %sa = coopmat.scale %a, %s : !coopmat.matrix<16x16xf16, a>, f16
  %n = coopmat.length {coopmat.layout = #coopmat.layout<row, subgroup = 64>} : !coopmat.matrix<64x32xf16, b>
  %nw = coopmat.neg %w : !coopmat.matrix<16x16xf32, acc, workgroup>
  "test.op"(%sa, %n, %nw) : (!coopmat.matrix<16x16xf16, a>, index, !coopmat.matrix<16x16xf32, acc, workgroup>) -> ()
  func.return
}

// The generic form keeps the memory layout a property and the subgroup layout
// a discardable attribute.

// GENERIC-LABEL: "func.func"() <{sym_name = "discardable"
// GENERIC:      "coopmat.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{layout = #coopmat<memory_layout row_major>, operandSegmentSizes = array<i32: 1, 2, 0>}> {coopmat.layout = #coopmat.layout<row, subgroup = 16>} : (memref<64x64xf16>, index, index) -> !coopmat.matrix<16x16xf16, a>
// GENERIC:      "coopmat.length"() <{matrix_type = !coopmat.matrix<64x32xf16, b>}> {coopmat.layout = #coopmat.layout<row, subgroup = 64>} : () -> index
// GENERIC:      }) {coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} : () -> ()
