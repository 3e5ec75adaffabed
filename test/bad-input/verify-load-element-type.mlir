// ARGS: 
// ERROR: verify-load-element-type.mlir:4:3: error: 'coopmat.load' op coopmat.load: element type f32 of memref<64x64xf32> does not match element type f16 of !coopmat.matrix<16x16xf16, a>
func.func @load_element_mismatch(%mem: memref<64x64xf32>, %i: index) {
  %a = coopmat.load %mem[%i, %i] row_major : memref<64x64xf32> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
