// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=IR
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-split-k=1" -o /dev/null 2>&1 | filecheck %s --check-prefix=UNSPLIT
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-tails=false" -o /dev/null 2>&1 | filecheck %s --check-prefix=BATCH
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-tile=64x128x32" -o /dev/null 2>&1 | filecheck %s --check-prefix=FIXED
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan grouped-tile=64x128" 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: lower-to-coopmat: grouped-tile
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan grouped-stages=3" 2>&1 | filecheck %s --check-prefix=BAD-STAGES
// BAD-STAGES: error: lower-to-coopmat: grouped-stages=3 must be 1, 2 or 4
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-stages=4" -o /dev/null 2>&1 | filecheck %s --check-prefix=AHEAD
// AHEAD-NOT: stages={{[123]}}
// AHEAD: stages=4
// AHEAD-NOT: stages={{[123]}}
// One kernel per grouped product (six functions), and the reduction of
// the 512-token down product's two K slices, nothing else:
// IR: gpu.launch_func @gate_up_kernels::@gate_up_grouped
// IR: memref.alloc() : memref<2x1024x4096xf32>
// IR: gpu.launch_func @down_kernels::@down_grouped blocks in
// IR: gpu.launch_func @down_kernels::@down_grouped_reduce
// IR-NEXT: memref.dealloc
// IR-COUNT-4: gpu.launch_func @
// IR-NOT: gpu.launch_func

// The grouped planner (grouped_plan.py) on a Mixtral layer (8 experts,
// top-2, d 4096, hidden 14336, 512 tokens: 1,024 rows, 128 per expert on
// average): the cost model rates the 8 experts' products as one batch of
// 8 x 128 x N x K, so the tile is the dense kernel's for that batch.
// Gated: two accumulator sets, so 128x128 (as many registers as the plain
// 128x256); a per-subgroup output slot, not a TM x TN tile, so both fit
// 48 KiB of workgroup memory. Grid: the matmul's (N tiles, row tiles), row
// tiles the most any routing needs, (1024 + 8 * 127) / 128 = 15, in the
// matmul's workgroup order (tiling.default_raster): groups of 8 row tiles
// where a wave in row-major order covers fewer than 8 of them (112 N
// tiles: one wave of 132 workgroups would read every N tile's weights);
// the down product's 16 N tiles x 8 fit a wave, so row-major order stays.
// The down product in two K slices (grid z, grouped_split.py): its 8 x 1.5
// expected row tiles x 16 N tiles, 192 workgroups, are two waves of 132
// for 1.45 of work; halves of K in 384 are 3 waves of half the time each.
// The gated one is never split (the SwiGLU needs the whole sums). Both
// prefetch two K tiles (stages=4): 1.5 expected row tiles per expert, so
// each weight block is read by one or two workgroups, from memory.

// CHECK: remark: lower-to-coopmat: gated (SwiGLU) grouped product of 1024 rows over 8 experts (512 tokens, N=14336, K=4096): one kernel, tile 128x128x32, subgroups 2x4, mma 16x16x16, stages=4, raster=8; grid (112, 15, 1)
// CHECK: remark: lower-to-coopmat: grouped product of 1024 rows over 8 experts (1024 tokens, N=4096, K=14336): one kernel, tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=4, raster=1; grid (16, 15, 2) (N tiles x row tiles: at most 15 row tiles of the experts' rows, the rest exit; x 2 K slices, then a reduction)
// UNSPLIT: tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=4, raster=1; grid (16, 15, 1)

// 4096 tokens (8,192 rows, 1,024 per expert on average). The accumulators
// are f32 (grouped_matmul's definition), 512 bytes of them per work-item
// at most (h100-vulkan's accumulator_bytes, 128 of its 255 registers): the
// dense f16 -> f32 planner's 256x128 in 2x4 subgroups (16 fragments each)
// is the largest, not the 256x256 of the f16 -> f16 GEMM (f16
// accumulators, half the bytes). Gated: two sets, so half of it, 128x128.
// The plain one: 128x256 of the same intensity as 256x128, since each
// expert's last row tile is about half empty (grouped-tails): 1,024 rows
// expected in 4.5 row tiles of 256 (8.5 of 128), not the batch's 4 (8).
// With grouped-tails=false, the batch model's 256x128 (raster 8: 32 N
// tiles x 8 row tiles exceed a wave).
// Row tiles: (8192 + 8 * 127) / 128 = 71 and (8192 + 8 * 255) / 256 = 39.

