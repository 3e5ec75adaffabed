// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// Every coopmat op in its pretty form; both round trips must print the same.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !coopmat.matrix<16x16xf16, a>
// CHECK-SAME: !coopmat.matrix<8x32xbf16, b>
// CHECK-SAME: !coopmat.matrix<16x8xf32, acc>
// CHECK-SAME: !coopmat.matrix<16x16xf64, acc, workgroup>
// CHECK-SAME: !coopmat.matrix<16x32xi8, a>
// CHECK-SAME: !coopmat.matrix<16x16xi32, acc>
// CHECK-SAME: !coopmat.matrix<16x32xf8E4M3FN, a>
// CHECK-SAME: !coopmat.matrix<32x16xf8E5M2, b>
func.func @types(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<8x32xbf16, b>,
                 %c: !coopmat.matrix<16x8xf32, acc>, %d: !coopmat.matrix<16x16xf64, acc, workgroup>,
                 %e: !coopmat.matrix<16x32xi8, a>, %f: !coopmat.matrix<16x16xi32, acc, subgroup>,
                 %g: !coopmat.matrix<16x32xf8E4M3FN, a>, %h: !coopmat.matrix<32x16xf8E5M2, b>) {
  func.return
}

// CHECK-LABEL: func.func @memory
// CHECK:      %[[A:.*]] = coopmat.load %{{.*}}[%[[I:.*]], %[[J:.*]]] row_major : memref<64x32xf16> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: %[[B:.*]] = coopmat.load %{{.*}}[%[[I]], %[[J]]] col_major checked(both) : memref<32x48xf16> -> !coopmat.matrix<16x16xf16, b>
// CHECK-NEXT: %[[F:.*]] = coopmat.load %{{.*}}[%[[I]]] stride %{{.*}} row_major : memref<4096xi8> -> !coopmat.matrix<16x32xi8, a>
// CHECK-NEXT: %[[W:.*]] = coopmat.load %{{.*}}[%[[I]], %[[J]]] stride %{{.*}} col_major checked(rows) : memref<?x?xf32, 3 : i64> -> !coopmat.matrix<16x16xf32, acc, workgroup>
// CHECK-NEXT: coopmat.store %[[W]], %{{.*}}[%[[I]], %[[J]]] stride %{{.*}} row_major checked(cols) : !coopmat.matrix<16x16xf32, acc, workgroup>, memref<?x?xf32, 3 : i64>
// CHECK-NEXT: coopmat.store %[[A]], %{{.*}}[%[[I]], %[[J]]] col_major : !coopmat.matrix<16x16xf16, a>, memref<64x32xf16>
// CHECK-NEXT: "test.op"(%[[B]], %[[F]])
func.func @memory(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %flat: memref<4096xi8>,
                  %shared: memref<?x?xf32, 3>, %s: index) {
  %i = arith.constant 0 : index
  %j = arith.constant 16 : index
  %a = coopmat.load %A[%i, %j] row_major : memref<64x32xf16> -> !coopmat.matrix<16x16xf16, a>
  %b = coopmat.load %B[%i, %j] col_major checked(both) : memref<32x48xf16> -> !coopmat.matrix<16x16xf16, b>
  %f = coopmat.load %flat[%i] stride %s row_major : memref<4096xi8> -> !coopmat.matrix<16x32xi8, a>
  %w = coopmat.load %shared[%i, %j] stride %s col_major checked(rows) : memref<?x?xf32, 3 : i64> -> !coopmat.matrix<16x16xf32, acc, workgroup>
  coopmat.store %w, %shared[%i, %j] stride %s row_major checked(cols) : !coopmat.matrix<16x16xf32, acc, workgroup>, memref<?x?xf32, 3 : i64>
  coopmat.store %a, %A[%i, %j] col_major : !coopmat.matrix<16x16xf16, a>, memref<64x32xf16>
  "test.op"(%b, %f) : (!coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x32xi8, a>) -> ()
  func.return
}

