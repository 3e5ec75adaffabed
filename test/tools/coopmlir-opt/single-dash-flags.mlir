// RUN: coopmlir-opt %s -split-input-file -verify-diagnostics -cse | filecheck %s
// RUN: coopmlir-opt %s -lower-to-coopmat="tile=16x16x16" -o - | filecheck %s --check-prefix=LOWER

// mlir-opt's single-dash spellings of long flags and passes, as MLIR's own
// RUN lines write them, mean what the double-dash ones do.

// CHECK-LABEL: func.func @twice
// CHECK: %[[X:.*]] = arith.addf %a, %a
// CHECK-NEXT: func.return %[[X]], %[[X]]
func.func @twice(%a: f32) -> (f32, f32) {
  %0 = arith.addf %a, %a : f32
  %1 = arith.addf %a, %a : f32
  func.return %0, %1 : f32, f32
}

// -----

// CHECK: // -----
// CHECK-LABEL: func.func @matmul
// LOWER: gpu.func
func.func @matmul(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf32>)
  func.return
}
