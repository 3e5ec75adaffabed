// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=8x8x8 subgroups=1x1" | filecheck %s
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=8x8x8 subgroups=1x1 explain=true" -o /dev/null 2>&1 | filecheck %s --check-prefix=EXPLAIN
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=lavapipe tile=8x8x8 subgroups=1x1 raster=1 explain=true" -o /dev/null 2>&1 | filecheck %s --check-prefix=ROWMAJOR
// RUN: coopmlir-opt %s --split-input-file --lower-to-coopmat="target=h100-vulkan explain=true pretranspose=none" -o /dev/null 2>&1 | filecheck %s --check-prefix=H100

// Without a raster option the cost model picks the workgroup order
// (tiling.default_raster): groups of 8 tile rows where a wave in row-major
// order covers fewer than 8 rows and the grid has more than 8; an explicit
// raster=1 keeps row-major order. (pretranspose=none: by default the i8
// product below reads a copy of B, in other tiles: lower-to-coopmat-pretranspose.mlir.)

// 10 x 2 tiles of 8x8 on lavapipe's 8 compute units: a wave of 8 covers 4
// rows, so groups of 8 rows (16 tiles; the last group has 2 rows).
// CHECK-LABEL: gpu.func @tall(
// CHECK:         %[[GROUP:.*]] = arith.constant 16 : index
// CHECK:         %[[ROWS:.*]] = arith.constant 8 : index
// CHECK:         %[[BX:.*]] = gpu.block_id x
// CHECK:         arith.divui %{{.*}}, %[[GROUP]] : index
// CHECK:         arith.remui %{{.*}}, %[[GROUP]] : index
// CHECK:         arith.minui %{{.*}}, %[[ROWS]] : index
// EXPLAIN: remark: lower-to-coopmat: 80x16x24 f16*f16->f32: tile=8x8x8 subgroups=1x1 mma=8x8x8 stages=2 raster=8 on lavapipe: 20 tiles in 3 wave(s) of 8
// ROWMAJOR: remark: lower-to-coopmat: 80x16x24 f16*f16->f32: tile=8x8x8 subgroups=1x1 mma=8x8x8 stages=2 on lavapipe
func.func @tall(%A: memref<80x24xf16>, %B: memref<24x16xf16>, %C: memref<80x16xf32>) {
  linalg.matmul ins(%A, %B : memref<80x24xf16>, memref<24x16xf16>) outs(%C : memref<80x16xf32>)
  func.return
}

// -----

// H100, i8 -> i32 4095^3 in 256x128 tiles: 32 tiles per row, a wave of 132
// covers 4 rows; raster=8 (with 128x128 tiles: 53.5 against 32.6 TFLOP/s
// row-major, bench/results/2026-11-23/round4/model-vs-tuned.jsonl).
// H100: remark: lower-to-coopmat: 4095x4095x4095 s8*s8->s32: tile=256x128x64 subgroups=2x4 mma=16x16x32 stages=2 raster=8 on h100-vulkan
func.func @ragged_i8(%A: memref<4095x4095xi8>, %B: memref<4095x4095xi8>, %C: memref<4095x4095xi32>) {
  linalg.matmul ins(%A, %B : memref<4095x4095xi8>, memref<4095x4095xi8>) outs(%C : memref<4095x4095xi32>)
  func.return
}

// -----

// f16 -> f32 4095^3 in 128x128x64 tiles: 32 tiles per row, a wave covers
// 4 rows; raster=8 (123 TFLOP/s on the H200, 128 for the 256x128x32 tiles
// of the same order chosen before: bench/RESULTS.md "Eighteenth session").
// (A wave covering 8 rows keeps row-major order: test_tiling.py.)
// H100: remark: lower-to-coopmat: 4095x4095x4095 f16*f16->f32: tile=128x128x64 subgroups=2x4 mma=16x16x16 stages=2 raster=8 on h100-vulkan
func.func @ragged_f16(%A: memref<4095x4095xf16>, %B: memref<4095x4095xf16>, %C: memref<4095x4095xf32>) {
  linalg.matmul ins(%A, %B : memref<4095x4095xf16>, memref<4095x4095xf16>) outs(%C : memref<4095x4095xf32>)
  func.return
}

// -----

// Run-time sizes keep row-major order (raster needs static ones).
// H100: remark: lower-to-coopmat: ?(2048)x?(2048)x4096 s8*s8->s32: tile={{[0-9x]+}} subgroups={{[0-9x]+}} mma={{[0-9x]+}} stages={{[0-9]}} on h100-vulkan
func.func @dynamic(%A: memref<?x4096xi8>, %B: memref<4096x?xi8>, %C: memref<?x?xi32>) {
  linalg.matmul ins(%A, %B : memref<?x4096xi8>, memref<4096x?xi8>) outs(%C : memref<?x?xi32>)
  func.return
}
