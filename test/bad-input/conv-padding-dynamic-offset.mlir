// ARGS: --lower-to-coopmat
// ERROR: conv-padding-dynamic-offset.mlir:19:3: error: lower-to-coopmat: a pad amount known only at run time (the image's offsets in the padded buffer are [0, ?, 1, 0]): the top and left pads must be static
// The image sits at a run-time row %pad of the padded buffer: the top pad
// (where the convolution's rows start) is unknown when the kernel is built.
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<?x?x?x16xf32>, %pad: index) {
  %zero = arith.constant 0.0 : f16
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %x, %c0 : memref<?x?x?x16xf16>
  %h = memref.dim %x, %c1 : memref<?x?x?x16xf16>
  %wd = memref.dim %x, %c2 : memref<?x?x?x16xf16>
  %hp = arith.addi %h, %c2 : index
  %wp = arith.addi %wd, %c2 : index
  %p = memref.alloc(%n, %hp, %wp) : memref<?x?x?x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<?x?x?x16xf16>)
  %v = memref.subview %p[0, %pad, 1, 0] [%n, %h, %wd, 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  memref.copy %x, %v : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<?x?x?x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  func.return
}
