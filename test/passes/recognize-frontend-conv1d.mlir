// RUN: coopmlir-opt %s --split-input-file --recognize-frontend="bufferize=false" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=KERNEL

// nn.Conv1d as torch-mlir exports it (linalg.conv_1d_ncw_fcw) becomes the
// 2-D convolution over a unit height (passes/recognize_frontend/conv1d.py):
// the operands expanded to NCHW / FCHW with H = 1, the stride and dilation
// on the W axis, the result collapsed back; lowered, an f16 one is an
// implicit GEMM on the matrix units, reading the NCW input in place
// (test/python/passes/recognize_frontend/test_conv1d.py runs it).

// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME:      %[[X:.*]]: tensor<2x8x40xf16>, %[[W:.*]]: tensor<16x8x5xf16>, %[[B:.*]]: tensor<2x16x16xf32>)
// CHECK-NEXT:    %[[X4:.*]] = tensor.expand_shape %[[X]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [2, 8, 1, 40] : tensor<2x8x40xf16> into tensor<2x8x1x40xf16>
// CHECK-NEXT:    %[[W4:.*]] = tensor.expand_shape %[[W]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [16, 8, 1, 5] : tensor<16x8x5xf16> into tensor<16x8x1x5xf16>
// CHECK-NEXT:    %[[B4:.*]] = tensor.expand_shape %[[B]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] output_shape [2, 16, 1, 16] : tensor<2x16x16xf32> into tensor<2x16x1x16xf32>
// CHECK-NEXT:    %[[Y4:.*]] = linalg.conv_2d_nchw_fchw {strides = dense<[1, 2]> : vector<2xi64>, dilations = dense<[1, 2]> : vector<2xi64>} ins(%[[X4]], %[[W4]] : tensor<2x8x1x40xf16>, tensor<16x8x1x5xf16>) outs(%[[B4]] : tensor<2x16x1x16xf32>) -> tensor<2x16x1x16xf32>
// CHECK-NEXT:    %[[Y:.*]] = tensor.collapse_shape %[[Y4]] {{\[}}[0 : i64], [1 : i64], [2 : i64, 3 : i64]] : tensor<2x16x1x16xf32> into tensor<2x16x16xf32>
// CHECK-NEXT:    func.return %[[Y]] : tensor<2x16x16xf32>
// KERNEL-LABEL: gpu.func @conv1d(
// KERNEL-SAME:      memref<2x8x1x40xf16>
// KERNEL:         coopmat.mul_add
func.func @conv1d(%x: tensor<2x8x40xf16>, %w: tensor<16x8x5xf16>, %b: tensor<2x16x16xf32>) -> tensor<2x16x16xf32> {
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%x, %w : tensor<2x8x40xf16>, tensor<16x8x5xf16>) outs(%b : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  func.return %y : tensor<2x16x16xf32>
}

// -----

// The export's own form (nn.Conv1d(4, 8, 3, padding=1).half()): the pad
// along W, the bias broadcast into the initial value and the truncf after
// it go 4-D with the convolution, so the 2-D convolution's patterns see
// what they know (the bias moves after it, ConvBiasAfter, and fuses with
// the truncf): the pad is read as padding, the bias and the rounding are
// its epilogue, one kernel in all (the old pad and broadcast erased).
// CHECK-LABEL: func.func @export_form(
// CHECK-SAME:      %[[X:.*]]: tensor<1x4x32xf16>, %[[W:.*]]: tensor<8x4x3xf16>, %[[BIAS:.*]]: tensor<8xf32>)
// CHECK:         %[[X4:.*]] = tensor.expand_shape %[[X]] {{.*}} into tensor<1x4x1x32xf16>
// CHECK-NEXT:    %[[P:.*]] = tensor.pad %[[X4]] low[0, 0, 0, 1] high[0, 0, 0, 1] {
// CHECK:         } : tensor<1x4x1x32xf16> to tensor<1x4x1x34xf16>
// CHECK-NEXT:    %[[W4:.*]] = tensor.expand_shape %[[W]] {{.*}} into tensor<8x4x1x3xf16>
// CHECK:         %[[FILL:.*]] = linalg.fill {{.*}} -> tensor<1x8x1x32xf32>
// CHECK-NEXT:    %[[Y4:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[P]], %[[W4]] : {{.*}}) outs(%[[FILL]] : tensor<1x8x1x32xf32>)
// CHECK-NEXT:    %[[E16:.*]] = tensor.empty() : tensor<1x8x1x32xf16>
// CHECK-NEXT:    %[[H:.*]] = linalg.generic {{.*}} ins(%[[Y4]], %[[BIAS]] : tensor<1x8x1x32xf32>, tensor<8xf32>) outs(%[[E16]] : tensor<1x8x1x32xf16>)
// CHECK:           arith.addf
// CHECK-NEXT:      arith.truncf
// CHECK:         %[[R:.*]] = tensor.collapse_shape %[[H]] {{.*}} into tensor<1x8x32xf16>
// CHECK-NEXT:    func.return %[[R]]
// CHECK-NOT:     linalg.conv_1d
// KERNEL-LABEL: func.func @export_form(
// KERNEL:        gpu.launch_func @export_form_kernels::@export_form
// KERNEL-NOT:    gpu.launch_func
// KERNEL:        func.return
func.func @export_form(%x: tensor<1x4x32xf16>, %w: tensor<8x4x3xf16>, %bias: tensor<8xf32>) -> tensor<1x8x32xf16> {
  %zero = arith.constant 0.0 : f16
  %padded = tensor.pad %x low[0, 0, 1] high[0, 0, 1] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %zero : f16
  } : tensor<1x4x32xf16> to tensor<1x4x34xf16>
  %e = tensor.empty() : tensor<1x8x32xf32>
  %b = linalg.broadcast ins(%bias : tensor<8xf32>) outs(%e : tensor<1x8x32xf32>) dimensions = [0, 2]
  %y = linalg.conv_1d_ncw_fcw {dilations = dense<1> : vector<1xi64>, strides = dense<1> : vector<1xi64>} ins(%padded, %w : tensor<1x4x34xf16>, tensor<8x4x3xf16>) outs(%b : tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %e16 = tensor.empty() : tensor<1x8x32xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y : tensor<1x8x32xf32>) outs(%e16 : tensor<1x8x32xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  } -> tensor<1x8x32xf16>
  func.return %h : tensor<1x8x32xf16>
}

// -----

// On memrefs (no tensor views here) it stays 1-D: a loop kernel.
// CHECK-LABEL: func.func @on_memrefs(
// CHECK:         linalg.conv_1d_ncw_fcw
func.func @on_memrefs(%x: memref<2x8x40xf16>, %w: memref<16x8x5xf16>, %b: memref<2x16x16xf32>) {
  linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%x, %w : memref<2x8x40xf16>, memref<16x8x5xf16>) outs(%b : memref<2x16x16xf32>)
  func.return
}
