// A --verify-diagnostics suite (docs/tools/coopmlir-opt.md): each chunk
// (split at the dashed lines) states the diagnostics it expects; coopmlir-opt
// exits 0 when every expectation is met and every diagnostic expected.
// run: coopmlir-opt {file} --lower-to-coopmat="explain=true" --split-input-file --verify-diagnostics

// The verifier: a scale factor must have the matrix's element type.
func.func @scale(%m: !coopmat.matrix<16x16xf32, acc>, %s: f16) {
  // expected-error@+1 {{does not match}}
  %r = coopmat.scale %m, %s : !coopmat.matrix<16x16xf32, acc>, f16
  func.return
}

// -----

// The remark explain=true prints at the matmul it lowered.
func.func @matmul(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>) {
  // expected-remark-re@+1 {{lower-to-coopmat: 64x48x32 f16*f16->f32: tile={{[0-9x]+}}}}
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  func.return
}

// -----

// A refused lowering: a located error, never a traceback.
func.func @f64(%A: memref<16x16xf64>, %B: memref<16x16xf64>, %C: memref<16x16xf64>) {
  // expected-error@+1 {{lower-to-coopmat}}
  linalg.matmul ins(%A, %B : memref<16x16xf64>, memref<16x16xf64>) outs(%C : memref<16x16xf64>)
  func.return
}
