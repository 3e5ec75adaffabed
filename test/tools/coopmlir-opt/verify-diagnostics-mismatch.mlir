// RUN: not coopmlir-opt %s --split-input-file --verify-diagnostics 2>&1 >/dev/null | filecheck %s

// Every way expectations and diagnostics can disagree: each is an error at
// its line (as mlir-opt reports it), the source line and a caret follow,
// and the exit code is 1.

// A different text: the diagnostic is unexpected and the expectation unmet.
func.func @wrong_text(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-error@+1 {{scalar type f32 does not match}}
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 3]]:3: error: unexpected error: 'coopmat.scale' op scalar type f16 does not match the element type f32 of !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT: {{^}}  %r = coopmat.scale %m, %s
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: verify-diagnostics-mismatch.mlir:[[# @LINE - 7]]:6: error: expected error "scalar type f32 does not match" was not produced
// CHECK-NEXT: {{^}}  // expected-error@+1
// CHECK-NEXT: {{^}}     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}

// -----

// The right text on the wrong line.
func.func @wrong_line(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-error@+2 {{scalar type f16 does not match}}
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 3]]:3: error: unexpected error: 'coopmat.scale' op scalar type f16
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 5]]:6: error: expected error "scalar type f16 does not match" was not produced

// -----

// The right text with another severity: a near miss, then the unmet one.
func.func @near_miss(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-warning@+1 {{scalar type f16 does not match}}
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 4]]:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 5]]:6: error: expected warning "scalar type f16 does not match" was not produced

// -----

// An expectation in valid IR.
func.func @valid() {
  func.return // expected-error {{never emitted}}
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 2]]:18: error: expected error "never emitted" was not produced

// -----

// A diagnostic nobody expected.
func.func @zero_rows(%m: !coopmat.matrix<0x16xf16, a>) {
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 3]]:26: error: unexpected error: matrix shape 0x16 must be positive

// -----

// Without -re, {{...}} inside the text is literal; with -re, a bad regex is
// an error at the expectation (and the diagnostic is then unexpected).
func.func @regex(%mem: memref<64x64xf16>, %i: index) {
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a> // expected-error {{needs {{[0-9]}} indices}}
  %b = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a> // expected-error-re {{needs {{[0-9} indices}}
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 3]]:96: error: found start of regex with no end '}}'
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 5]]:3: error: unexpected error: 'coopmat.load' op coopmat.load: memref<64x64xf16> needs 2 indices, got 1
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 6]]:96: error: expected error "needs {{[{][{]\[0-9\][}][}]}} indices" was not produced

// -----

func.func @bad_regex(%mem: memref<64x64xf16>, %i: index) {
  // expected-error-re@+1 {{needs {{[0-9}} indices}}
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 4]]:6: error: invalid regex: unterminated character set
// CHECK: verify-diagnostics-mismatch.mlir:[[# @LINE - 4]]:3: error: unexpected error: 'coopmat.load' op
