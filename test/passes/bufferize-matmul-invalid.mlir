// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --bufferize-matmul
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --bufferize-matmul 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --bufferize-matmul 2>&1 | filecheck %s --check-prefix=EXIT

// What bufferize-matmul cannot turn into memrefs is an error at the op; the
// module is not printed and the exit code is 1.

// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 4]]:3: error: bufferize-matmul: 'tensor.insert' on tensors is not supported
// EXIT: bufferize-matmul-invalid.mlir:[[# @LINE + 3]]:3: error: bufferize-matmul: 'tensor.insert' on tensors is not supported
func.func @other_op(%A: tensor<16x16xf32>, %i: index, %x: f32) -> tensor<16x16xf32> {
  // expected-error@+1 {{bufferize-matmul: 'tensor.insert' on tensors is not supported}}
  %B = tensor.insert %x into %A[%i, %i] : tensor<16x16xf32>
  func.return %B : tensor<16x16xf32>
}
// EXIT-NOT: builtin.module

// -----

// A padding value that depends on the position is no fill.
// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 3]]:3: error: bufferize-matmul: the padding value depends on the position
func.func @pad_by_position(%x: tensor<1x4x4x8xf16>) -> tensor<1x6x6x8xf16> {
  // expected-error@+1 {{bufferize-matmul: the padding value depends on the position}}
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%n: index, %h: index, %w: index, %c: index):
    %i = arith.index_cast %h : index to i32
    %v = arith.sitofp %i : i32 to f16
    tensor.yield %v : f16
  } : tensor<1x4x4x8xf16> to tensor<1x6x6x8xf16>
  func.return %p : tensor<1x6x6x8xf16>
}

// -----

// The padded buffer and the view of its interior need static amounts.
// CHECK: bufferize-matmul-invalid.mlir:[[# @LINE + 4]]:3: error: bufferize-matmul: tensor.pad with dynamic padding amounts is not supported
func.func @pad_dynamic(%x: tensor<1x4x4x8xf16>, %n: index) -> tensor<1x?x6x8xf16> {
  %zero = arith.constant 0.0 : f16
  // expected-error@+1 {{bufferize-matmul: tensor.pad with dynamic padding amounts is not supported}}
  %p = tensor.pad %x low[0, %n, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x4x4x8xf16> to tensor<1x?x6x8xf16>
  func.return %p : tensor<1x?x6x8xf16>
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
