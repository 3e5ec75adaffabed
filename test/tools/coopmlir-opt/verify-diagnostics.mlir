// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics | filecheck %s

// Every form of expectation, each met: exit code 0, nothing on stderr, and
// the chunks without errors are printed as usual. (Verification stops at
// the first error, so each chunk has one; one diagnostic meets one
// expectation.)

// The diagnostic on the same line as the expectation.
func.func @same_line(%m: !coopmat.matrix<0x16xf16, a>) { // expected-error {{matrix shape 0x16 must be positive}}
  func.return
}

// -----

func.func @plus(%mem: memref<64x64xf16>, %i: index) {
  // expected-error@+1 {{needs 2 indices, got 1}}
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}

// -----

func.func @minus(%mem: memref<64x64xf16>, %i: index) {
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
  // expected-error@-2 {{'coopmat.load' op coopmat.load: memref<64x64xf16>}}
}

// -----

func.func @above(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  // expected-error@above {{scalar type f16 does not match the element type f32}}
  func.return
}

// -----

func.func @below(%x: f16) {
  // expected-error@below {{'coopmat.splat' op splat value type f16 does not match}}
  %m = coopmat.splat %x : f16 -> !coopmat.matrix<16x16xf32, acc>
  func.return
}

// -----

// -re: {{...}} blocks are regular expressions, the rest is literal.
func.func @regex(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-error-re@+1 {{scalar type f{{[0-9]+}} does not match the element type {{f(16|32)}} of !coopmat.matrix<16x16xf32, acc>}}
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}

// -----

// A chunk without diagnostics and without expectations passes and is printed.
// CHECK: func.func @valid
// CHECK-NOT: func.func
func.func @valid(%m: !coopmat.matrix<16x16xf32, acc>) {
  func.return
}