// CHECK-LABEL: func.func @mul_add
// CHECK:      %[[D:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[E:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT: %[[I:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} {a_signed, b_signed, c_signed, result_signed, saturating} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x8xi8, b> -> !coopmat.matrix<16x8xi32, acc>
// CHECK-NEXT: %[[U:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x8xi8, b> -> !coopmat.matrix<16x8xi32, acc>
// CHECK-NEXT: %[[BF:.*]] = coopmat.mul_add %{{.*}}, %{{.*}}, %{{.*}} : !coopmat.matrix<16x16xbf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf32, acc>
func.func @mul_add(%a: !coopmat.matrix<16x16xf16, a>, %b: !coopmat.matrix<16x16xf16, b>,
                   %c: !coopmat.matrix<16x16xf32, acc>, %h: !coopmat.matrix<16x16xf16, acc>,
                   %ia: !coopmat.matrix<16x32xi8, a>, %ib: !coopmat.matrix<32x8xi8, b>,
                   %ic: !coopmat.matrix<16x8xi32, acc>, %ba: !coopmat.matrix<16x16xbf16, a>,
                   %bb: !coopmat.matrix<16x16xbf16, b>) {
  %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  %e = coopmat.mul_add %a, %b, %h : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf16, acc>
  %i = coopmat.mul_add %ia, %ib, %ic {a_signed, b_signed, c_signed, result_signed, saturating} : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x8xi8, b> -> !coopmat.matrix<16x8xi32, acc>
  %u = coopmat.mul_add %ia, %ib, %ic : !coopmat.matrix<16x32xi8, a>, !coopmat.matrix<32x8xi8, b> -> !coopmat.matrix<16x8xi32, acc>
  %bf = coopmat.mul_add %ba, %bb, %c : !coopmat.matrix<16x16xbf16, a>, !coopmat.matrix<16x16xbf16, b> -> !coopmat.matrix<16x16xf32, acc>
  "test.op"(%d, %e, %i, %u, %bf) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xf16, acc>, !coopmat.matrix<16x8xi32, acc>, !coopmat.matrix<16x8xi32, acc>, !coopmat.matrix<16x16xf32, acc>) -> ()
  func.return
}

// CHECK-LABEL: func.func @elementwise
// CHECK:      %[[ADD:.*]] = coopmat.add %[[X:.*]], %[[Y:.*]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[SUB:.*]] = coopmat.sub %[[ADD]], %[[Y]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[MUL:.*]] = coopmat.mul %[[SUB]], %[[X]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[DIV:.*]] = coopmat.div %[[MUL]], %[[Y]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[NEG:.*]] = coopmat.neg %[[DIV]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: %[[SCALE:.*]] = coopmat.scale %[[NEG]], %{{.*}} : !coopmat.matrix<16x16xf32, acc>, f32
// CHECK-NEXT: %[[IDIV:.*]] = coopmat.div %{{.*}}, %{{.*}} {unsigned} : !coopmat.matrix<16x16xi32, acc>
// CHECK-NEXT: "test.op"(%[[SCALE]], %[[IDIV]])
func.func @elementwise(%x: !coopmat.matrix<16x16xf32, acc>, %y: !coopmat.matrix<16x16xf32, acc>,
                       %s: f32, %i: !coopmat.matrix<16x16xi32, acc>) {
  %add = coopmat.add %x, %y : !coopmat.matrix<16x16xf32, acc>
  %sub = coopmat.sub %add, %y : !coopmat.matrix<16x16xf32, acc>
  %mul = coopmat.mul %sub, %x : !coopmat.matrix<16x16xf32, acc>
  %div = coopmat.div %mul, %y : !coopmat.matrix<16x16xf32, acc>
  %neg = coopmat.neg %div : !coopmat.matrix<16x16xf32, acc>
  %scale = coopmat.scale %neg, %s : !coopmat.matrix<16x16xf32, acc>, f32
  %idiv = coopmat.div %i, %i {unsigned} : !coopmat.matrix<16x16xi32, acc>
  "test.op"(%scale, %idiv) : (!coopmat.matrix<16x16xf32, acc>, !coopmat.matrix<16x16xi32, acc>) -> ()
  func.return
}

