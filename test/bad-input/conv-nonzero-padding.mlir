// ARGS: --lower-to-coopmat
// ERROR: conv-nonzero-padding.mlir:9:3: error: lower-to-coopmat: the input is padded with a non-zero or non-constant value
func.func @conv(%x: memref<1x6x6x16xf16>, %w: memref<3x3x16x16xf16>, %y: memref<1x6x6x16xf32>) {
  %one = arith.constant 1.0 : f16
  %p = memref.alloc() : memref<1x8x8x16xf16>
  linalg.fill ins(%one : f16) outs(%p : memref<1x8x8x16xf16>)
  %v = memref.subview %p[0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1] : memref<1x8x8x16xf16> to memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>
  "memref.copy"(%x, %v) : (memref<1x6x6x16xf16>, memref<1x6x6x16xf16, strided<[1024, 128, 16, 1], offset: 144>>) -> ()
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : memref<1x8x8x16xf16>, memref<3x3x16x16xf16>) outs(%y : memref<1x6x6x16xf32>)
  func.return
}
