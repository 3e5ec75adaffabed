// A fused epilogue (docs/features/epilogues.md): D = f16(relu(A @ B + bias)),
// the bias broadcast along rows as torch's addmm writes it. One kernel: the
// temporary %T disappears and the bias, ReLU and truncf act on the
// accumulators in registers before the single store.
// run: coopmlir-opt --lower-to-coopmat {file} -o {tmp}/l1.mlir
// run: coopmlir-run {tmp}/l1.mlir --entry bias_relu --check-against {file}
func.func @bias_relu(%A: memref<64x32xf16>, %B: memref<32x32xf16>, %bias: memref<32xf32>, %D: memref<64x32xf16>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<64x32xf32>)
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x32xf16>) outs(%T : memref<64x32xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%T, %bias : memref<64x32xf32>, memref<32xf32>) outs(%D : memref<64x32xf16>) {
  ^bb0(%x: f32, %b: f32, %o: f16):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %zero : f32
    %h = arith.truncf %r : f32 to f16
    linalg.yield %h : f16
  }
  func.return
}
