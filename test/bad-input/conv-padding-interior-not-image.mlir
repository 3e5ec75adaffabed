// ARGS: --lower-to-coopmat
// ERROR: conv-padding-interior-not-image.mlir:16:3: error: lower-to-coopmat: the padded buffer's interior (the subview) is not the copied image memref<?x?x?x16xf16> along its height (dimension 1)
// The view's height is a run-time argument, not the image's: the copy
// would only be valid if they agree, which the pass cannot know.
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<?x?x?x16xf32>, %rows: index) {
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?x?x?x16xf16>
  %wd = memref.dim %x, %c2 : memref<?x?x?x16xf16>
  %hp = arith.addi %rows, %c2 : index
  %wp = arith.addi %wd, %c2 : index
  %p = memref.alloc(%n, %hp, %wp) : memref<?x?x?x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<?x?x?x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [%n, %rows, %wd, 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<?x?x?x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  memref.copy %x, %v : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  func.return
}
