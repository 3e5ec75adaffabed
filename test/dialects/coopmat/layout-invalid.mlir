// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s

// One case per verifier rule of subgroup layouts (#coopmat.layout). Every
// diagnostic names its line in this file.

// -----
// The layout attribute

// expected-error@+1 {{layout 'column' must be one of tinytc, row}}
func.func @unknown_kind(%m: !coopmat.matrix<16x16xf16, a, #coopmat.layout<column, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:59: error: layout 'column' must be one of tinytc, row

// -----

// expected-error@+1 {{subgroup size S=12 must be a power of two in {8, 16, 32, 64}}}
func.func @subgroup_not_power_of_two(%m: !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 12>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:72: error: subgroup size S=12 must be a power of two in {8, 16, 32, 64}

// -----

// expected-error@+1 {{subgroup size S=128 must be a power of two in {8, 16, 32, 64}}}
func.func @subgroup_too_large() attributes {coopmat.layout = #coopmat.layout<row, subgroup = 128>} {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:62: error: subgroup size S=128 must be a power of two in {8, 16, 32, 64}

// -----
// A layout in a matrix type

// expected-error@+1 {{expected a #coopmat.layout}}
func.func @not_a_layout(%m: !coopmat.matrix<16x16xf16, a, subgroup, f32>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:69: error: expected a #coopmat.layout

// -----

// expected-error@+1 {{matrix does not fit #coopmat.layout<tinytc, subgroup = 16>: rows M=12 must be a power of two}}
func.func @tinytc_rows(%m: !coopmat.matrix<12x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:28: error: matrix does not fit #coopmat.layout<tinytc, subgroup = 16>: rows M=12 must be a power of two

// -----

// expected-error@+1 {{matrix does not fit #coopmat.layout<row, subgroup = 16>: rows M=32 must be <= subgroup size S=16}}
func.func @row_a_rows(%m: !coopmat.matrix<32x16xf16, a, #coopmat.layout<row, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:27: error: matrix does not fit #coopmat.layout<row, subgroup = 16>: rows M=32 must be <= subgroup size S=16

// -----

// expected-error@+1 {{matrix does not fit #coopmat.layout<row, subgroup = 16>: cols N=32 must be <= subgroup size S=16}}
func.func @row_b_cols(%m: !coopmat.matrix<16x32xf16, b, #coopmat.layout<row, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:27: error: matrix does not fit #coopmat.layout<row, subgroup = 16>: cols N=32 must be <= subgroup size S=16

// -----

// expected-error@+1 {{matrix does not fit #coopmat.layout<row, subgroup = 16>: accumulator cols N=2 must be S, S/2 or S/4 (16, 8 or 4)}}
func.func @row_acc_cols(%m: !coopmat.matrix<16x2xf32, acc, #coopmat.layout<row, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:29: error: matrix does not fit #coopmat.layout<row, subgroup = 16>: accumulator cols N=2 must be S, S/2 or S/4 (16, 8 or 4)

// -----

// expected-error@+1 {{a workgroup matrix cannot have a subgroup layout}}
func.func @workgroup(%m: !coopmat.matrix<16x16xf32, acc, workgroup, #coopmat.layout<tinytc, subgroup = 16>>) {
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:26: error: a workgroup matrix cannot have a subgroup layout

// -----
// A layout on an op (discardable attribute `coopmat.layout`)

func.func @op_layout_not_a_layout(%x: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.neg' op 'coopmat.layout' must be a #coopmat.layout, got 16 : i32}}
  %y = coopmat.neg %x {coopmat.layout = 16 : i32} : !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.neg' op 'coopmat.layout' must be a #coopmat.layout, got 16 : i32

// -----

func.func @op_layout_does_not_fit(%x: !coopmat.matrix<32x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.neg' op !coopmat.matrix<32x16xf32, acc> does not fit #coopmat.layout<row, subgroup = 16>: rows M=32 must be <= subgroup size S=16}}
  %y = coopmat.neg %x {coopmat.layout = #coopmat.layout<row, subgroup = 16>} : !coopmat.matrix<32x16xf32, acc>
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.neg' op !coopmat.matrix<32x16xf32, acc> does not fit #coopmat.layout<row, subgroup = 16>: rows M=32 must be <= subgroup size S=16

// -----

func.func @enclosing_layout_does_not_fit(%x: !coopmat.matrix<12x16xf32, acc>)
    attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 16>} {
  // expected-error@+1 {{'coopmat.neg' op !coopmat.matrix<12x16xf32, acc> does not fit #coopmat.layout<tinytc, subgroup = 16>: rows M=12 must be a power of two}}
  %y = coopmat.neg %x : !coopmat.matrix<12x16xf32, acc>
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.neg' op !coopmat.matrix<12x16xf32, acc> does not fit #coopmat.layout<tinytc, subgroup = 16>: rows M=12 must be a power of two

// -----

func.func @subgroup_sizes_differ(%a: !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>, %b: !coopmat.matrix<16x16xf16, b>, %c: !coopmat.matrix<16x16xf32, acc>) {
  // expected-error@+1 {{'coopmat.mul_add' op matrix layouts must share one subgroup size, got 16 and 32}}
  %d = coopmat.mul_add %a, %b, %c {coopmat.layout = #coopmat.layout<tinytc, subgroup = 32>} : !coopmat.matrix<16x16xf16, a, #coopmat.layout<tinytc, subgroup = 16>>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
  func.return
}
// CHECK: layout-invalid.mlir:[[# @LINE - 3]]:3: error: 'coopmat.mul_add' op matrix layouts must share one subgroup size, got 16 and 32
