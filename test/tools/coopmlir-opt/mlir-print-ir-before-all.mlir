// RUN: coopmlir-opt %s --cse --canonicalize --mlir-print-ir-before-all 2>&1 >/dev/null | filecheck %s
// RUN: coopmlir-opt %s --cse --canonicalize --mlir-print-ir-before-all 2>/dev/null | filecheck %s --check-prefix=OUT
// RUN: coopmlir-opt %s --cse --canonicalize --print-between-passes 2>/dev/null | filecheck %s --check-prefix=XDSL

// The module before each pass, on stderr with mlir-opt's banner: before cse
// both adds are there.

// CHECK:      // -----// IR Dump Before CommonSubexpressionElimination (cse) //----- //
// CHECK-NEXT: builtin.module {
// CHECK-COUNT-2: arith.addi
// CHECK:      // -----// IR Dump Before CanonicalizePass (canonicalize) //----- //
// CHECK-NEXT: builtin.module {
// CHECK-COUNT-1: arith.addi
// CHECK-NOT:  arith.addi

// OUT-NOT:    IR Dump
// OUT:        builtin.module {

// xdsl-opt's spelling still prints between the passes, on stdout.
// XDSL:      IR after cse:
// XDSL-NEXT: builtin.module {
// XDSL:      builtin.module {
func.func @f(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  func.return %a, %b : i32, i32
}
