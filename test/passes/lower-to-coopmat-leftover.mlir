// RUN: coopmlir-opt %s --lower-to-coopmat=target=lavapipe 2>&1 >/dev/null | filecheck %s

// Linalg ops the pass does not lower are named in a warning, never left
// behind silently. The matmul is lowered (no warning); the pooling and the
// lone fill stay.

// CHECK-NOT:  linalg.matmul' is left
// CHECK:      lower-to-coopmat-leftover.mlir:[[# @LINE + 3]]:3: warning: lower-to-coopmat: 'linalg.pooling_nchw_max' is left as it is: the pass lowers linalg.matmul
// CHECK-NEXT: lower-to-coopmat-leftover.mlir:[[# @LINE + 4]]:3: warning: lower-to-coopmat: 'linalg.fill' is left as it is
func.func @pool(%in: memref<1x16x8x8xf32>, %w: memref<3x3xf32>, %out: memref<1x16x6x6xf32>, %a: memref<16x16xf32>, %c: memref<16x16xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : memref<1x16x8x8xf32>, memref<3x3xf32>) outs(%out : memref<1x16x6x6xf32>)
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%a : memref<16x16xf32>)
  linalg.matmul ins(%a, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  func.return
}
