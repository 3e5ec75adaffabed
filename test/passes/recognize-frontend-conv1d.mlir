// RUN: coopmlir-opt %s --split-input-file --recognize-frontend="bufferize=false" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=KERNEL

// nn.Conv1d as torch-mlir exports it (linalg.conv_1d_ncw_fcw) becomes the
// 2-D convolution over a unit height (passes/recognize_frontend/conv1d.py):
// the operands expanded to NCHW / FCHW with H = 1, the stride and dilation
// on the W axis, the result collapsed back; lowered, an f16 one is an
// implicit GEMM on the matrix units, reading the NCW input in place
// (test/python/passes/recognize_frontend/test_conv1d.py runs it). The
// export's padding, bias and f16 rounding are not fused into that kernel
// yet (the 2-D convolution's epilogue patterns do not look through the
// unit-height views): loop kernels around it.

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

// On memrefs (no tensor views here) it stays 1-D: a loop kernel.
// CHECK-LABEL: func.func @on_memrefs(
// CHECK:         linalg.conv_1d_ncw_fcw
func.func @on_memrefs(%x: memref<2x8x40xf16>, %w: memref<16x8x5xf16>, %b: memref<2x16x16xf32>) {
  linalg.conv_1d_ncw_fcw {dilations = dense<2> : vector<1xi64>, strides = dense<2> : vector<1xi64>} ins(%x, %w : memref<2x8x40xf16>, memref<16x8x5xf16>) outs(%b : memref<2x16x16xf32>)
  func.return
}
