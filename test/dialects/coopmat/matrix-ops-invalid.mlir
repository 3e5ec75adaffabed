// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// One case per verifier rule of coopmat.reduce, coopmat.apply (and its
// coopmat.yield) and coopmat.transpose. Every diagnostic names its line.
func.func @reduce_operand_use(%m: !coopmat.matrix<16x16xf16, a>) {
  // expected-error@+1 {{'coopmat.reduce' op reduced matrix must have use 'acc', got !coopmat.matrix<16x16xf16, a>}}
  %r = coopmat.reduce add rows %m : !coopmat.matrix<16x16xf16, a> -> !coopmat.matrix<16x1xf16, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op reduced matrix must have use 'acc', got !coopmat.matrix<16x16xf16, a>

// -----

func.func @reduce_result_use(%m: !coopmat.matrix<16x16xf16, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op reduce result must have use 'acc', got !coopmat.matrix<16x16xf16, b>}}
  %r = coopmat.reduce add rows %m : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x16xf16, b>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op reduce result must have use 'acc', got !coopmat.matrix<16x16xf16, b>

// -----

func.func @reduce_element_type(%m: !coopmat.matrix<16x16xf16, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op reduce keeps element type and scope: !coopmat.matrix<16x16xf16, acc> cannot become !coopmat.matrix<16x1xf32, acc>}}
  %r = coopmat.reduce add rows %m : !coopmat.matrix<16x16xf16, acc> -> !coopmat.matrix<16x1xf32, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op reduce keeps element type and scope: !coopmat.matrix<16x16xf16, acc> cannot become !coopmat.matrix<16x1xf32, acc>

// -----

// quads (2x2 blocks) halves both sizes, which must be even.
func.func @reduce_quads_shape(%m: !coopmat.matrix<16x6xf16, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op a 2x2 (quads) reduction of 16x6 needs even sizes and is 8x3, got 16x3}}
  %r = coopmat.reduce add quads %m : !coopmat.matrix<16x6xf16, acc> -> !coopmat.matrix<16x3xf16, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op a 2x2 (quads) reduction of 16x6 needs even sizes and is 8x3, got 16x3

// -----

func.func @reduce_rows(%m: !coopmat.matrix<16x8xf32, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op a row reduction of 16x8 has 16 rows, got 1x8}}
  %r = coopmat.reduce max rows %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<1x8xf32, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op a row reduction of 16x8 has 16 rows, got 1x8

// -----

func.func @reduce_cols(%m: !coopmat.matrix<16x8xf32, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op a column reduction of 16x8 has 8 columns, got 16x1}}
  %r = coopmat.reduce min cols %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op a column reduction of 16x8 has 8 columns, got 16x1

// -----

func.func @reduce_unsigned(%m: !coopmat.matrix<16x8xf32, acc>) {
  // expected-error@+1 {{'coopmat.reduce' op 'unsigned' only applies to max/min of integer matrices, got max of !coopmat.matrix<16x8xf32, acc>}}
  %r = coopmat.reduce max rows %m {unsigned} : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.reduce' op 'unsigned' only applies to max/min of integer matrices, got max of !coopmat.matrix<16x8xf32, acc>

// -----

func.func @reduce_kind(%m: !coopmat.matrix<16x8xf32, acc>) {
  // expected-error@+1 {{Expected `add`, `max`, or `min`.}}
  %r = coopmat.reduce mul rows %m : !coopmat.matrix<16x8xf32, acc> -> !coopmat.matrix<16x1xf32, acc>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:23: error: Expected `add`, `max`, or `min`.

// -----

func.func @apply_captured_matrix(%m: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.apply' op captured operands are scalars, got !coopmat.matrix<16x16xf32, acc>}}
  %r = coopmat.apply %m captures(%m : !coopmat.matrix<16x16xf32, acc>) : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32, %w: !coopmat.matrix<16x16xf32, acc>):
    coopmat.yield %v : f32
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 6]]:3: error: 'coopmat.apply' op captured operands are scalars, got !coopmat.matrix<16x16xf32, acc>

// -----

func.func @apply_arguments(%m: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.apply' op body arguments must be (row: index, col: index, value: f32) then the captures' types: expected (index, index, f32), got (i32, index, f32)}}
  %r = coopmat.apply %m : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: i32, %j: index, %v: f32):
    coopmat.yield %v : f32
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 6]]:3: error: 'coopmat.apply' op body arguments must be (row: index, col: index, value: f32) then the captures' types: expected (index, index, f32), got (i32, index, f32)

// -----

