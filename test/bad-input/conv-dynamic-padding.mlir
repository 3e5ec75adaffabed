// ARGS: --lower-to-coopmat
// ERROR: conv-dynamic-padding.mlir:11:3: error: lower-to-coopmat: zero padding of an input with dynamic sizes (the padded buffer memref<?x?x?x16xf16>) is not supported
// The padded-buffer form of tensor.pad with run-time sizes: its interior
// and border are run-time values the pass does not read in place yet.
func.func @conv(%x: memref<?x?x?x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<?x?x?x16xf32>, %n: index, %h: index, %w2: index, %ph: index, %pw: index) {
  %zero = arith.constant 0.0 : f16
  %p = memref.alloc(%n, %ph, %pw) : memref<?x?x?x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<?x?x?x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [%n, %h, %w2, 16] [1, 1, 1, 1] : memref<?x?x?x16xf16> to memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>
  "memref.copy"(%x, %v) : (memref<?x?x?x16xf16>, memref<?x?x?x16xf16, strided<[?, ?, 16, 1], offset: ?>>) -> ()
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<?x?x?x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<?x?x?x16xf32>)
  func.return
}
