// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s

// The grouped planner (grouped_plan.py) on a Mixtral layer (8 experts,
// top-2, d 4096, hidden 14336, 512 tokens: 1,024 rows, 128 per expert on
// average): the cost model rates the 8 experts' products as one batch of
// 8 x 128 x N x K, so the tile is the dense kernel's for that batch.
// Gated: two accumulator sets, so 128x128 (as many registers as the plain
// 128x256); a per-subgroup output slot, not a TM x TN tile, so both fit
// 48 KiB of workgroup memory. Grid: row tiles (the most any routing needs,
// (1024 + 8 * 127) / 128 = 15) fastest, then the N tiles.

// CHECK: remark: lower-to-coopmat: gated (SwiGLU) grouped product of 1024 rows over 8 experts (512 tokens, N=14336, K=4096): one kernel, tile 128x128x32, subgroups 2x4, mma 16x16x16, stages=2; grid (15, 112, 1)
// CHECK: remark: lower-to-coopmat: grouped product of 1024 rows over 8 experts (1024 tokens, N=4096, K=14336): one kernel, tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=2; grid (15, 16, 1)
func.func @gate_up(%x: memref<512x4096xf16>, %wg: memref<8x14336x4096xf16>, %wu: memref<8x14336x4096xf16>, %rows: memref<1024xi32>, %offsets: memref<9xi32>, %y: memref<1024x14336xf16>) {
  coopmlir.grouped_matmul ins(%x, %wg, %wu, %rows, %offsets : memref<512x4096xf16>, memref<8x14336x4096xf16>, memref<8x14336x4096xf16>, memref<1024xi32>, memref<9xi32>) outs(%y : memref<1024x14336xf16>)
  func.return
}

func.func @down(%h: memref<1024x14336xf16>, %wd: memref<8x4096x14336xf16>, %rows: memref<1024xi32>, %offsets: memref<9xi32>, %y: memref<1024x4096xf16>) {
  coopmlir.grouped_matmul ins(%h, %wd, %rows, %offsets : memref<1024x14336xf16>, memref<8x4096x14336xf16>, memref<1024xi32>, memref<9xi32>) outs(%y : memref<1024x4096xf16>)
  func.return
}
