// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=lavapipe tile=16x16x32 subgroups=1x1 stages=1" | coopmlir-opt | filecheck %s

// A 3x3 convolution with zero padding 1, written as MLIR bufferizes
// tensor.pad: the padded buffer, its fill and its copy disappear; the host
// launches the GEMM (M = 1*6*6, N = 16, K = 3*3*16) on the image itself and
// on 2-D views of the weights (K x F) and the output (M x F).
// CHECK-LABEL: func.func @conv(
// CHECK-SAME:      %[[X:.*]]: memref<1x6x6x16xf16>, %[[W:.*]]: memref<3x3x16x16xf16>, %[[Y:.*]]: memref<1x6x6x16xf32>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     linalg.
// CHECK:         %[[B:.*]] = memref.collapse_shape %[[W]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<3x3x16x16xf16> into memref<144x16xf16>
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0 : i64, 1 : i64, 2 : i64], [3 : i64]] : memref<1x6x6x16xf32> into memref<36x16xf32>
// CHECK:         gpu.launch_func @conv_kernels::@conv {{.*}} args(%[[X]] : memref<1x6x6x16xf16>, %[[B]] : memref<144x16xf16>, %[[C]] : memref<36x16xf32>)
// CHECK-NOT:     memref.copy
// CHECK:         func.return

// The staged copy of A reads the NHWC image in place: an 8-channel chunk of
// im2col row m = (n, oh, ow), column k = (kh, kw, c) is image
// [n, oh + kh - 1, ow + kw - 1, c..c+7]; rows and columns outside the image
// (unsigned compare: -1 is huge), m >= M and k >= K read zero (select).
// M = 36 is ragged for the 16x16x32 tile; lavapipe has no matrix units, so
// every tile runs the one checked copy of the code (no interior branch: its
// SIMT code would be emitted twice) and the ragged K = 144 is checked in
// every K tile (only targets with matrix units peel the last one).
// CHECK-LABEL: gpu.func @conv(
// CHECK-SAME:      %[[KX:[0-9]+]]: memref<1x6x6x16xf16>, %[[KB:[0-9]+]]: memref<144x16xf16>, %[[KC:[0-9]+]]: memref<36x16xf32>
// CHECK-NOT:       scf.if
// CHECK:           scf.for %[[T:[0-9]+]] = %{{.*}} to %{{[0-9]+}} step %{{[0-9]+}} {
// CHECK-NEXT:        %[[TR:.*]] = arith.divui %[[T]], %{{.*}} : index
// CHECK-NEXT:        %[[TC:.*]] = arith.remui %[[T]], %{{.*}} : index
// CHECK-NEXT:        %[[M:.*]] = arith.addi %{{.*}}, %[[TR]] : index
// CHECK-NEXT:        %[[K:.*]] = arith.addi %{{.*}}, %[[TC]] : index
// CHECK-NEXT:        %[[N:.*]] = arith.divui %[[M]], %{{.*}} : index
// CHECK-NEXT:        %[[PIX:.*]] = arith.remui %[[M]], %{{.*}} : index
// CHECK-NEXT:        %[[OH:.*]] = arith.divui %[[PIX]], %{{.*}} : index
// CHECK-NEXT:        %[[OW:.*]] = arith.remui %[[PIX]], %{{.*}} : index
// CHECK-NEXT:        %[[TAP:.*]] = arith.divui %[[K]], %{{.*}} : index
// CHECK-NEXT:        %[[CH:.*]] = arith.remui %[[K]], %{{.*}} : index
// CHECK-NEXT:        %[[KH:.*]] = arith.divui %[[TAP]], %{{.*}} : index
// CHECK-NEXT:        %[[KW:.*]] = arith.remui %[[TAP]], %{{.*}} : index
// CHECK-NEXT:        %[[INM:.*]] = arith.cmpi ult, %[[M]], %{{.*}} : index
// CHECK-NEXT:        %[[NS:.*]] = arith.minui %[[N]], %{{.*}} : index
// CHECK-NEXT:        %[[INK:.*]] = arith.cmpi ult, %[[K]], %{{.*}} : index
// CHECK-NEXT:        %[[H0:.*]] = arith.addi %[[OH]], %[[KH]] : index
// CHECK-NEXT:        %[[H:.*]] = arith.addi %[[H0]], %[[MINUS1:.*]] : index
// CHECK-NEXT:        %[[INH:.*]] = arith.cmpi ult, %[[H]], %{{.*}} : index
// CHECK-NEXT:        %[[HS:.*]] = arith.minui %[[H]], %{{.*}} : index
// CHECK-NEXT:        %[[W0:.*]] = arith.addi %[[OW]], %[[KW]] : index
// CHECK-NEXT:        %[[WW:.*]] = arith.addi %[[W0]], %[[MINUS1]] : index
// CHECK-NEXT:        %[[INW:.*]] = arith.cmpi ult, %[[WW]], %{{.*}} : index
// CHECK-NEXT:        %[[WS:.*]] = arith.minui %[[WW]], %{{.*}} : index
// CHECK-NEXT:        %[[G0:.*]] = arith.andi %[[INM]], %[[INK]] : i1
// CHECK-NEXT:        %[[G1:.*]] = arith.andi %[[G0]], %[[INH]] : i1
// CHECK-NEXT:        %[[G:.*]] = arith.andi %[[G1]], %[[INW]] : i1
// CHECK-NEXT:        %[[V:.*]] = vector.load %[[KX]][%[[NS]], %[[HS]], %[[WS]], %[[CH]]] : memref<1x6x6x16xf16>, vector<8xf16>
// CHECK-NEXT:        %{{.*}} = arith.select %[[G]], %[[V]], %{{.*}} : vector<8xf16>
func.func @conv(%x: memref<1x6x6x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<1x6x6x16xf32>) {
  %zero = arith.constant 0.0 : f16
  %p = memref.alloc() : memref<1x8x8x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<1x8x8x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1] : memref<1x8x8x16xf16> to memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>
  "memref.copy"(%x, %v) : (memref<1x6x6x16xf16>, memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>) -> ()
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<1x6x6x16xf32>)
  memref.dealloc %p : memref<1x8x8x16xf16>
  func.return
}


