// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat=target=lavapipe 2>&1 >/dev/null | filecheck %s --check-prefix=ERROR

// No linalg op is left on the host: what no matrix-unit kernel takes
// becomes a loop kernel (here the lone fill), never a warning; an op that
// cannot become a kernel is a located error (here a pooling op).

// CHECK-NOT:     warning
// CHECK-LABEL: func.func @fill_then_matmul(
// CHECK-SAME:      %[[A:[a-zA-Z0-9_]+]]: memref<16x16xf32>, %[[C:[a-zA-Z0-9_]+]]: memref<16x16xf32>)
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func @fill_then_matmul_kernels::@fill_then_matmul_loop {{.*}} args(%[[A]] : memref<16x16xf32>)
// CHECK-NOT:     linalg
// CHECK:         gpu.launch_func @fill_then_matmul_kernels::@fill_then_matmul {{.*}} args(%[[A]] : memref<16x16xf32>, %[[A]] : memref<16x16xf32>, %[[C]] : memref<16x16xf32>)
// CHECK-NEXT:    func.return
// CHECK:         gpu.func @fill_then_matmul_loop(%[[OUT:.*]]: memref<16x16xf32>)
// CHECK:           %[[V:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:           memref.store %[[V]], %[[OUT]][%{{.*}}, %{{.*}}] : memref<16x16xf32>
func.func @fill_then_matmul(%a: memref<16x16xf32>, %c: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%a : memref<16x16xf32>)
  linalg.matmul ins(%a, %a : memref<16x16xf32>, memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  func.return
}

// -----

// ERROR: lower-to-coopmat-leftover.mlir:[[# @LINE + 2]]:3: error: lower-to-coopmat: 'linalg.pooling_nchw_max' has no loop kernel
func.func @pool(%in: memref<1x16x8x8xf32>, %w: memref<3x3xf32>, %out: memref<1x16x6x6xf32>) {
  linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%in, %w : memref<1x16x8x8xf32>, memref<3x3xf32>) outs(%out : memref<1x16x6x6xf32>)
  func.return
}
