// RUN: coopmlir-opt %s --split-input-file --verify-diagnostics --lower-to-coopmat
// The locations, columns included (expected-* lines name lines only):
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat 2>&1 | filecheck %s
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=48x64x32 subgroups=2x2" 2>&1 | filecheck %s --check-prefix=TILE
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan tile=256x256x64 subgroups=4x2 stages=1" 2>&1 | filecheck %s --check-prefix=SHARED
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat="mma=16x8x16" 2>&1 | filecheck %s --check-prefix=MMA
// RUN: not coopmlir-opt %s --split-input-file --lower-to-coopmat 2>&1 | filecheck %s --check-prefix=EXIT

// Bad input is an error at the matmul, the module is not printed, exit code 1.

// i8 has no coopmat shape on the generic target (and SIMT code does not
// compute it: f32, f16 and bf16 -> f32 become loop kernels instead,
// lower-to-coopmat-off-matrix-units.mlir).
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: s8 x s8 -> s32 is not supported by generic (supported: f16*f16->f16; f16*f16->f32); it lowers with target=h100-vulkan, target=simt or target=lavapipe
func.func @i8(%A: memref<16x16xi8>, %B: memref<16x16xi8>, %C: memref<16x16xi32>) {
  // expected-error@+1 {{lower-to-coopmat: s8 x s8 -> s32 is not supported by generic (supported: f16*f16->f16; f16*f16->f32); it lowers with target=h100-vulkan, target=simt or target=lavapipe}}
  linalg.matmul ins(%A, %B : memref<16x16xi8>, memref<16x16xi8>) outs(%C : memref<16x16xi32>)
  func.return
}
// EXIT: lower-to-coopmat-invalid.mlir:[[# @LINE - 3]]:3: error: lower-to-coopmat: s8 x s8 -> s32 is not supported by generic
// EXIT-NOT: builtin.module
// EXIT: // -----

// -----

// An f8 product has matrix units on no target (no VK_EXT_shader_float8):
// the error says to widen the operands (their decode is integer ops).
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: f8e4m3 x f8e4m3 -> f32 is not supported by generic (supported: f16*f16->f16; f16*f16->f32); no target has 8-bit float matrices (VK_EXT_shader_float8): widen the operands to f16 with arith.extf first
func.func @f8(%A: memref<16x32xf8E4M3FN>, %B: memref<32x16xf8E4M3FN>, %C: memref<16x16xf32>) {
  // expected-error@+1 {{no target has 8-bit float matrices (VK_EXT_shader_float8): widen the operands to f16 with arith.extf first}}
  linalg.matmul ins(%A, %B : memref<16x32xf8E4M3FN>, memref<32x16xf8E4M3FN>) outs(%C : memref<16x16xf32>)
  func.return
}

// -----

// Dynamic sizes are lowered, but only on identity layouts (the kernel
// derives the row stride from the sizes).
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: A must have the identity layout, got memref<?x16xf16, strided<[?, 1]>>
func.func @dynamic(%A: memref<?x16xf16, strided<[?, 1]>>, %B: memref<16x16xf16>, %C: memref<?x16xf32>) {
  // expected-error@+1 {{lower-to-coopmat: A must have the identity layout, got memref<?x16xf16, strided<[?, 1]>>}}
  linalg.matmul ins(%A, %B : memref<?x16xf16, strided<[?, 1]>>, memref<16x16xf16>) outs(%C : memref<?x16xf32>)
  func.return
}

// -----

// The fill value must be a constant (kernels take memrefs only).
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: the fill value must be an arith.constant
func.func @fill_argument(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %x: f32) {
  // expected-error@+1 {{lower-to-coopmat: the fill value must be an arith.constant}}
  linalg.fill ins(%x : f32) outs(%C : memref<16x16xf32>)
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  func.return
}

// -----

// A configuration that does not divide, one that overflows 48 KiB of
// workgroup memory, and a coopmat shape the target does not list.
// TILE: lower-to-coopmat-invalid.mlir:[[# @LINE + 4]]:3: error: lower-to-coopmat: tile 48x64x32 with subgroups 2x2 is not a multiple of the coopmat shape 16x16x16 (subgroup tile 24x32x32)
// SHARED: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: tile 256x256x64 with stages=1 needs 78848 bytes of workgroup memory, more than h100-vulkan's 49152 (8192 of them for checked fragments)
// MMA: lower-to-coopmat-invalid.mlir:[[# @LINE + 2]]:3: error: lower-to-coopmat: mma=16x8x16 is not a f16 -> f32 shape of generic (supported: 16x16x16)
func.func @config(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  func.return
}

// -----

// Indexing maps that are not a matmul of whole matrices: a broadcast A.
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: indexing maps [(d0, d1, d2) -> (d2), (d0, d1, d2) -> (d2, d1), (d0, d1, d2) -> (d0, d1)] are not a (batch) matmul
func.func @broadcast(%A: memref<16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  // expected-error@+1 {{lower-to-coopmat: indexing maps [(d0, d1, d2) -> (d2), (d0, d1, d2) -> (d2, d1), (d0, d1, d2) -> (d0, d1)] are not a (batch) matmul}}
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%A, %B : memref<16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  func.return
}

// -----

// The batch dimension must lead every operand (the kernel indexes it first).
// CHECK: lower-to-coopmat-invalid.mlir:[[# @LINE + 3]]:3: error: lower-to-coopmat: indexing maps [(d0, d1, d2, d3) -> (d1, d0, d3), (d0, d1, d2, d3) -> (d0, d3, d2), (d0, d1, d2, d3) -> (d0, d1, d2)]: the batch dimension must lead A, B and C
func.func @batch_inside(%A: memref<16x2x16xf16>, %B: memref<2x16x16xf16>, %C: memref<2x16x16xf32>) {
  // expected-error@+1 {{lower-to-coopmat: indexing maps [(d0, d1, d2, d3) -> (d1, d0, d3), (d0, d1, d2, d3) -> (d0, d3, d2), (d0, d1, d2, d3) -> (d0, d1, d2)]: the batch dimension must lead A, B and C}}
  linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d1, d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%A, %B : memref<16x2x16xf16>, memref<2x16x16xf16>) outs(%C : memref<2x16x16xf32>)
  func.return
}
