// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics

// The rules of MLIR's gpu.subgroup_mma_* verifiers that coopmlir checks, in
// MLIR's words (test_mlir_peer.py checks that mlir-opt-22 --verify-diagnostics
// passes it too).

func.func @role(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %a, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  func.return
}

// -----

func.func @shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  func.return
}

// -----

func.func @store_a(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %m: memref<16x16xf16>, %i: index) {
  // expected-error@+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "AOp">, memref<16x16xf16>
  func.return
}


// -----

func.func @bad_role(
  // expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
  %a: !gpu.mma_matrix<16x16xf16, "DOp">) {
  func.return
}
