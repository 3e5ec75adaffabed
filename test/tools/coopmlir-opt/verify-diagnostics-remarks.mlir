// RUN: coopmlir-opt %s --verify-diagnostics --lower-to-coopmat=explain=true | filecheck %s
// RUN: not coopmlir-opt %s --verify-diagnostics --lower-to-coopmat 2>&1 | filecheck %s --check-prefix=QUIET
// RUN: not coopmlir-opt %s --verify-diagnostics --lower-to-coopmat="explain=true target=h100-vulkan" 2>&1 | filecheck %s --check-prefix=OTHER

// Remarks that passes print (lower-to-coopmat explain=true: one per matmul)
// are diagnostics: they must be expected, and what is expected must come.

// CHECK: gpu.module @two_kernels
func.func @two(%A: memref<64x32xf16>, %B: memref<32x48xf16>, %C: memref<64x48xf32>, %B2: memref<32x16xf16>, %D: memref<64x16xf32>) {
  // expected-remark@below {{lower-to-coopmat: 64x48x32 f16*f16->f32: tile=16x16x32 subgroups=1x1 mma=16x16x16 stages=1 on generic}}
  linalg.matmul ins(%A, %B : memref<64x32xf16>, memref<32x48xf16>) outs(%C : memref<64x48xf32>)
  linalg.matmul ins(%A, %B2 : memref<64x32xf16>, memref<32x16xf16>) outs(%D : memref<64x16xf32>)
  // expected-remark@above {{lower-to-coopmat: 64x16x32 f16*f16->f32}}
  func.return
}

// Without explain=true, no remark: both expectations fail, at themselves.
// QUIET: verify-diagnostics-remarks.mlir:[[# @LINE - 8]]:6: error: expected remark "lower-to-coopmat: 64x48x32
// QUIET: verify-diagnostics-remarks.mlir:[[# @LINE - 6]]:6: error: expected remark "lower-to-coopmat: 64x16x32

// On another target the configuration differs: the remark is unexpected,
// and the expectation that wanted the generic one is not met.
// OTHER: verify-diagnostics-remarks.mlir:[[# @LINE - 12]]:3: error: unexpected remark: lower-to-coopmat: 64x48x32 f16*f16->f32: tile={{.*}} on h100-vulkan
// OTHER: verify-diagnostics-remarks.mlir:[[# @LINE - 14]]:6: error: expected remark "lower-to-coopmat: 64x48x32 f16*f16->f32: tile=16x16x32 subgroups=1x1 mma=16x16x16 stages=1 on generic" was not produced
