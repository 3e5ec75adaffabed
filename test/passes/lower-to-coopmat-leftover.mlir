// RUN: coopmlir-opt %s --lower-to-coopmat=target=lavapipe 2>&1 | filecheck %s

// No linalg op is left on the host: what no matrix-unit kernel takes
// becomes a loop kernel (here the lone fill), never a warning; an op that
// cannot become a kernel is a located error (lower-to-coopmat-loops-invalid.mlir).

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
