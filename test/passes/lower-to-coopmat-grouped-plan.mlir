// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true" -o /dev/null 2>&1 | filecheck %s
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan" | filecheck %s --check-prefix=IR
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-split-k=1" -o /dev/null 2>&1 | filecheck %s --check-prefix=UNSPLIT
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-tails=false" -o /dev/null 2>&1 | filecheck %s --check-prefix=BATCH
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-tile=64x128x32" -o /dev/null 2>&1 | filecheck %s --check-prefix=FIXED
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-tile=128x64x64 grouped-subgroups=4x2" -o /dev/null 2>&1 | filecheck %s --check-prefix=SUBGROUPS
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan grouped-subgroups=3x4" 2>&1 | filecheck %s --check-prefix=BAD-SUBGROUPS
// BAD-SUBGROUPS: error: lower-to-coopmat: 'coopmlir.grouped_matmul': no tile of the matmul planner of grouped-subgroups=3x4 fits h100-vulkan's workgroup memory and registers for it
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan grouped-tile=64x128" 2>&1 | filecheck %s --check-prefix=BAD
// BAD: error: lower-to-coopmat: grouped-tile
// RUN: not coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan grouped-stages=3" 2>&1 | filecheck %s --check-prefix=BAD-STAGES
// BAD-STAGES: error: lower-to-coopmat: grouped-stages=3 must be 1, 2 or 4
// RUN: coopmlir-opt %s --lower-to-coopmat="target=h100-vulkan explain=true grouped-stages=4" -o /dev/null 2>&1 | filecheck %s --check-prefix=AHEAD
// AHEAD-NOT: stages={{[123]}}
// AHEAD: stages=4
// AHEAD-NOT: stages={{[123]}}
// One kernel per grouped product (seven functions), and the reduction of
// the 16-expert product's four K slices (the last function), nothing else:
// IR-COUNT-6: gpu.launch_func @{{[a-z0-9_]+}}_kernels::@{{[a-z0-9_]+}}_grouped blocks in
// IR: memref.alloc() : memref<4x4096x1024xf32>
// IR: gpu.launch_func @experts16_kernels::@experts16_grouped blocks in
// IR: gpu.launch_func @experts16_kernels::@experts16_grouped_reduce
// IR-NEXT: memref.dealloc
// IR-NOT: gpu.launch_func

// The grouped planner (grouped_plan.py) on a Mixtral layer (8 experts,
// top-2, d 4096, hidden 14336, 512 tokens: 1,024 rows, 128 per expert on
// average): the cost model rates the 8 experts' products as one batch of
// 8 x 128 x N x K, so the tile is the dense kernel's for that batch. The
// experts' weights are stored N x K: K tiles of 64 (rows of 128 bytes) in
// 2x4 subgroups, as for a dense A B^T (tiling._tile_ks), and 128x128 tiles
// need no more intensity than 256x128 ones in f32 sums
// (tiling.F32_SUM_INTENSITY). Gated: two accumulator sets and two weight
// tiles sharing the X tile, rated as a tile twice as wide
// (gated_intensity_scale). Under random routing an expert's count is
// Binomial(512, 1/4), 128 +- 9.8 rows (the down product's, of 1,024 rows
// picked with 1/8 each: +- 10.6): a 128-row tile is expected 1.5 times
// per expert (a second, nearly empty tile for half of them), so the
// planner adds row tiles of mean + 2 sd in steps of 32, 160, which hold
// nearly every expert's rows at once (fitted_tile_m, expected_row_tiles).
// They win: 160x64x64 gated, 160x128x64 plain in 2x4 subgroups (16x8
// fragments for the plain one). On the H200 these ran gate/up 1.216 ->
// 1.099 ms and down 0.646 -> 0.557 against 128x64x64 and 128x128x64
// (bench/RESULTS.md, "Nineteenth session"). Grid: the matmul's (N tiles,
// row tiles), row tiles the most any routing needs, (1024 + 8 * 159) /
// 160 = 14, in the matmul's workgroup order (tiling.default_raster):
// groups of 8 row tiles where a wave in row-major order covers fewer than 8
// of them. Both prefetch one K tile (stages=2; two, stages=4, measured
// slower for these weights streamed from memory).
// The down product's 32 N tiles x 8 expected row tiles are 1.9 waves: not
// split (grouped_split.py).

