// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true coopvec-chunk=96" 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true coopvec-chunk=1024" 2>&1 | filecheck %s --check-prefix=LONG
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan coopvec-chunk=128" 2>&1 | filecheck %s --check-prefix=ALONE

// A chunk shorter than K must divide K and be a multiple of 32: a chunk's
// matrix offset (2 bytes per component) must be 64-byte aligned
// (VUID-RuntimeSpirv-OpCooperativeVectorMatrixMulNV-10097); otherwise an
// error at the product. On a queried device it must also fit maxCooperativeVectorComponents
// (test_skinny_coopvec_chunks.py). Without skinny-coopvec=true the option has
// nothing to size.

// CHECK: {{.*}}lower-to-coopmat-coopvec-chunk-invalid.mlir:[[# @LINE + 6]]:3: error: lower-to-coopmat: skinny-coopvec=true: coopvec-chunk=96 must be K = 512 or divide it and be a multiple of 32 (a chunk's matrix offset must be 64-byte aligned)
// LONG: {{.*}}lower-to-coopmat-coopvec-chunk-invalid.mlir:[[# @LINE + 5]]:3: error: lower-to-coopmat: skinny-coopvec=true: coopvec-chunk=1024 must be K = 512 or divide it and be a multiple of 32 (a chunk's matrix offset must be 64-byte aligned)
// ALONE: error: lower-to-coopmat: coopvec-chunk= sizes the chunks of skinny-coopvec=true, which is not given
func.func @linear(%x: memref<1x512xf16>, %w: memref<64x512xf16>, %y: memref<1x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x64xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<1x512xf16>, memref<64x512xf16>) outs(%y : memref<1x64xf32>)
  func.return
}
