// RUN: coopmlir-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: coopmlir-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: coopmlir-opt %s --mlir-print-debuginfo | filecheck %s --check-prefix=DEBUGINFO
// RUN: coopmlir-opt %s --print-debuginfo | filecheck %s --check-prefix=DEBUGINFO
// RUN: coopmlir-opt %s --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s --check-prefix=DEBUGINFO
// RUN: coopmlir-opt %s --mlir-print-local-scope | filecheck %s --check-prefix=LOCAL

// mlir-opt's printing flags, and xdsl-opt's spellings of the first two.

// GENERIC: "func.func"() <{sym_name = "f", function_type = (i32) -> i32}> ({
// GENERIC: "arith.addi"(%{{.*}}, %{{.*}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32

// Locations in place (coopmlir never prints location or attribute aliases,
// so --mlir-print-local-scope changes nothing).
// DEBUGINFO: %{{.*}} = arith.addi %{{.*}}, %{{.*}} : i32 loc("{{.*}}mlir-print-flags.mlir":[[# @LINE + 7]]:3)
// DEBUGINFO: } loc("{{.*}}mlir-print-flags.mlir":[[# @LINE + 5]]:1)

// LOCAL:      func.func @f(%x: i32) -> i32 {
// LOCAL-NEXT:   %{{.*}} = arith.addi %x, %x : i32
// LOCAL-NOT:  loc(
func.func @f(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  func.return %y : i32
}