// CHECK: remark: lower-to-coopmat: gated (SwiGLU) grouped product of 1024 rows over 8 experts (512 tokens, N=14336, K=4096): one kernel, tile 160x64x64, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (224, 14, 1)
// CHECK: remark: lower-to-coopmat: grouped product of 1024 rows over 8 experts (1024 tokens, N=4096, K=14336): one kernel, tile 160x128x64, subgroups 2x4, mma 16x8x16, stages=2, raster=8; grid (32, 14, 1) (N tiles x row tiles: at most 14 row tiles of the experts' rows, the rest exit)

// 4096 tokens (8,192 rows, 1,024 per expert on average): the same tiles,
// two K tiles prefetched no more (stages=2: 8.5 expected row tiles per
// expert). Row tiles: (8192 + 8 * 127) / 128 = 71.
// CHECK: remark: lower-to-coopmat: gated (SwiGLU) grouped product of 8192 rows over 8 experts (4096 tokens, N=14336, K=4096): one kernel, tile 128x64x64, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (224, 71, 1)
// CHECK: remark: lower-to-coopmat: grouped product of 8192 rows over 8 experts (8192 tokens, N=4096, K=14336): one kernel, tile 128x128x64, subgroups 2x4, mma 16x16x16, stages=2, raster=8; grid (32, 71, 1)
// grouped-tile fixes the tile of every grouped product, the subgroups the
// planner's best for it (2x2 for two accumulator sets, 1x2 for one).
// FIXED: tile 64x128x32, subgroups 2x2, mma 16x16x16, stages=2, raster=8; grid (112, 23, 1)
// FIXED: tile 64x128x32, subgroups 1x2, mma 16x16x16, stages=2, raster=1; grid (32, 23, 1)
// grouped-subgroups fixes the subgroup grid as well.
// SUBGROUPS: tile 128x64x64, subgroups 4x2, mma 16x16x16, stages=2, raster=8; grid (224, 15, 1)
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

// 16 experts of a 1024 x 4096 weight, 4,096 rows (256 per expert), with
// f16_sums: the f16 -> f16 GEMM's tiles. The batch of 16 x 256 x 1024 x
// 4096 would take 256x128 (one row tile per expert: BATCH), but each
// expert's last row tile is about half empty (grouped-tails): 1.5 expected
// row tiles of 256 for the 1 the batch counts, 2.5 of 128 for its 2, so
// 128x256. Its 4 N tiles x 38.5 expected row tiles leave most of a last
// wave empty: four K slices (grouped_split.py), summed by a second kernel
// (the IR checks above); grouped-split-k=1 keeps one kernel.
// CHECK: remark: lower-to-coopmat: f16-sum grouped product of 4096 rows over 16 experts (4096 tokens, N=1024, K=4096): one kernel, tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=2, raster=1; grid (4, 47, 4) (N tiles x row tiles: at most 47 row tiles of the experts' rows, the rest exit; x 4 K slices, then a reduction)
// UNSPLIT: f16-sum grouped product of 4096 rows over 16 experts (4096 tokens, N=1024, K=4096): one kernel, tile 128x256x32, subgroups 2x4, mma 16x16x16, stages=2, raster=1; grid (4, 47, 1)
// BATCH: f16-sum grouped product of 4096 rows over 16 experts (4096 tokens, N=1024, K=4096): one kernel, tile 256x128x32, subgroups 2x4, mma 16x16x16, stages=2, raster=1; grid (8, 31, 2)
func.func @experts16(%h: memref<4096x4096xf16>, %wd: memref<16x1024x4096xf16>, %rows: memref<4096xi32>, %offsets: memref<17xi32>, %y: memref<4096x1024xf16>) {
  coopmlir.grouped_matmul {f16_sums} ins(%h, %wd, %rows, %offsets : memref<4096x4096xf16>, memref<16x1024x4096xf16>, memref<4096xi32>, memref<17xi32>) outs(%y : memref<4096x1024xf16>)
  func.return
}