func.func @apply_missing_capture(%m: !coopmat.matrix<16x16xf32, acc>, %s: f32) {
  // expected-error@+1 {{'coopmat.apply' op body arguments must be (row: index, col: index, value: f32) then the captures' types: expected (index, index, f32, f32), got (index, index, f32)}}
  %r = coopmat.apply %m captures(%s : f32) : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32):
    coopmat.yield %v : f32
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 6]]:3: error: 'coopmat.apply' op body arguments must be (row: index, col: index, value: f32) then the captures' types: expected (index, index, f32, f32), got (index, index, f32)

// -----

func.func @apply_body_op(%m: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.apply' op only arith and math ops may appear in the body, got test.op}}
  %r = coopmat.apply %m : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32):
    %x = "test.op"(%v) : (f32) -> f32
    coopmat.yield %x : f32
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 7]]:3: error: 'coopmat.apply' op only arith and math ops may appear in the body, got test.op

// -----

func.func @apply_yield_type(%m: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.apply' op the body must yield one f32, got (index)}}
  %r = coopmat.apply %m : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32):
    coopmat.yield %i : index
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 6]]:3: error: 'coopmat.apply' op the body must yield one f32, got (index)

// -----

func.func @apply_terminator(%m: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.apply' op the body must end with coopmat.yield}}
  %r = coopmat.apply %m : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32):
    func.return
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 6]]:3: error: 'coopmat.apply' op the body must end with coopmat.yield

// -----

func.func @apply_captures_implicitly(%m: !coopmat.matrix<16x16xf32, acc>, %s: f32) {
  // expected-error@+1 {{'coopmat.apply' op Operation using value defined out of its IsolatedFromAbove parent: MulfOp(%x = arith.mulf %v, %s : f32)}}
  %r = coopmat.apply %m : !coopmat.matrix<16x16xf32, acc> {
  ^bb0(%i: index, %j: index, %v: f32):
    %x = arith.mulf %v, %s : f32
    coopmat.yield %x : f32
  }
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 7]]:3: error: 'coopmat.apply' op Operation using value defined out of its IsolatedFromAbove parent: MulfOp(%x = arith.mulf %v, %s : f32)

// -----

func.func @yield_outside(%v: f32) {
  // expected-error@+1 {{'coopmat.yield' op 'coopmat.yield' expects parent op 'coopmat.apply'}}
  coopmat.yield %v : f32
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 2]]:3: error: 'coopmat.yield' op 'coopmat.yield' expects parent op 'coopmat.apply'

// -----

func.func @transpose_operand_use(%m: !coopmat.matrix<16x8xf16, a>) {
  // expected-error@+1 {{'coopmat.transpose' op transposed matrix must have use 'acc', got !coopmat.matrix<16x8xf16, a>}}
  %t = coopmat.transpose %m : !coopmat.matrix<16x8xf16, a> -> !coopmat.matrix<8x16xf16, b>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.transpose' op transposed matrix must have use 'acc', got !coopmat.matrix<16x8xf16, a>

// -----

func.func @transpose_result_use(%m: !coopmat.matrix<16x8xf16, acc>) {
  // expected-error@+1 {{'coopmat.transpose' op transpose result must have use 'b', got !coopmat.matrix<8x16xf16, a>}}
  %t = coopmat.transpose %m : !coopmat.matrix<16x8xf16, acc> -> !coopmat.matrix<8x16xf16, a>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.transpose' op transpose result must have use 'b', got !coopmat.matrix<8x16xf16, a>

// -----

func.func @transpose_shape(%m: !coopmat.matrix<16x8xf16, acc>) {
  // expected-error@+1 {{'coopmat.transpose' op the transpose of 16x8 is 8x16, got 16x8}}
  %t = coopmat.transpose %m : !coopmat.matrix<16x8xf16, acc> -> !coopmat.matrix<16x8xf16, b>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.transpose' op the transpose of 16x8 is 8x16, got 16x8

// -----

func.func @transpose_element_type(%m: !coopmat.matrix<16x8xf16, acc>) {
  // expected-error@+1 {{'coopmat.transpose' op transpose keeps element type and scope: !coopmat.matrix<16x8xf16, acc> cannot become !coopmat.matrix<8x16xf32, b>}}
  %t = coopmat.transpose %m : !coopmat.matrix<16x8xf16, acc> -> !coopmat.matrix<8x16xf32, b>
  func.return
}
// CHECK: matrix-ops-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.transpose' op transpose keeps element type and scope: !coopmat.matrix<16x8xf16, acc> cannot become !coopmat.matrix<8x16xf32, b>
