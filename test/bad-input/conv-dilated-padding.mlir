// ARGS: --lower-to-coopmat
// ERROR: conv-dilated-padding.mlir:9:3: error: lower-to-coopmat: a dilated convolution with padding 3/3 beyond the kernel's extent 2
func.func @conv(%x: memref<1x6x6x16xf16>, %w: memref<2x2x16x16xf16>, %y: memref<1x10x10x16xf32>) {
  %zero = arith.constant 0.0 : f16
  %p = memref.alloc() : memref<1x12x12x16xf16>
  linalg.fill ins(%zero : f16) outs(%p : memref<1x12x12x16xf16>)
  %v = memref.subview %p[0, 3, 3, 0] [1, 6, 6, 16] [1, 1, 1, 1] : memref<1x12x12x16xf16> to memref<1x6x6x16xf16, strided<[2304, 192, 16, 1], offset: 624>>
  "memref.copy"(%x, %v) : (memref<1x6x6x16xf16>, memref<1x6x6x16xf16, strided<[2304, 192, 16, 1], offset: 624>>) -> ()
  linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<1x12x12x16xf16>, memref<2x2x16x16xf16>) outs(%y : memref<1x10x10x16xf32>)
  func.return
}
