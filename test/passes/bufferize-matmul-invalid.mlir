// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --bufferize-matmul
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --bufferize-matmul 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --bufferize-matmul 2>&1 | filecheck %s --check-prefix=EXIT

// What bufferize-matmul cannot turn into memrefs is an error at the op; the
// module is not printed and the exit code is 1.

// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 4]]:3: error: bufferize-matmul: 'tensor.extract' on tensors is not supported
// EXIT: bufferize-matmul-invalid.mlir:[[# @LINE + 3]]:3: error: bufferize-matmul: 'tensor.extract' on tensors is not supported
func.func @other_op(%A: tensor<16x16xf32>, %i: index) -> f32 {
  // expected-error@+1 {{bufferize-matmul: 'tensor.extract' on tensors is not supported}}
  %x = tensor.extract %A[%i, %i] : tensor<16x16xf32>
  func.return %x : f32
}
// EXIT-NOT: builtin.module

// -----

// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 2]]:1: error: bufferize-matmul: dynamic shapes are not supported, got tensor<?x16xf16>
// expected-error@+1 {{bufferize-matmul: dynamic shapes are not supported, got tensor<?x16xf16>}}
func.func @dynamic(%A: tensor<?x16xf16>, %B: tensor<16x16xf16>, %C: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %D = linalg.matmul ins(%A, %B : tensor<?x16xf16>, tensor<16x16xf16>) outs(%C : tensor<?x16xf32>) -> tensor<?x16xf32>
  func.return %D : tensor<?x16xf32>
}

// -----

// Callers would need the new signature.
func.func @callee(%A: tensor<16x16xf16>, %B: tensor<16x16xf16>, %C: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %D = linalg.matmul ins(%A, %B : tensor<16x16xf16>, tensor<16x16xf16>) outs(%C : tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %D : tensor<16x16xf32>
}
// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 3]]:3: error: bufferize-matmul: @callee is called here; its signature would change (bufferize the callee alone)
func.func @caller(%A: tensor<16x16xf16>, %B: tensor<16x16xf16>, %C: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error@+1 {{bufferize-matmul: @callee is called here; its signature would change (bufferize the callee alone)}}
  %D = func.call @callee(%A, %B, %C) : (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  func.return %D : tensor<16x16xf32>
}

// -----

// Returning the same buffer twice.
// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 5]]:3: error: bufferize-matmul: the same buffer is returned twice
func.func @twice(%A: tensor<16x16xf16>, %B: tensor<16x16xf16>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %e = tensor.empty() : tensor<16x16xf32>
  %D = linalg.matmul ins(%A, %B : tensor<16x16xf16>, tensor<16x16xf16>) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  // expected-error@+1 {{bufferize-matmul: the same buffer is returned twice}}
  func.return %D, %D : tensor<16x16xf32>, tensor<16x16xf32>
}