// NCHW in place (issue 26): the product with the output channels as rows,
// Y (F x OH*OW) = W (F x C*KH*KW) * im2col (C*KH*KW x OH*OW). A is the FCHW
// filter viewed as 16 x 144, C the epilogue's NCHW output viewed as 16 x 30
// (the f32 result buffer, its fill, the padded copy are gone); the image is
// read in place, the bias is the fused epilogue's column vector.
// CHECK-LABEL: func.func @nchw(
// CHECK-SAME:      %[[X:.*]]: memref<1x16x6x5xf16>, %[[W:.*]]: memref<16x16x3x3xf16>, %[[BIAS:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<1x16x6x5xf16>)
// CHECK-NEXT:    %[[C:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0 : i64, 1 : i64], [2 : i64, 3 : i64]] : memref<1x16x6x5xf16> into memref<16x30xf16>
// CHECK-NEXT:    %[[A:.*]] = memref.collapse_shape %[[W]] {{\[}}[0 : i64], [1 : i64, 2 : i64, 3 : i64]] : memref<16x16x3x3xf16> into memref<16x144xf16>
// CHECK-NOT:     memref.alloc
// CHECK:         gpu.launch_func @nchw_kernels::@nchw {{.*}} args(%[[A]] : memref<16x144xf16>, %[[X]] : memref<1x16x6x5xf16>, %[[C]] : memref<16x30xf16>, %[[BIAS]] : memref<16xf32>)
// CHECK-NEXT:    func.return

// The staged copy of B reads image element [0, c, oh + kh - 1, ow + kw - 1]
// of im2col row k = (c, kh, kw), column p = (oh, ow), zero outside; the
// epilogue adds the bias as a column vector (stride 0, col_major), casts,
// and stores the f16 fragment once (checked: N = 30 is ragged, and without
// matrix units there is no unchecked interior branch).
// CHECK-LABEL: gpu.func @nchw(
// CHECK-SAME:      %[[KA:[0-9]+]]: memref<16x144xf16>, %[[KX:[0-9]+]]: memref<1x16x6x5xf16>, %[[KC:[0-9]+]]: memref<16x30xf16>, %[[KB:[0-9]+]]: memref<16xf32>
// CHECK:           %[[IN:.*]] = memref.load %[[KX]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<1x16x6x5xf16>
// CHECK-NEXT:      arith.select %{{.*}}, %[[IN]], %{{.*}} : f16
// CHECK:           coopmat.mul_add
// CHECK:           %[[BV:.*]] = coopmat.load %[[KB]][%{{.*}}] stride %{{.*}} col_major : memref<16xf32> -> !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:      %[[SUM:.*]] = coopmat.add %{{.*}}, %[[BV]] : !coopmat.matrix<16x16xf32, acc>
// CHECK-NEXT:      %[[H:.*]] = coopmat.convert %[[SUM]] : !coopmat.matrix<16x16xf32, acc> -> !coopmat.matrix<16x16xf16, acc>
// CHECK-NEXT:      coopmat.store %[[H]], %[[KC]][%{{.*}}, %{{.*}}] row_major checked(cols) : !coopmat.matrix<16x16xf16, acc>, memref<16x30xf16>
func.func @nchw(%x: memref<1x16x6x5xf16>, %w: memref<16x16x3x3xf16>, %bias: memref<16xf32>, %out: memref<1x16x6x5xf16>) {
  %z = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %p = memref.alloc() : memref<1x16x8x7xf16>
  linalg.fill ins(%zh : f16) outs(%p : memref<1x16x8x7xf16>)
  %v = memref.subview %p[0, 0, 1, 1] [1, 16, 6, 5] [1, 1, 1, 1] : memref<1x16x8x7xf16> to memref<1x16x6x5xf16, strided<[896, 56, 7, 1], offset: 8>>
  memref.copy %x, %v : memref<1x16x6x5xf16> to memref<1x16x6x5xf16, strided<[896, 56, 7, 1], offset: 8>>
  %y = memref.alloc() : memref<1x16x6x5xf32>
  linalg.fill ins(%z : f32) outs(%y : memref<1x16x6x5xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : memref<1x16x8x7xf16>, memref<16x16x3x3xf16>) outs(%y : memref<1x16x6x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y, %bias : memref<1x16x6x5xf32>, memref<16xf32>) outs(%out : memref<1x16x6x5xf16>) {
  ^bb0(%in: f32, %b: f32, %o: f16):
    %s = arith.addf %in, %b : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  }
  func.return
}
