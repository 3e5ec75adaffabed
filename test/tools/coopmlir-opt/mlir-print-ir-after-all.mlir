// RUN: coopmlir-opt %s --cse --canonicalize --mlir-print-ir-after-all 2>&1 >/dev/null | filecheck %s
// RUN: coopmlir-opt %s --cse --canonicalize --mlir-print-ir-after-all 2>/dev/null | filecheck %s --check-prefix=OUT

// The module after each pass, on stderr with mlir-opt's banner; stdout keeps
// only the result.

// CHECK:      // -----// IR Dump After CommonSubexpressionElimination (cse) //----- //
// CHECK-NEXT: builtin.module {
// CHECK-COUNT-1: arith.addi
// CHECK-NOT:  arith.addi
// CHECK:      // -----// IR Dump After CanonicalizePass (canonicalize) //----- //
// CHECK-NEXT: builtin.module {
// CHECK-NOT:  IR Dump

// OUT-NOT:    IR Dump
// OUT:        builtin.module {
// OUT-NOT:    IR Dump
func.func @f(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32
  %b = arith.addi %x, %x : i32
  func.return %a, %b : i32, i32
}
