// ARGS: 
// ERROR: verify-load-indices.mlir:4:3: error: 'coopmat.load' op coopmat.load: memref<64x64xf16> needs 2 indices, got 1
func.func @load_index_count(%mem: memref<64x64xf16>, %i: index) {
  %a = coopmat.load %mem[%i] row_major : memref<64x64xf16> -> !coopmat.matrix<16x16xf16, a>
  func.return
}
