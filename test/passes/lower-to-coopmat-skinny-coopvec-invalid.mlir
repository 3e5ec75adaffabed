// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true"
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan skinny-coopvec=true" 2>&1 | filecheck %s

// What skinny-coopvec=true cannot take is an error at the product. A
// row-major matrix's row stride (2K bytes) must be 16-byte aligned
// (VUID-RuntimeSpirv-OpCooperativeVectorMatrixMulNV-10096): K = 36 is not.
// K above maxCooperativeVectorComponents is taken in chunks
// (lower-to-coopmat-skinny-coopvec-chunks.mlir); a chunk that does not fit
// is refused (lower-to-coopmat-coopvec-chunk-invalid.mlir).

// CHECK: lower-to-coopmat-skinny-coopvec-invalid.mlir:[[# @LINE + 5]]:3: error: lower-to-coopmat: skinny-coopvec=true needs K a multiple of 8, got 36
func.func @odd_k(%x: memref<1x36xf16>, %w: memref<64x36xf16>, %y: memref<1x64xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x64xf32>)
  // expected-error@+1 {{skinny-coopvec=true needs K a multiple of 8, got 36}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<1x36xf16>, memref<64x36xf16>) outs(%y : memref<1x64xf32>)
  func.return
}

// -----

// CHECK: lower-to-coopmat-skinny-coopvec-invalid.mlir:[[# @LINE + 5]]:3: error: lower-to-coopmat: skinny-coopvec=true needs N a multiple of 16, got 40
func.func @odd_n(%x: memref<1x64xf16>, %w: memref<40x64xf16>, %y: memref<1x40xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<1x40xf32>)
  // expected-error@+1 {{skinny-coopvec=true needs N a multiple of 16, got 40}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : memref<1x64xf16>, memref<40x64xf16>) outs(%y : memref<1x40xf32>)
  func.return
}
