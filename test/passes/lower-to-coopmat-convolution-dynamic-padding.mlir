// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | coopmlir-opt | filecheck %s

// ResNet's 3x3 with a dynamic batch and image, zero-padded by a buffer of
// run-time sizes: the image's batch, its height plus 2 and 2 plus its width
// (pads 1/1 on both axes from the view's offsets [0, 1, 1, 0] and the
// sizes). The buffer, its fill, copy and free and the sizes only they read
// are gone; the host asserts the output's sizes with the padding (OH =
// (H + 2 - 3) / 1 + 1), and the kernel reads %x itself.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME:      %[[X:.*]]: memref<?x?x?x16xf16>, %[[W:.*]]: memref<3x3x16x8xf16>, %[[Y:.*]]: memref<?x?x?x8xf32>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.fill
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the batch of the output (dimension 0) must equal that of the input (dimension 0)"
// CHECK:         %[[H:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[COVERS:.*]] = arith.cmpi uge, %[[H]], %{{.*}} : index
// CHECK-NEXT:    cf.assert %[[COVERS]], "lower-to-coopmat: the input's height (dimension 1) must be at least 1 (the kernel's extent 3 less the padding 2)"
// CHECK-NEXT:    %[[MINUS1:.*]] = arith.constant -1 : index
// CHECK-NEXT:    %[[H1:.*]] = arith.addi %[[H]], %[[MINUS1]] : index
// CHECK-NEXT:    %[[OH:.*]] = arith.addi %[[H1]], %{{.*}} : index
// CHECK-NEXT:    %[[YH:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?x?x?x8xf32>
// CHECK-NEXT:    %[[OHOK:.*]] = arith.cmpi eq, %[[OH]], %[[YH]] : index
// CHECK-NEXT:    cf.assert %[[OHOK]], "lower-to-coopmat: the output's height (dimension 1) must be (H + 2 - 3) / 1 + 1 for the input's height H (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the output's width (dimension 2) must be (W + 2 - 3) / 1 + 1 for the input's width W (dimension 2)"
// CHECK-NOT:     memref.subview
// CHECK:         gpu.launch_func @conv_kernels::@conv {{.*}} args(%[[X]] : memref<?x?x?x16xf16>, %{{.*}} : memref<144x8xf16>, %{{.*}} : memref<?x8xf32>)
// CHECK-NOT:     memref.copy
// CHECK-NOT:     memref.dealloc
// CHECK-NEXT:    func.return

// The kernel derives OH = H + 2 - 3 + 1 from the image's run-time H, and
// the staged copy of A reads input row oh + kh - 1 (top pad 1): a row
// outside [0, H) reads zero.
// CHECK-LABEL: gpu.func @conv(
// CHECK-SAME:      %[[KX:[0-9]+]]: memref<?x?x?x16xf16>
// CHECK:           %{{.*}} = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK:           %[[KH:.*]] = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK:           %{{.*}} = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK-NEXT:      %[[KMINUS1:.*]] = arith.constant -1 : index
// CHECK-NEXT:      %[[KLAST:.*]] = arith.addi %[[KH]], %[[KMINUS1]] : index
// CHECK-NEXT:      %[[KOH:.*]] = arith.addi %[[KLAST]], %{{.*}} : index
// CHECK:           scf.for
// CHECK:             %[[ROW:.*]] = arith.addi %{{.*}}, %[[KMINUS1]] : index
// CHECK-NEXT:        %[[INSIDE:.*]] = arith.cmpi ult, %[[ROW]], %[[KH]] : index
// CHECK-NEXT:        %{{.*}} = arith.minui %[[ROW]], %[[KLAST]] : index
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x8xf16>, %y: memref<?x?x?x8xf32>) {
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?x?x?x16xf16>
  %h = memref.dim %x, %c1 : memref<?x?x?x16xf16>
  %wd = memref.dim %x, %c2 : memref<?x?x?x16xf16>
  %hp = arith.addi %h, %c2 : index
  %wp = arith.addi %c2, %wd : index
  %p = memref.alloc(%n, %hp, %wp) : memref<?x?x?x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<?x?x?x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [%n, %h, %wd, 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  memref.copy %x, %v : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<?x?x?x16xf16>, memref<3x3x16x8xf16>) outs(%y : memref<?x?x?x8xf32>)
  memref.dealloc %p : memref<?x?x?x16xf16>
  func.return
}

// -----

// The tensor form: tensor.pad of a dynamic batch and image, pads 1/2 on
// the rows (top/bottom) and 0/1 on the columns (left/right), stride 2.
// bufferize-matmul makes the buffer of the image's sizes plus 3 and plus 1,
// which the pass reads as those pads: the output's height is
// (H + 3 - 3) / 2 + 1, its width (W + 1 - 3) / 2 + 1 (the input's width
// at least 2).
// CHECK-LABEL: func.func @conv_tensor(
// CHECK-SAME:      %[[X:[^:]+]]: memref<?x?x?x8xf16>, %{{[^:]+}}: memref<3x3x8x16xf16>, %{{[^:]+}}: memref<?x?x?x16xf32>) {
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the output's height (dimension 1) must be (H + 3 - 3) / 2 + 1 for the input's height H (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the input's width (dimension 2) must be at least 2 (the kernel's extent 3 less the padding 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the output's width (dimension 2) must be (W + 1 - 3) / 2 + 1 for the input's width W (dimension 2)"
// CHECK:         gpu.launch_func @conv_tensor_kernels::@conv_tensor {{.*}} args(%[[X]] : memref<?x?x?x8xf16>, %{{.*}} : memref<72x16xf16>, %{{.*}} : memref<?x16xf32>)
// CHECK-NEXT:    func.return
func.func @conv_tensor(%x: tensor<?x?x?x8xf16>, %w: tensor<3x3x8x16xf16>, %y: tensor<?x?x?x16xf32>) -> tensor<?x?x?x16xf32> {
  %zero = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 0, 0] high[0, 2, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f16
  } : tensor<?x?x?x8xf16> to tensor<?x?x?x8xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<?x?x?x8xf16>, tensor<3x3x8x16xf16>) outs(%y : tensor<?x?x?x16xf32>) -> tensor<?x?x?x16xf32>
  func.return %r : tensor<?x?x?x16xf32>
}
