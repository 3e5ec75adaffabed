// RUN: cat %s | coopmlir-opt - | filecheck %s
// RUN: cat %s | coopmlir-opt | filecheck %s
// RUN: cat %s > %t && coopmlir-opt %t | filecheck %s
// RUN: not coopmlir-opt %S/Inputs/missing.mlir 2>&1 | filecheck %s --check-prefix=MISSING
// RUN: cat %s | not coopmlir-opt - --verify-diagnostics 2>&1 | filecheck %s --check-prefix=STDIN

// The input: a file of any name (lit's %t has no extension), or stdin as
// `-` or no file at all.

// CHECK: func.func @f
func.func @f() {
  func.return // expected-error {{nothing}}
}

// MISSING: missing.mlir: error: cannot read the input: No such file or directory
// STDIN: stdin:[[# @LINE - 4]]:18: error: expected error "nothing" was not produced
