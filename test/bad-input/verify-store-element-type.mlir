// ARGS: 
// ERROR: verify-store-element-type.mlir:4:3: error: 'coopmat.store' op coopmat.store: element type f16 of memref<64x64xf16> does not match element type f32 of !coopmat.matrix<16x16xf32, acc>
func.func @store_element_mismatch(%m: !coopmat.matrix<16x16xf32, acc>, %mem: memref<64x64xf16>, %i: index) {
  coopmat.store %m, %mem[%i, %i] row_major : !coopmat.matrix<16x16xf32, acc>, memref<64x64xf16>
  func.return
}