// CHECK-LABEL: func.func @per_work_item
// CHECK:      %[[Z:.*]] = coopmat.splat %{{.*}} : f16 -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: %[[N:.*]] = coopmat.length : !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: %[[E:.*]] = coopmat.extract %[[Z]][%{{.*}}] : !coopmat.matrix<16x16xf16, a> -> f16
// CHECK-NEXT: %[[M:.*]] = coopmat.insert %[[E]], %[[Z]][%{{.*}}] : f16, !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: "test.op"(%[[N]], %[[M]])
func.func @per_work_item(%h: f16, %k: index) {
  %z = coopmat.splat %h : f16 -> !coopmat.matrix<16x16xf16, a>
  %n = coopmat.length : !coopmat.matrix<16x16xf16, a>
  %e = coopmat.extract %z[%k] : !coopmat.matrix<16x16xf16, a> -> f16
  %m = coopmat.insert %e, %z[%k] : f16, !coopmat.matrix<16x16xf16, a>
  "test.op"(%n, %m) : (index, !coopmat.matrix<16x16xf16, a>) -> ()
  func.return
}

// CHECK-LABEL: func.func @conversions
// CHECK:      %[[T:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT: %[[TA:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, a>
// CHECK-NEXT: %[[TB:.*]] = coopmat.convert %{{.*}} : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf16, b>
// CHECK-NEXT: %[[TI:.*]] = coopmat.convert %{{.*}} {unsigned} : !coopmat.matrix<16x32xi8, a> -> !coopmat.matrix<16x32xf16, a>
// CHECK-NEXT: "test.op"(%[[T]], %[[TA]], %[[TB]], %[[TI]])
func.func @conversions(%c: !coopmat.matrix<16x16xf32, acc>, %h: !coopmat.matrix<16x16xf16, acc>,
                       %i: !coopmat.matrix<16x32xi8, a>) {
  %t = coopmat.convert %c : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
  %ta = coopmat.convert %c : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, a>
  %tb = coopmat.convert %h : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf16, b>
  %ti = coopmat.convert %i {unsigned} : !coopmat.matrix<16x32xi8, a> -> !coopmat.matrix<16x32xf16, a>
  "test.op"(%t, %ta, %tb, %ti) : (!coopmat.matrix<16x16xf16, acc>, !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b>, !coopmat.matrix<16x32xf16, a>) -> ()
  func.return
}

