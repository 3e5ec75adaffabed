// ARGS: --lower-to-coopmat
// ERROR: conv-padding-image-does-not-fit.mlir:17:3: error: lower-to-coopmat: the image does not fit in the padded buffer memref<?x?x?x16xf16> at offsets [0, 1, 1, 0]: the bottom or right pad would be negative
// The buffer's rows are the image's (no room for the top pad of 1): the
// copy would write past the buffer, so the bottom pad would be -1.
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<?x?x?x16xf32>) {
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?x?x?x16xf16>
  %h = memref.dim %x, %c1 : memref<?x?x?x16xf16>
  %wd = memref.dim %x, %c2 : memref<?x?x?x16xf16>
  %wp = arith.addi %wd, %c2 : index
  %p = memref.alloc(%n, %h, %wp) : memref<?x?x?x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<?x?x?x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [%n, %h, %wd, 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<?x?x?x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  memref.copy %x, %v : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  func.return
}
