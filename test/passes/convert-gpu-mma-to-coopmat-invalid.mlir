// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --convert-gpu-mma-to-coopmat

// MLIR WMMA input that has no coopmat counterpart: a located error.

func.func @transposed_operand(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{gpu.subgroup_mma_compute with a_transpose/b_transpose has no coopmat counterpart: load the operand with `transpose` instead}}
  %d = gpu.subgroup_mma_compute %a, %b, %c {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  func.return
}

// -----

func.func @mixed_uses(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %c: !gpu.mma_matrix<16x16xf16, "COp">) {
  // expected-error@+1 {{gpu.subgroup_mma_elementwise addf: operands and result must have one type}}
  %d = gpu.subgroup_mma_elementwise addf %a, %c : (!gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
  func.return
}

// -----

func.func @element_types_differ(%m: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{gpu.subgroup_mma_load_matrix: memref<16x16xf32> holds f32, the matrix f16: coopmat loads the stored type}}
  %a = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf16, "AOp">
  func.return
}
