// Transposed operands (docs/passes/lower-to-coopmat.md, Input): B stored
// N x K, as `linalg.matmul_transpose_b` or an `indexing_maps` matmul names
// it. The kernel reads B where it is: its fragments load col_major.
// run: coopmlir-opt --lower-to-coopmat="stages=0" {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry matmul_bt --check-against {file}
func.func @matmul_bt(%A: memref<48x32xf16>, %B: memref<40x32xf16>, %C: memref<48x40xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<48x32xf16>, memref<40x32xf16>) outs(%C : memref<48x40xf32>)
  func.return
}
