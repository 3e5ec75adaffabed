// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | coopmlir-opt | filecheck %s

// A 3x3 convolution, stride 2, with a dynamic batch and image: the host
// asserts that the output's batch is the input's and that along H and W the
// input covers the kernel and OH = (H - 3) / 2 + 1 (OW likewise), then
// launches the GEMM with M = N*OH*OW the rows of the collapsed output.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME:      %[[X:.*]]: memref<?x?x?x16xf16>, %[[W:.*]]: memref<3x3x16x16xf16>, %[[Y:.*]]: memref<?x?x?x16xf32>)
// CHECK:         %[[N:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[YN:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?x?x?x16xf32>
// CHECK-NEXT:    %[[SAME:.*]] = arith.cmpi eq, %[[N]], %[[YN]] : index
// CHECK-NEXT:    cf.assert %[[SAME]], "lower-to-coopmat: the batch of the output (dimension 0) must equal that of the input (dimension 0)"
// CHECK:         %[[H:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK-NEXT:    %[[THREE:.*]] = arith.constant 3 : index
// CHECK-NEXT:    %[[COVERS:.*]] = arith.cmpi uge, %[[H]], %[[THREE]] : index
// CHECK-NEXT:    cf.assert %[[COVERS]], "lower-to-coopmat: the input's height (dimension 1) must be at least 3 (the kernel's extent 3)"
// CHECK-NEXT:    %[[MINUS3:.*]] = arith.constant -3 : index
// CHECK-NEXT:    %[[H3:.*]] = arith.addi %[[H]], %[[MINUS3]] : index
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[HALF:.*]] = arith.divui %[[H3]], %[[TWO]] : index
// CHECK-NEXT:    %[[OH:.*]] = arith.addi %[[HALF]], %{{.*}} : index
// CHECK-NEXT:    %[[YH:.*]] = memref.dim %[[Y]], %{{.*}} : memref<?x?x?x16xf32>
// CHECK-NEXT:    %[[OHOK:.*]] = arith.cmpi eq, %[[OH]], %[[YH]] : index
// CHECK-NEXT:    cf.assert %[[OHOK]], "lower-to-coopmat: the output's height (dimension 1) must be (H - 3) / 2 + 1 for the input's height H (dimension 1)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the input's width (dimension 2) must be at least 3 (the kernel's extent 3)"
// CHECK:         cf.assert %{{.*}}, "lower-to-coopmat: the output's width (dimension 2) must be (W - 3) / 2 + 1 for the input's width W (dimension 2)"
// CHECK-NEXT:    %[[B:.*]] = memref.collapse_shape %[[W]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<3x3x16x16xf16> into memref<144x16xf16>
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<?x?x?x16xf32> into memref<?x16xf32>
// CHECK:         %[[M:.*]] = memref.dim %[[C]], %{{.*}} : memref<?x16xf32>
// CHECK-NEXT:    %[[C15:.*]] = arith.constant 15 : index
// CHECK-NEXT:    %[[M15:.*]] = arith.addi %[[M]], %[[C15]] : index
// CHECK-NEXT:    %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT:    %[[TILES:.*]] = arith.divui %[[M15]], %[[C16]] : index
// CHECK-NEXT:    gpu.launch_func @conv_kernels::@conv blocks in (%{{.*}}, %[[TILES]], %{{.*}}) threads in {{.*}} args(%[[X]] : memref<?x?x?x16xf16>, %[[B]] : memref<144x16xf16>, %[[C]] : memref<?x16xf32>)

// The kernel reads N, H, W once at its top, derives OH, OW by the same
// formula, and the staged copy of A divides by the run-time OH*OW and OW:
// row m = (n, oh, ow) of the im2col matrix, bounded by M = N*OH*OW; rows
// and columns outside the image (H, W) read zero.
// CHECK-LABEL: gpu.func @conv(
// CHECK-SAME:      %[[KX:[0-9]+]]: memref<?x?x?x16xf16>, %{{[0-9]+}}: memref<144x16xf16>, %{{[0-9]+}}: memref<?x16xf32>
// CHECK:           %[[KN:.*]] = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK:           %[[KH:.*]] = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK:           %[[KW:.*]] = memref.dim %[[KX]], %{{.*}} : memref<?x?x?x16xf16>
// CHECK:           %[[KH3:.*]] = arith.addi %[[KH]], %[[KMINUS3:.*]] : index
// CHECK-NEXT:      %[[KHD:.*]] = arith.divui %[[KH3]], %[[KTWO:.*]] : index
// CHECK-NEXT:      %[[KOH:.*]] = arith.addi %[[KHD]], %[[KONE:.*]] : index
// CHECK-NEXT:      %[[KW3:.*]] = arith.addi %[[KW]], %[[KMINUS3]] : index
// CHECK-NEXT:      %[[KWD:.*]] = arith.divui %[[KW3]], %[[KTWO]] : index
// CHECK-NEXT:      %[[KOW:.*]] = arith.addi %[[KWD]], %[[KONE]] : index
// CHECK-NEXT:      %[[PIXELS:.*]] = arith.muli %[[KOH]], %[[KOW]] : index
// CHECK-NEXT:      %[[ROWS:.*]] = arith.muli %[[KN]], %[[PIXELS]] : index
// Interior workgroups (interior_branch.py) skip the row check; the others:
// CHECK:           scf.if
// CHECK:           } else {
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[COL:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:          %[[IMG:.*]] = arith.divui %[[ROW]], %[[PIXELS]] : index
// CHECK-NEXT:          %[[PIX:.*]] = arith.remui %[[ROW]], %[[PIXELS]] : index
// CHECK-NEXT:          %{{.*}} = arith.divui %[[PIX]], %[[KOW]] : index
// CHECK-NEXT:          %{{.*}} = arith.remui %[[PIX]], %[[KOW]] : index
// CHECK:               %{{.*}} = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// CHECK:               %{{.*}} = arith.cmpi ult, %{{.*}}, %[[KH]] : index
// CHECK:               %{{.*}} = arith.cmpi ult, %{{.*}}, %[[KW]] : index
// CHECK:               %{{.*}} = vector.load %[[KX]][{{.*}}] : memref<?x?x?x16xf16>, vector<8xf16>
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<?x?x?x16xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : memref<?x?x?x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  func.return
}
