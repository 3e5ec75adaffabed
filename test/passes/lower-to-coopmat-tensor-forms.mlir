// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=32x32x32 subgroups=1x1 stages=1" | filecheck %s

// The tensor forms a frontend writes reach the kernels of their memref
// forms through bufferize-matmul.

// Dynamic sizes: the result's tensor.empty(%m, %n) is the out-param %C;
// the host checks at run time that C agrees with A and B (cf.assert),
// computes the grid from the sizes, and the fill is fused (no linalg left).
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16>, %[[B:[^:]+]]: memref<?x?xf16>, %[[C:[^:]+]]: memref<?x?xf32>) {
// CHECK-NOT:     tensor.
// CHECK-NOT:     linalg.
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: M of C (dimension 0) must equal that of A (dimension 0)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: N of C (dimension 1) must equal that of B (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: K of B (dimension 0) must equal that of A (dimension 1)"
// CHECK:         %[[GX:.*]] = arith.divui
// CHECK:         %[[GY:.*]] = arith.divui
// CHECK-NEXT:    gpu.launch_func @dynamic_kernels::@dynamic blocks in (%[[GX]], %[[GY]], %{{.*}}) threads in ({{.*}}) args(%[[A]] : memref<?x?xf16>, %[[B]] : memref<?x?xf16>, %[[C]] : memref<?x?xf32>)
// CHECK-NEXT:    func.return
// CHECK:       gpu.func @dynamic(%{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf16>, %{{.*}}: memref<?x?xf32>) kernel
func.func @dynamic(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}

// -----

// A convolution of a tensor.pad of zero: the padded buffer that
// bufferize-matmul makes (alloc, fill, subview copy) is read in place, so
// the kernel takes the image %x itself; weights and output are 2-D views.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME:      %[[X:[^:]+]]: memref<1x6x6x16xf16>, %[[W:[^:]+]]: memref<3x3x16x16xf16>, %[[Y:[^:]+]]: memref<1x6x6x16xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.
// CHECK:         %[[B:.*]] = memref.collapse_shape %[[W]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<3x3x16x16xf16> into memref<144x16xf16>
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<1x6x6x16xf32> into memref<36x16xf32>
// CHECK:         gpu.launch_func @conv_kernels::@conv {{.*}} args(%[[X]] : memref<1x6x6x16xf16>, %[[B]] : memref<144x16xf16>, %[[C]] : memref<36x16xf32>)
// CHECK-NOT:     memref.copy
// CHECK-NEXT:    func.return
func.func @conv(%x: tensor<1x6x6x16xf16>, %w: tensor<3x3x16x16xf16>) -> tensor<1x6x6x16xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<1x6x6x16xf16> to tensor<1x8x8x16xf16>
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x16xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x8x8x16xf16>, tensor<3x3x16x16xf16>) outs(%f : tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  func.return %y : tensor<1x6x6x16xf32>
}
