"""The fragment kernel's tiles for small-M products of a large weight
(`small_m_options`), where the weight's bytes set the time: M <= 16 rows of
16-bit activations against an N x K weight of at least `MIN_WEIGHT`
elements, f16 or decoded in the load (int8, int4, f8).

The cost model rates tiles by their math; at M = 16 every tile is
memory-bound and what matters is how many weight bytes are in flight
(Little's law: about 4 TB/s times a microsecond of latency is several
MB across the device). Its choice at 16x4096x4096 (16x128x32 tiles, two
subgroups, split_k=8: 256 workgroups of 64 work-items, 4 KB of an int8
weight each per K step) ran f16 at 0.43 of the HBM roof on the H200
(bench/RESULTS.md). Here: 16 x 64 x 64 tiles of four subgroups (one 16x16
accumulator each), the next two K steps' loads in flight (`stages=4`),
each K step staging 64 x 64 weights (4 KB of int8, 8 KB of f16, 16 bytes
of a packed int4 row a work-item), and K split in at most `MAX_SPLIT`
slices of at least `MIN_K_TILES` K tiles, about `WORKGROUPS_PER_UNIT`
workgroups per compute unit; the split-K workspace (slices x M x N f32,
2 MB at 16x4096x4096 in 8 slices) stays in L2. On the H200 these ran
10-30% faster than the 16 x 64 x 128 tiles of one K step in flight in
4 slices before them (int8 16x4096x11008 0.041 -> 0.029 ms, int4
16x11008x4096 0.027 -> 0.024, f16 0.035 -> 0.031; bench/RESULTS.md,
"Twenty-second session"): more, shorter workgroups keep more loads in
flight; one step in flight instead of two was 0-13% slower, 16 slices
0-7% slower, 32 x 64 and 128 x 64 tiles slower at two of the three
shapes.

`small-m-tiles=false` keeps the cost model's choice (A/B runs)."""

from __future__ import annotations

import math

from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.targets import Target
from coopmlir.tiling import normalized_split

#: Products of at most this many rows take these tiles.
MAX_M = 16
#: ... when the weight has at least this many elements (N x K); smaller
#: products are a few microseconds either way.
MIN_WEIGHT = 1 << 20
TILE = (16, 64, 64)
SUBGROUPS = (1, 4)
#: The next two K tiles' loads in flight (the register prefetch's deepest).
STAGES = 4
#: Workgroups per compute unit the split aims for (8 slices of 172 tiles at
#: 16x11008x4096 on 132 units).
WORKGROUPS_PER_UNIT = 10
#: K tiles each slice keeps at least: with 2 (K slices of 256 at
#: 16x4096x4096, tiles of 128: 16 slices) each workgroup spent most of
#: its time filling and storing (bench/RESULTS.md, "Eighteenth session").
MIN_K_TILES = 8
#: Slices at most: 16 ran 0-7% slower than 8 at every measured shape.
MAX_SPLIT = 8


def small_m_options(matmul: Matmul, target: Target) -> dict[str, object] | None:
    """The tuned-option form (tile, subgroups, stages, split_k) of the small-M tiles
    for `matmul`, or None where they do not apply: more than `MAX_M` rows,
    a smaller weight, sizes known at run time, a batch, no matrix units,
    or operands that are not 16-bit floats."""
    problem = matmul.problem()
    if (
        matmul.dynamic
        or matmul.batch is not None
        or not target.has_matrix_units
        or problem.m > MAX_M
        or problem.n * problem.k < MIN_WEIGHT
        or matmul.component_types[0] not in ("f16", "bf16")
    ):
        return None
    tile_m, tile_n, tile_k = TILE
    tiles = math.ceil(problem.m / tile_m) * math.ceil(problem.n / tile_n)
    k_tiles = math.ceil(problem.k / tile_k)
    wanted = math.ceil(WORKGROUPS_PER_UNIT * target.compute_units / tiles)
    split = max(1, min(wanted, k_tiles // MIN_K_TILES, MAX_SPLIT))
    return {
        "tile": "x".join(map(str, TILE)),
        "subgroups": "x".join(map(str, SUBGROUPS)),
        "stages": STAGES,
        "split_k": normalized_split(split, k_tiles),
    }