// CHECK: remark: lower-to-coopmat: gated (SwiGLU) grouped product of 8192 rows over 8 experts (4096 tokens, N=14336, K=4096): one kernel, tile 128x128x32, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (112, 71, 1)
// CHECK: remark: lower-to-coopmat: grouped product of 8192 rows over 8 experts (8192 tokens, N=4096, K=14336): one kernel, tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=2, raster=1; grid (16, 71, 1)
// grouped-tile fixes the tile of every grouped product, the subgroups the
// planner's best for it (2x2 for two accumulator sets, 1x2 for one).
// FIXED: tile 64x128x32, subgroups 2x2, mma 16x16x16, stages=2, raster=8; grid (112, 23, 1)
// FIXED: tile 64x128x32, subgroups 1x2, mma 16x16x16, stages=2, raster=1; grid (32, 23, 1)
// BATCH: remark: lower-to-coopmat: grouped product of 8192 rows over 8 experts (8192 tokens, N=4096, K=14336): one kernel, tile 256x128x32, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (32, 39, 1)
func.func @gate_up(%x: memref<512x4096xf16>, %wg: memref<8x14336x4096xf16>, %wu: memref<8x14336x4096xf16>, %rows: memref<1024xi32>, %offsets: memref<9xi32>, %y: memref<1024x14336xf16>) {
  coopmlir.grouped_matmul ins(%x, %wg, %wu, %rows, %offsets : memref<512x4096xf16>, memref<8x14336x4096xf16>, memref<8x14336x4096xf16>, memref<1024xi32>, memref<9xi32>) outs(%y : memref<1024x14336xf16>)
  func.return
}

func.func @down(%h: memref<1024x14336xf16>, %wd: memref<8x4096x14336xf16>, %rows: memref<1024xi32>, %offsets: memref<9xi32>, %y: memref<1024x4096xf16>) {
  coopmlir.grouped_matmul ins(%h, %wd, %rows, %offsets : memref<1024x14336xf16>, memref<8x4096x14336xf16>, memref<1024xi32>, memref<9xi32>) outs(%y : memref<1024x4096xf16>)
  func.return
}

func.func @gate_up_4096(%x: memref<4096x4096xf16>, %wg: memref<8x14336x4096xf16>, %wu: memref<8x14336x4096xf16>, %rows: memref<8192xi32>, %offsets: memref<9xi32>, %y: memref<8192x14336xf16>) {
  coopmlir.grouped_matmul ins(%x, %wg, %wu, %rows, %offsets : memref<4096x4096xf16>, memref<8x14336x4096xf16>, memref<8x14336x4096xf16>, memref<8192xi32>, memref<9xi32>) outs(%y : memref<8192x14336xf16>)
  func.return
}

func.func @down_4096(%h: memref<8192x14336xf16>, %wd: memref<8x4096x14336xf16>, %rows: memref<8192xi32>, %offsets: memref<9xi32>, %y: memref<8192x4096xf16>) {
  coopmlir.grouped_matmul ins(%h, %wd, %rows, %offsets : memref<8192x14336xf16>, memref<8x4096x14336xf16>, memref<8192xi32>, memref<9xi32>) outs(%y : memref<8192x4096xf16>)
  func.return
}

// With the opt-in f16_sums (f16 accumulators, half the registers) at 4096
// tokens: the f16 -> f16 GEMM's tiles, 256x128 gated (two sets) and
// 256x256 plain; row tiles (8192 + 8 * 255) / 256 = 39. The plain one's 16
// N tiles x 8 row tiles fit a wave of 132: row-major order.
// CHECK: remark: lower-to-coopmat: gated (SwiGLU) f16-sum grouped product of 8192 rows over 8 experts (4096 tokens, N=14336, K=4096): one kernel, tile 256x128x32, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (112, 39, 1)
// CHECK: remark: lower-to-coopmat: f16-sum grouped product of 8192 rows over 8 experts (8192 tokens, N=4096, K=14336): one kernel, tile 256x256x32, subgroups 2x4, mma 16x16x16, stages=2, raster=1; grid (16, 39, 1)
func.func @gate_up_4096_f16_sums(%x: memref<4096x4096xf16>, %wg: memref<8x14336x4096xf16>, %wu: memref<8x14336x4096xf16>, %rows: memref<8192xi32>, %offsets: memref<9xi32>, %y: memref<8192x14336xf16>) {
  coopmlir.grouped_matmul {f16_sums} ins(%x, %wg, %wu, %rows, %offsets : memref<4096x4096xf16>, memref<8x14336x4096xf16>, memref<8x14336x4096xf16>, memref<8192xi32>, memref<9xi32>) outs(%y : memref<8192x14336xf16>)
  func.return
}

func.func @down_4096_f16_sums(%h: memref<8192x14336xf16>, %wd: memref<8x4096x14336xf16>, %rows: memref<8192xi32>, %offsets: memref<9xi32>, %y: memref<8192x4096xf16>) {
  coopmlir.grouped_matmul {f16_sums} ins(%h, %wd, %rows, %offsets : memref<8192x14336xf16>, memref<8x4096x14336xf16>, memref<8192xi32>, memref<9xi32>) outs(%y : memref<8192x4096xf16>)
  func.return
}
