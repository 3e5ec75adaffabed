// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --coopmat-to-simt
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --coopmat-to-simt 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --split-input-file --coopmat-to-simt 2>&1 | filecheck %s --check-prefix=EXIT

// Input coopmat-to-simt cannot lower: a located error, the module unchanged.

func.func @no_layout(%x: f32) {
  // expected-error@+1 {{unknown subgroup size for !coopmat.matrix<8x8xf32, acc>: give it a layout, put a coopmat.layout on an enclosing op or pass subgroup-size}}
  %m = coopmat.splat %x : f32 -> !coopmat.matrix<8x8xf32, acc>
  func.return
}
// CHECK: coopmat-to-simt-invalid.mlir:[[# @LINE - 3]]:3: error: unknown subgroup size for !coopmat.matrix<8x8xf32, acc>: give it a layout, put a coopmat.layout on an enclosing op or pass subgroup-size
// EXIT: error: unknown subgroup size

// -----

func.func @workgroup(%x: f32) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  // expected-error@+1 {{!coopmat.matrix<8x8xf32, acc, workgroup>: workgroup matrices have no SIMT lowering}}
  %m = coopmat.splat %x : f32 -> !coopmat.matrix<8x8xf32, acc, workgroup>
  func.return
}
// CHECK: coopmat-to-simt-invalid.mlir:[[# @LINE - 3]]:3: error: !coopmat.matrix<8x8xf32, acc, workgroup>: workgroup matrices have no SIMT lowering

// -----

func.func @too_many_rows(%m: !coopmat.matrix<16x16xf16, a>) -> vector<16xf16> attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  // expected-error@+1 {{per-invocation vectors of !coopmat.matrix<16x16xf16, a>: rows M=16 must be <= subgroup size S=8}}
  %v = coopmat.to_vector %m : !coopmat.matrix<16x16xf16, a> -> vector<16xf16>
  func.return %v : vector<16xf16>
}
// CHECK: coopmat-to-simt-invalid.mlir:[[# @LINE - 3]]:3: error: per-invocation vectors of !coopmat.matrix<16x16xf16, a>: rows M=16 must be <= subgroup size S=8
