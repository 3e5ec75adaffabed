// A 64x48 += 64x32 * 32x48 product in f16 -> f32, the input of the pipeline:
// (the README's tour; docs/passes/lower-to-coopmat.md), lowered and checked on the interpreter:
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir && coopmlir-run {tmp}/l1.mlir --entry matmul --check-against {file}
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}
