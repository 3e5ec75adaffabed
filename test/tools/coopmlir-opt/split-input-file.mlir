// RUN: not coopmlir-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: not coopmlir-opt %S/Inputs/split-marker.txt --split-input-file='// =====' 2>&1 | filecheck %s --check-prefix=MARKER
// RUN: not coopmlir-opt %S/Inputs/split-marker.txt 2>&1 | filecheck %s --check-prefix=WHOLE

// Each chunk is processed alone, as in mlir-opt: an error in one does not
// stop the next; errors name lines of the whole file; the exit code is 1.

func.func @first(%m: !coopmat.matrix<0x16xf16, a>) {
  func.return
}
// CHECK: split-input-file.mlir:[[# @LINE - 3]]:22: error: matrix shape 0x16 must be positive

// -----

// CHECK: {{^//[ ]-----$}}
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func @second
func.func @second() {
  func.return
}

// -----

func.func @third(%m: !coopmat.matrix<16x16xi16, a>) {
  func.return
}
// CHECK: split-input-file.mlir:[[# @LINE - 3]]:22: error: matrix element type must be

// --split-input-file=MARKER splits at another marker (and reads an input
// without the .mlir extension).
// MARKER: split-marker.txt:6:3: error: 'coopmat.add' op operand 'rhs' at position 1 does not verify
// MARKER: {{^//[ ]-----$}}
// MARKER-NEXT: builtin.module {
// MARKER-NEXT: func.func @two

// Without the flag the markers are comments and the whole file is one
// module, which the error stops.
// WHOLE: split-marker.txt:6:3: error: 'coopmat.add' op
// WHOLE-NOT: builtin.module
