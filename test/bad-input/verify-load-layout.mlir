// ARGS: 
// ERROR: verify-load-layout.mlir:4:3: error: 'coopmat.load' op coopmat.load: the innermost dimension of memref<64x64xf16, strided<[1, 64]>> must be contiguous (stride 1)
func.func @load_not_contiguous(%mem: memref<64x64xf16, strided<[1, 64]>>, %i: index) {
  %a = coopmat.load %mem[%i, %i] row_major : memref<64x64xf16, strided<[1, 64]>> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