// The VK_QCOM_cooperative_matrix_conversion proposal's cases: A rows and B columns of 32 bytes, packed uint32 forms,
// accumulator rows of S, S/2 or S/4 elements.
// CHECK-LABEL: func.func @qcom_conversions
// CHECK:      %[[A8:.*]] = coopmat.from_vector %{{.*}} {subgroup_size = 64 : i32} : vector<32xi8> -> !coopmat.matrix<64x32xi8, a>
// CHECK-NEXT: %[[A8P:.*]] = coopmat.from_vector %{{.*}} : vector<8xi32> -> !coopmat.matrix<64x32xi8, a>
// CHECK-NEXT: %[[B32:.*]] = coopmat.from_vector %{{.*}} {subgroup_size = 64 : i32} : vector<8xf32> -> !coopmat.matrix<8x64xf32, b>
// CHECK-NEXT: %[[C16:.*]] = coopmat.from_vector %{{.*}} {subgroup_size = 64 : i32} : vector<32xf16> -> !coopmat.matrix<64x32xf16, acc>
// CHECK-NEXT: %[[C16P:.*]] = coopmat.from_vector %{{.*}} : vector<16xi32> -> !coopmat.matrix<64x32xf16, acc>
// CHECK-NEXT: %[[V:.*]] = coopmat.to_vector %[[C16]] : !coopmat.matrix<64x32xf16, acc> -> vector<32xf16>
// CHECK-NEXT: %[[VP:.*]] = coopmat.to_vector %[[A8]] : !coopmat.matrix<64x32xi8, a> -> vector<8xi32>
// CHECK-NEXT: %[[BC:.*]] = coopmat.bitcast_array %[[V]] : vector<32xf16> -> vector<16xi32>
// CHECK-NEXT: %[[BF:.*]] = coopmat.bitcast_array %{{.*}} : vector<8xi32> -> vector<8xf32>
// CHECK-NEXT: %{{.*}} = arith.constant 24 : index
// CHECK-NEXT: %[[S0:.*]] = coopmat.extract_subarray %{{.*}}[%{{.*}}] : vector<32xf32> -> vector<8xf32>
// CHECK-NEXT: %[[S1:.*]] = coopmat.extract_subarray %{{.*}}[%{{.*}}] : vector<32xf32> -> vector<8xf32>
func.func @qcom_conversions(%i8row: vector<32xi8>, %packed: vector<8xi32>, %fcol: vector<8xf32>,
                            %hrow: vector<32xf16>, %hpacked: vector<16xi32>, %acc: vector<32xf32>,
                            %dyn: index) {
  %a8 = coopmat.from_vector %i8row {subgroup_size = 64 : i32} : vector<32xi8> -> !coopmat.matrix<64x32xi8, a>
  %a8p = coopmat.from_vector %packed : vector<8xi32> -> !coopmat.matrix<64x32xi8, a>
  %b32 = coopmat.from_vector %fcol {subgroup_size = 64 : i32} : vector<8xf32> -> !coopmat.matrix<8x64xf32, b>
  %c16 = coopmat.from_vector %hrow {subgroup_size = 64 : i32} : vector<32xf16> -> !coopmat.matrix<64x32xf16, acc>
  %c16p = coopmat.from_vector %hpacked : vector<16xi32> -> !coopmat.matrix<64x32xf16, acc>
  %v = coopmat.to_vector %c16 : !coopmat.matrix<64x32xf16, acc> -> vector<32xf16>
  %vp = coopmat.to_vector %a8 : !coopmat.matrix<64x32xi8, a> -> vector<8xi32>
  %bc = coopmat.bitcast_array %v : vector<32xf16> -> vector<16xi32>
  %bf = coopmat.bitcast_array %packed : vector<8xi32> -> vector<8xf32>
  %c24 = arith.constant 24 : index
  %s0 = coopmat.extract_subarray %acc[%c24] : vector<32xf32> -> vector<8xf32>
  %s1 = coopmat.extract_subarray %acc[%dyn] : vector<32xf32> -> vector<8xf32>
  "test.op"(%a8p, %b32, %c16p, %vp, %bc, %bf, %s0, %s1) : (!coopmat.matrix<64x32xi8, a>, !coopmat.matrix<8x64xf32, b>, !coopmat.matrix<64x32xf16, acc>, vector<8xi32>, vector<16xi32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) -> ()
  func.return
}

// The generic form spells properties and enums explicitly.
// GENERIC: "coopmat.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{layout = #coopmat<memory_layout row_major>, operandSegmentSizes = array<i32: 1, 2, 0>}> : (memref<64x32xf16>, index, index) -> !coopmat.matrix<16x16xf16, a>
// GENERIC: "coopmat.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{layout = #coopmat<memory_layout col_major>, checked = #coopmat<checked both>, operandSegmentSizes = array<i32: 1, 2, 0>}>
// GENERIC: "coopmat.mul_add"(%{{.*}}, %{{.*}}, %{{.*}}) <{a_signed, b_signed, c_signed, result_signed, saturating}>
// GENERIC: "coopmat.length"() <{matrix_type = !coopmat.matrix<16x16xf16, a>}> : () -> index
