// RUN: %roundtrip | filecheck %s
// RUN: %roundtrip-generic | filecheck %s
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// The matrix-level ops (SPV_NV_cooperative_matrix2's reduce, per-element op
// and transpose) in their pretty form; both round trips print the same.

// Every mode, the compact (M x 1, 1 x N, 1 x 1) and broadcast result shapes.
// CHECK-LABEL: func.func @reduce
// CHECK:      %{{.*}} = coopmat.reduce add rows %[[M:.*]] : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
// CHECK-NEXT: %{{.*}} = coopmat.reduce max rows %[[M]] : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x8xf32, acc>
// CHECK-NEXT: %{{.*}} = coopmat.reduce min cols %[[M]] : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<1x8xf32, acc>
// CHECK-NEXT: %{{.*}} = coopmat.reduce add both %[[M]] : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<1x1xf32, acc>
// CHECK-NEXT: %{{.*}} = coopmat.reduce max rows %{{.*}} {unsigned} : !coopmat.matrix<8x8xi32, acc> -> !coopmat.matrix<8x1xi32, acc>
// CHECK-NEXT: %{{.*}} = coopmat.reduce max quads %[[M]] : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<8x4xf32, acc>
func.func @reduce(%m: !coopmat.matrix<16x8xf32, acc>, %n: !coopmat.matrix<8x8xi32, acc>) {
  %r = coopmat.reduce add rows %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
  %rb = coopmat.reduce max rows %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x8xf32, acc>
  %c = coopmat.reduce min cols %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<1x8xf32, acc>
  %b = coopmat.reduce add both %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<1x1xf32, acc>
  %u = coopmat.reduce max rows %n {unsigned} : !coopmat.matrix<8x8xi32, acc> -> !coopmat.matrix<8x1xi32, acc>
  %q = coopmat.reduce max quads %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<8x4xf32, acc>
  "test.op"(%r, %rb, %c, %b, %u, %q) : (!coopmat.matrix<16x1xf32, acc>, !coopmat.matrix<16x8xf32, acc>, !coopmat.matrix<1x8xf32, acc>, !coopmat.matrix<1x1xf32, acc>, !coopmat.matrix<8x1xi32, acc>, !coopmat.matrix<8x4xf32, acc>) -> ()
  func.return
}

// A causal mask with a captured scale: row and column are index arguments,
// the captured value is the last block argument.
// CHECK-LABEL: func.func @apply
// CHECK:      %{{.*}} = coopmat.apply %{{.*}} captures(%{{.*}} : f16) : !coopmat.matrix<16x16xf16, acc> {
// CHECK-NEXT: ^{{.*}}(%[[I:.*]]: index, %[[J:.*]]: index, %[[V:.*]]: f16, %[[S:.*]]: f16):
// CHECK-NEXT:   %[[X:.*]] = arith.mulf %[[V]], %[[S]] : f16
// CHECK-NEXT:   %[[LE:.*]] = arith.cmpi ule, %[[J]], %[[I]] : index
// CHECK-NEXT:   %[[NEG:.*]] = arith.constant -6.550400e+04 : f16
// CHECK-NEXT:   %[[R:.*]] = arith.select %[[LE]], %[[X]], %[[NEG]] : f16
// CHECK-NEXT:   coopmat.yield %[[R]] : f16
// CHECK-NEXT: }
// CHECK-NEXT: %{{.*}} = coopmat.apply %{{.*}} : !coopmat.matrix<16x16xf16, acc> {
// CHECK-NEXT: ^{{.*}}(%{{.*}}: index, %{{.*}}: index, %[[W:.*]]: f16):
// CHECK-NEXT:   %[[E:.*]] = math.exp %[[W]] : f16
// CHECK-NEXT:   coopmat.yield %[[E]] : f16
// CHECK-NEXT: }
func.func @apply(%m: !coopmat.matrix<16x16xf16, acc>, %scale: f16) {
  %masked = coopmat.apply %m captures(%scale : f16) : !coopmat.matrix<16x16xf16, acc> {
  ^bb0(%i: index, %j: index, %v: f16, %s: f16):
    %x = arith.mulf %v, %s : f16
    %le = arith.cmpi ule, %j, %i : index
    %neg = arith.constant -65504.0 : f16
    %r = arith.select %le, %x, %neg : f16
    coopmat.yield %r : f16
  }
  %e = coopmat.apply %masked : !coopmat.matrix<16x16xf16, acc> {
  ^bb0(%i: index, %j: index, %w: f16):
    %y = math.exp %w : f16
    coopmat.yield %y : f16
  }
  "test.op"(%e) : (!coopmat.matrix<16x16xf16, acc>) -> ()
  func.return
}

// CHECK-LABEL: func.func @transpose
// CHECK: %{{.*}} = coopmat.transpose %{{.*}} : !coopmat.matrix<16x8xf16, acc> -> !coopmat.matrix<8x16xf16, b>
func.func @transpose(%m: !coopmat.matrix<16x8xf16, acc>) {
  %t = coopmat.transpose %m : !coopmat.matrix<16x8xf16, acc> -> !coopmat.matrix<8x16xf16, b>
  "test.op"(%t) : (!coopmat.matrix<8x16xf16, b>) -> ()
  func.return
}

// GENERIC: "coopmat.reduce"(%{{.*}}) <{kind = #coopmat<reduce_kind add>, mode = #coopmat<reduce_mode rows>}> : (!coopmat.matrix<16x8xf32, acc>) -> !coopmat.matrix<16x1xf32, acc>
// GENERIC: "coopmat.apply"(%{{.*}}, %{{.*}}) ({
// GENERIC: "coopmat.yield"(%{{.*}}) : (f16) -> ()
// GENERIC: "coopmat.transpose"(%{{.*}}) : (!coopmat.matrix<16x8xf16, acc>) -> !coopmat.matrix<8x16xf16, b>
