// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// MLIR 22's rules for KHR cooperative-matrix memory and matrix operands
// (mlir-opt-22 gives the same errors).

spirv.func @aligned_without_value(%p: !spirv.ptr<i32, StorageBuffer>, %s: i32) "None" {
  // expected-error@+1 {{missing value for the 'Aligned' memory operand}}
  %0 = spirv.KHR.CooperativeMatrixLoad %p, %s, <RowMajor>, <Aligned> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>
  spirv.Return
}

// -----

spirv.func @load_makes_available(%p: !spirv.ptr<i32, StorageBuffer>, %s: i32) "None" {
  // expected-error@+1 {{not compatible with memory operand 'MakePointerAvailable'}}
  %0 = spirv.KHR.CooperativeMatrixLoad %p, %s, <RowMajor>, <MakePointerAvailable> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>
  spirv.Return
}

// -----

spirv.func @store_makes_visible(%p: !spirv.ptr<i32, StorageBuffer>, %s: i32, %m: !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>) "None" {
  // expected-error@+1 {{not compatible with memory operand 'MakePointerVisible'}}
  spirv.KHR.CooperativeMatrixStore %p, %m, %s, <RowMajor>, <MakePointerVisible> : !spirv.ptr<i32, StorageBuffer>, !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>, i32
  spirv.Return
}

// -----

spirv.func @float_matrix_operands(%a: !spirv.coopmatrix<8x16xf16, Subgroup, MatrixA>, %b: !spirv.coopmatrix<16x8xf16, Subgroup, MatrixB>, %c: !spirv.coopmatrix<8x8xf16, Subgroup, MatrixAcc>) "None" {
  // expected-error@+1 {{Matrix Operands require all matrix element types to be Integer Types}}
  %r = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c, <AccSat> : !spirv.coopmatrix<8x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x8xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<8x8xf16, Subgroup, MatrixAcc>
  spirv.Return
}
