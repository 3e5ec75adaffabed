// A contraction written as linalg.generic, B transposed
// (docs/passes/specialize-contractions.md): specialize-contractions names it
// linalg.matmul with these indexing_maps; lower-to-coopmat runs it first.
// run: coopmlir-opt --specialize-contractions {file} -o {tmp}/named.mlir
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry contraction --check-against {file}
func.func @contraction(%A: memref<32x16xf16>, %B: memref<48x16xf16>, %C: memref<32x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%A, %B : memref<32x16xf16>, memref<48x16xf16>) outs(%C : memref<32x48xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %x = arith.extf %a : f16 to f32
    %y = arith.extf %b : f16 to f32
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  func.return
}
