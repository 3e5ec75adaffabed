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
(bench/RESULTS.md). Here: 16 x 64 x 128 tiles of four subgroups (one 16x16
accumulator each), each K step staging 64 x 128 weights (8 KB of int8,
16 KB of f16, 32 bytes of a packed int4 row a work-item), and K split until
about `WORKGROUPS_PER_UNIT` workgroups per compute unit are launched,
as long as each slice keeps `MIN_K_TILES` K tiles; the split-K workspace (slices x M
x N f32, 4 MB at 16x4096x4096) stays in L2.

`small-m-tiles=false` keeps the cost model's choice (A/B runs).

`small-m-kernel=sliced` takes, where it applies (`plan_sliced`), the
sliced-K kernel instead (sliced_k_kernel.py): K split over the subgroups of
a workgroup, TN = `SLICED[0]` outputs per workgroup, one launch and no
split-K workspace; `small-m-sliced=TNxGxTKsxD` sets its outputs per
workgroup, subgroups, K per subgroup step and the steps fetched ahead."""

from __future__ import annotations

import math
from dataclasses import dataclass

from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.passes.lower_to_coopmat.skinny_plan import feeds_epilogue
from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES, normalized_split

#: Products of at most this many rows take these tiles.
MAX_M = 16
#: ... when the weight has at least this many elements (N x K); smaller
#: products are a few microseconds either way.
MIN_WEIGHT = 1 << 20
TILE = (16, 64, 128)
SUBGROUPS = (1, 4)
#: Workgroups per compute unit the split aims for.
WORKGROUPS_PER_UNIT = 8
#: K tiles each slice keeps at least. With 2 (K slices of 256 at
#: 16x4096x4096: 16 slices, 1,024 workgroups) each workgroup spent most of
#: its time filling and storing; 8 (4 slices) ran int8 / int4 weights at
#: 0.012 ms against 0.014 at 4096x4096 and 0.033 / 0.027 against 0.041 /
#: 0.032 at 11008x4096 (7 slices before) on the H200 (bench/RESULTS.md,
#: "Eighteenth session").
MIN_K_TILES = 8


def small_m_options(matmul: Matmul, target: Target) -> dict[str, object] | None:
    """The tuned-option form (tile, subgroups, split_k) of the small-M tiles
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
    split = max(1, min(wanted, k_tiles // MIN_K_TILES))
    return {
        "tile": "x".join(map(str, TILE)),
        "subgroups": "x".join(map(str, SUBGROUPS)),
        "split_k": normalized_split(split, k_tiles),
    }


#: The sliced-K kernel's default: outputs per workgroup, subgroups, K per
#: subgroup step, steps fetched ahead.
SLICED = (16, 8, 128, 1)
SLICED_KERNELS = ("tiles", "sliced")


@dataclass(frozen=True)
class SlicedPlan:
    """The sliced-K kernel of `matmul` (sliced_k_kernel.py): `columns`
    outputs per workgroup, `groups` subgroups each taking every groups-th
    chunk of `chunk` K, `depth` chunks fetched ahead."""

    matmul: Matmul
    columns: int
    groups: int
    chunk: int
    depth: int

    @property
    def steps(self) -> int:
        """K steps of every subgroup (the last ones past K read zeros)."""
        return -(-self.matmul.k // (self.groups * self.chunk))

    @property
    def past_k(self) -> bool:
        """Whether some subgroup's last chunk reaches past K."""
        return self.steps * self.groups * self.chunk != self.matmul.k

    def threads(self, target: Target) -> int:
        return self.groups * target.subgroup_size

    def grid(self) -> tuple[int, int, int]:
        return (self.matmul.n // self.columns, 1, 1)

    def shared_bytes(self) -> int:
        """The weight slices (rows padded by 16 bytes), the f32 sums and,
        where M < 16, a fragment per subgroup through which convert-to-spirv
        reads A's checked rows."""
        rows = self.chunk + ACCESS_BYTES // 2
        scratch = 16 * 16 * 2 if self.matmul.m % 16 else 0
        return self.groups * (self.columns * (rows * 2 + 16 * 4) + scratch)

    def describe(self) -> str:
        return (
            f"{self.matmul.describe()}: small-m-kernel=sliced {self.columns} "
            f"outputs per workgroup, K split over {self.groups} subgroups in "
            f"steps of {self.chunk} ({self.steps} each, {self.depth} fetched "
            f"ahead): {self.grid()[0]} workgroups, one launch"
        )


def plan_sliced(
    matmul: Matmul, target: Target, sizes: tuple[int, ...] | None = None
) -> SlicedPlan | None:
    """The sliced-K kernel's plan for `matmul` (`sizes`: TN, G, TKs, depth;
    default `SLICED`), or None where it does not apply: more than `MAX_M`
    rows, sizes known at run time, a batch, operands that are not 16-bit
    floats, a weight not stored N x K, A or C stored
    transposed, an epilogue to fuse, N not a multiple of TN or K of 16, no
    16x16x16 f32-sum matrices, or too little workgroup memory."""
    columns, groups, chunk, depth = sizes or SLICED
    a = matmul.component_types[0]
    types = (a, a, "f32", "f32")
    plan = SlicedPlan(matmul, columns, groups, chunk, depth)
    if (
        matmul.dynamic
        or matmul.batch is not None
        or matmul.m > MAX_M
        or a not in ("f16", "bf16")
        or matmul.transposed != (False, True, False)
        or matmul.c_elem.name not in ("f32", "f16", "bf16")  # type: ignore[attr-defined]
        or feeds_epilogue(matmul)
        or matmul.n % columns
        or matmul.k % 16
        or columns % 16
        or chunk % 16
        or (16, 16, 16) not in [(s.m, s.n, s.k) for s in target.shapes_for(types)]
        or plan.threads(target) > target.max_workgroup_size
        or plan.shared_bytes() > target.shared_memory_bytes
    ):
        return None
    return plan
