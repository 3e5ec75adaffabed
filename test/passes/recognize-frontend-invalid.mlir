// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --recognize-frontend
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --recognize-frontend 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --recognize-frontend 2>&1 | filecheck %s --check-prefix=EXIT

// What recognize-frontend refuses is an error at the op; the module is not
// printed and the exit code is 1.

// An attention chain whose softmax runs over the queries has no lowering,
// fused or not.
// CHECK: recognize-frontend-invalid.mlir:[[# @LINE + 8]]:3: error: recognize-frontend: attention: the softmax runs over dimension 0, not the key dimension 1
// EXIT: recognize-frontend-invalid.mlir:[[# @LINE + 7]]:3: error: recognize-frontend: attention: the softmax runs over dimension 0, not the key dimension 1
func.func @softmax_over_queries(%q: tensor<32x16xf16>, %k: tensor<32x16xf16>, %v: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<32x32xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = linalg.matmul_transpose_b ins(%q, %k : tensor<32x16xf16>, tensor<32x16xf16>) outs(%s0 : tensor<32x32xf32>) -> tensor<32x32xf32>
  // expected-error@+1 {{recognize-frontend: attention: the softmax runs over dimension 0, not the key dimension 1}}
  %p = linalg.softmax dimension(0) ins(%s : tensor<32x32xf32>) outs(%se : tensor<32x32xf32>) -> tensor<32x32xf32>
  %oe = tensor.empty() : tensor<32x16xf32>
  %o0 = linalg.fill ins(%zero : f32) outs(%oe : tensor<32x16xf32>) -> tensor<32x16xf32>
  %o = linalg.matmul ins(%p, %v : tensor<32x32xf32>, tensor<32x16xf32>) outs(%o0 : tensor<32x16xf32>) -> tensor<32x16xf32>
  func.return %o : tensor<32x16xf32>
}
// EXIT-NOT: builtin.module

// -----

// A product outside a func.func has no host function to launch it from.
// CHECK: recognize-frontend-invalid.mlir:[[# @LINE + 6]]:3: error: recognize-frontend: 'linalg.matmul' outside a func.func: kernels are launched from a host function
builtin.module {
  %a = memref.alloc() : memref<16x16xf16>
  %b = memref.alloc() : memref<16x16xf16>
  %c = memref.alloc() : memref<16x16xf32>
  // expected-error@+1 {{recognize-frontend: 'linalg.matmul' outside a func.func: kernels are launched from a host function}}
  linalg.matmul ins(%a, %b : memref<16x16xf16>, memref<16x16xf16>) outs(%c : memref<16x16xf32>)
}

