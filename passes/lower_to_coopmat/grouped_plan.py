"""What the kernel of one `coopmlir.grouped_matmul` will be (`plan_grouped`),
decided before anything changes; `grouped_kernel.py` builds a given plan.

The tile is the matmul planner's (`coopmlir.tiling.candidates` / `choose`)
for the experts' products as a batch of E products of the average size,
E x [R / E] x N x K (so wave quantization counts every expert's tiles),
with what a grouped kernel adds to it checked here: a gated op holds two
accumulator sets and stages two weight tiles (the planner falls back to a
smaller tile only when those do not fit), and each subgroup has a
one-fragment slot of workgroup memory in the output type through which
the tiles that end inside an expert (or scatter) are stored row by row,
masked (`scratch_shape`); whole tiles are stored from the fragments.
The accumulators are f32 (the op's definition), so the tile is the f16 ->
f32 GEMM's, at most 256x128 or 128x256 in 8 subgroups (512 bytes per
work-item), and a gated one's half of that (docs/kernels.md); with the
op's opt-in `f16_sums`, f16 accumulators: the f16 -> f16 GEMM's tiles.

The batch of equal products does not see that each expert's rows end in
a partly filled row tile: with `tails` (the default, `grouped-tails`) each
candidate's predicted efficiency is scaled by ceil(R / E / TM) over the row
tiles an expert is expected to hold under random routing (its count
Binomial(T, p), `expected_row_tiles`; R + about E * TM / 2 rows launched
where the counts spread over several tiles), so a 128-row tile can win
over a 256-row one of the same intensity (f32 sums, N = 4096 at 1,024 rows
per expert: 128x256 over 256x128), and a row tile fitted to the counts
(`fitted_tile_m`: mean + 2 sd in steps of 32) is a candidate too: 160 rows
at 512 Mixtral tokens, one row tile per expert. `grouped-tile` fixes the tile (the
subgroups, matrices and stages the planner's best for it; `grouped-subgroups`
fixes the subgroup grid).

A plain product whose expected row tiles leave most of a last wave
empty runs as K slices (`split`, `choose_split`; grouped_split.py).

The grid is the matmul's, (N tiles, row tiles, 1), the row tiles a
flattened list over the experts, and so is the workgroup order
(`raster`, raster.py; `tiling.default_raster` for a matmul of
`max_row_tiles` row tiles): with raster=G a wave covers G row tiles
(mostly one expert's) by wave / G N tiles, so the workgroups of a wave
share the expert's weight column blocks and the tokens' rows in L2 (a
wave in row-tile-fastest order read every expert's rows and a weight
block per expert for two N columns). Expert e holds ceil(count_e / TM)
row tiles, so with sum(count_e) <= R there are at most `max_row_tiles` =
(R + min(E, R) * (TM - 1)) // TM. Workgroups past the run-time total exit
at once (at most min(E, R) - 1 per N column beyond ceil(R / TM)); each
non-empty expert's last tile may be partly empty (fewer than TM rows
wasted per expert); an empty expert holds no tile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from xdsl.dialects.builtin import MemRefType, ModuleOp

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.grouped_matmul import GroupedMatmulOp
from coopmlir.elements import element_of
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.targets import Target
from coopmlir.tiling import (
    ACCESS_BYTES,
    BUFFERS,
    TILE_SIZES,
    Problem,
    TileConfig,
    candidates,
    choose,
    default_raster,
    estimate,
    grid_refusal,
    parse_dims,
)

#: Staging modes: stages=1 (copy, then math), 2 (prefetch of the next K
#: tile) or 4 (of the next two: `grouped-stages=4` only).
GROUPED_STAGES = (1, 2, 4)


@dataclass(frozen=True)
class GroupedPlan:
    """The kernel of `op` (module doc): R rows of N outputs over K, E experts."""

    op: GroupedMatmulOp
    tokens: int  # T
    rows: int  # R
    experts: int  # E
    n: int
    k: int
    config: TileConfig
    #: The token ids of a work-item's X rows in registers for the whole K
    #: loop (`grouped-row-registers`; grouped_kernel.py).
    row_registers: bool = True
    #: K slices, each its own workgroups, summed by a second kernel
    #: (grouped_split.py); 1: one kernel over all of K.
    split: int = 1

    @property
    def gated(self) -> bool:
        return self.op.gated

    @property
    def f16_sums(self) -> bool:
        return self.op.f16_sums is not None

    @property
    def acc_bytes(self) -> int:
        """The accumulators' element: f32, or f16 with `f16_sums`."""
        return 2 if self.f16_sums else 4

    @property
    def scatter(self) -> bool:
        return self.op.scatter is not None

    @property
    def weights_kn(self) -> bool:
        return self.op.weights_kn is not None

    @property
    def max_row_tiles(self) -> int:
        """Row tiles of any assignment of R rows to E experts (module doc)."""
        tm = self.config.tile_m
        return max(1, (self.rows + min(self.experts, self.rows) * (tm - 1)) // tm)

    def threads(self, target: Target) -> int:
        return self.config.workgroup_size(target.subgroup_size)

    @property
    def tiles_n(self) -> int:
        return math.ceil(self.n / self.config.tile_n)

    @property
    def slice_tiles(self) -> int:
        """K tiles per slice (all of them without split-K)."""
        return -(-self.k // self.config.tile_k) // self.split

    def grid(self) -> tuple[int, int, int]:
        return (self.tiles_n, self.max_row_tiles, self.split)

    def describe(self) -> str:
        cfg = self.config
        kind = "gated (SwiGLU) " if self.gated else ""
        kind += "f16-sum " if self.f16_sums else ""
        return (
            f"{kind}grouped product of {self.rows} rows over {self.experts} experts "
            f"({self.tokens} tokens, N={self.n}, K={self.k}): one kernel, tile "
            f"{cfg.tile_m}x{cfg.tile_n}x{cfg.tile_k}, subgroups "
            f"{cfg.subgroups_m}x{cfg.subgroups_n}, mma "
            f"{cfg.mma_m}x{cfg.mma_n}x{cfg.mma_k}, stages={cfg.stages}, "
            f"raster={cfg.raster}; grid {self.grid()} (N tiles x row tiles: at "
            f"most {self.max_row_tiles} row tiles of the experts' rows, the rest "
            "exit"
            + (f"; x {self.split} K slices, then a reduction" * (self.split > 1))
            + ")"
        )


def shared_bytes(
    config: TileConfig,
    a_bytes: int,
    out_bytes: int,
    gated: bool,
    kn: bool,
) -> int:
    """Workgroup memory: the X tile, one weight tile per weight (stored n x k,
    or k x n with `kn`; rows padded by 16 bytes), the subgroups' output
    slots and the tile's TM token ids (i32)."""
    (ar, ac), (br, bc) = config.staged_shapes(a_bytes, False, not kn)
    weights = 2 if gated else 1
    staged = BUFFERS[config.stages] * (ar * ac + weights * br * bc) * a_bytes
    out_rows, out_cols = scratch_shape(config, out_bytes)
    return staged + out_rows * out_cols * out_bytes + config.tile_m * 4


def scratch_shape(config: TileConfig, out_bytes: int) -> tuple[int, int]:
    """One accumulator fragment per subgroup (subgroup s at rows s * m ..),
    in the output type, rows padded by 16 bytes: the masked stores' slots."""
    rows = config.num_subgroups * config.mma_m
    return rows, config.mma_n + ACCESS_BYTES // out_bytes


def count_spread(rows_per_expert: float, tokens: int) -> float:
    """The standard deviation of an expert's row count under random routing:
    each of the T tokens picks the expert with p = r / T (top-k of E
    experts: k / E), so the count is Binomial(T, p), sd sqrt(r (1 - p))."""
    p = min(1.0, rows_per_expert / max(1, tokens))
    return math.sqrt(rows_per_expert * (1.0 - p))


#: Where the spread of the counts exceeds this many row tiles, the last
#: tile's fill is taken as uniform (half empty on average).
SPREAD_TILES = 4


def expected_row_tiles(rows_per_expert: float, spread: float, tile_m: int) -> float:
    """E[max(1, ceil(c / TM))] for an expert's count c ~ Normal(r, spread^2)
    in whole rows; where the spread exceeds SPREAD_TILES tiles, a last tile
    half empty on average: r / TM + 1/2 (at least one)."""
    if spread <= 0:
        return max(1.0, math.ceil(rows_per_expert / tile_m))
    if spread > SPREAD_TILES * tile_m:
        return max(1.0, rows_per_expert / tile_m + 0.5)
    low = max(0, math.floor(rows_per_expert - 5 * spread))
    high = math.ceil(rows_per_expert + 5 * spread)
    total = weights = 0.0
    for count in range(low, high + 1):
        weight = math.exp(-0.5 * ((count - rows_per_expert) / spread) ** 2)
        total += weight * max(1, math.ceil(count / tile_m))
        weights += weight
    return total / weights


def expected_tiles_scale(rows_per_expert: float, tile_m: int, spread: float) -> float:
    """The row tiles per expert that a batch of equal products counts,
    ceil(r / TM), against those expected under random routing
    (`expected_row_tiles`): at 128 rows per expert, sd 10, a 128-row tile
    is counted once and expected 1.5 times, a 160-row one about once
    (module doc)."""
    counted = math.ceil(rows_per_expert / tile_m)
    return counted / expected_row_tiles(rows_per_expert, spread, tile_m)


def fitted_tile_m(rows_per_expert: float, spread: float) -> int | None:
    """A row tile that holds nearly every expert's rows at once where the
    counts cluster below 256 (mean + 2 sd, in steps of 32: two subgroup
    rows of 16), if no tile size of the matmul planner is it."""
    fitted = 32 * math.ceil((rows_per_expert + 2 * spread) / 32)
    return fitted if fitted <= TILE_SIZES[-1] and fitted not in TILE_SIZES else None


def gated_intensity_scale(
    problem: Problem, config: TileConfig, target: Target
) -> float:
    """What a gated tile's intensity is worth over the one the matmul model
    rates: its two weight tiles share the X tile, so a TM x TN tile reads
    (TM + 2 TN) K elements for 2 TM TN K products, as a TM x 2TN tile does
    (the model's `intensity_efficiency` of the wider tile over its own)."""

    def efficiency(tile_n: int) -> float:
        return estimate(
            problem, replace(config, tile_n=tile_n), target
        ).intensity_efficiency

    return efficiency(2 * config.tile_n) / efficiency(config.tile_n)


@dataclass(frozen=True)
class GroupedChoices:
    """What the user chose of grouped kernels (options.py's `grouped-*`)."""

    tile: tuple[int, int, int] | None = None
    tails: bool = True
    row_registers: bool = True
    stages: int | None = None
    split: int | None = None
    subgroups: tuple[int, int] | None = None


def plan_grouped(
    op: GroupedMatmulOp, target: Target, choices: GroupedChoices = GroupedChoices()
) -> GroupedPlan:
    """The plan of `op`'s kernel, or a located error saying why it has none."""
    for v in (*op.inputs, op.output):
        t = v.type
        if not isinstance(t, MemRefType):
            raise error(op, f"'{op.name}' on tensors: bufferize first")
        if any(d < 0 for d in t.get_shape()):
            raise error(op, f"'{op.name}': static shapes are lowered, got {t}")
    x = op.x.type
    out = op.output.type
    assert isinstance(x, MemRefType) and isinstance(out, MemRefType)
    tokens, k = x.get_shape()
    n = out.get_shape()[1]
    rows = op.rows.type.get_shape()[0]  # pyright: ignore
    experts = op.offsets.type.get_shape()[0] - 1  # pyright: ignore
    if 0 in (rows, n, k, experts):
        raise error(op, f"'{op.name}': an empty product has no kernel to launch")
    elem = element_of(x.element_type)
    f16_sums = op.f16_sums is not None
    acc_name, acc_bytes = ("f16", 2) if f16_sums else ("f32", 4)
    types = (elem.name, elem.name, acc_name, acc_name)
    shapes = target.shapes_for(types)
    if not shapes:
        raise error(
            op,
            f"'{op.name}': {target.name} has no {elem.name} x {elem.name} -> "
            f"{acc_name} cooperative-matrix shape",
        )
    out_bytes = element_of(out.element_type).bytes
    average = max(1, math.ceil(rows / experts))
    kn = op.weights_kn is not None
    problem = Problem(
        average, n, k, elem.bytes, acc_bytes, batch=experts, b_transposed=not kn
    )
    gated = op.gated

    def fits(config: TileConfig, stored_bytes: int = out_bytes) -> bool:
        if config.stages not in GROUPED_STAGES:
            return False
        shared = shared_bytes(config, elem.bytes, stored_bytes, gated, kn)
        registers = config.accumulator_bytes(target.subgroup_size, acc_bytes)
        return (
            shared <= target.shared_memory_bytes
            and registers * (2 if gated else 1) <= target.accumulator_bytes
        )

    # A given tile is built as given: the planner's own list leaves out
    # tiles twice the average rows per expert, which a grouped product's
    # uneven counts may still fill.
    spread = count_spread(rows / experts, tokens)
    listed = candidates(
        problem,
        target,
        shapes,
        tile=choices.tile,
        subgroups=choices.subgroups,
        deep_k=True,
        accumulator_sets=2 if gated else 1,
    )
    fitted = fitted_tile_m(rows / experts, spread)
    if choices.tile is None and choices.tails and fitted is not None:
        listed += [  # the matmul planner's N and K tiles, rows to fit
            c
            for tile_n, tile_k in sorted({(c.tile_n, c.tile_k) for c in listed})
            for c in candidates(
                problem,
                target,
                shapes,
                tile=(fitted, tile_n, tile_k),
                subgroups=choices.subgroups,
                deep_k=True,
                accumulator_sets=2 if gated else 1,
            )
        ]
    # One K tile prefetched (stages=2) even where the weights stream from
    # memory: two (stages=4) ran 3-10% slower at 512 Mixtral tokens on the
    # H200, with K tiles of 64 and of 32 (bench/RESULTS.md, "Nineteenth
    # session"; `grouped-stages=4` still builds it).
    staged = (
        replace(c, stages=choices.stages or min(max(c.stages, 1), 2)) for c in listed
    )
    found = [c for c in staged if fits(c)]
    if choices.tile is not None:
        found = [c for c in found if c.tile == choices.tile]
    if not found:
        asked = [
            f"{name}={'x'.join(map(str, dims))} "
            for name, dims in (
                ("grouped-tile", choices.tile),
                ("grouped-subgroups", choices.subgroups),
            )
            if dims
        ]
        raise error(
            op,
            f"'{op.name}': no tile of the matmul planner "
            + (f"of {'and '.join(asked)}" if asked else "")
            + f"fits {target.name}'s workgroup memory and registers for it",
        )

    def scale(config: TileConfig) -> float:
        tails = expected_tiles_scale(rows / experts, config.tile_m, spread)
        gating = gated_intensity_scale(problem, config, target) if gated else 1.0
        return (tails if choices.tails else 1.0) * gating

    config = choose(found, problem, target, scale)
    plan = GroupedPlan(
        op, tokens, rows, experts, n, k, config, row_registers=choices.row_registers
    )
    split = choose_split(plan, target, choices.split)
    if split > 1 and not fits(config, stored_bytes=4):  # f32 output slots
        if choices.split is not None:
            raise error(op, f"'{op.name}': split-K's f32 output slots do not fit")
        split = 1
    plan = replace(plan, split=split)
    tiles = Problem(plan.max_row_tiles * config.tile_m, n, k, elem.bytes, acc_bytes)
    plan = replace(
        plan, config=replace(config, raster=default_raster(config, tiles, target))
    )
    too_large = grid_refusal(f"'{op.name}'", plan.grid(), target)
    if too_large:
        raise error(op, too_large)
    return plan


#: The fewest waves' worth of time split-K must save (of the unsplit
#: product's): the slices' f32 sums go to memory and back.
SPLIT_GAIN = 0.8
#: The most K slices the default tries.
MAX_SPLIT = 4
#: The shortest K slice the default makes (a second launch and the f32
#: round trip pay off only against a long K loop).
MIN_SLICE_K = 1024


def split_refusal(plan: GroupedPlan, split: int) -> str | None:
    """Why `plan` cannot run as `split` K slices (grouped_split.py), or None."""
    if plan.gated or plan.scatter:
        return "gated and scatter products are not split (the whole sums are needed)"
    tiles = -(-plan.k // plan.config.tile_k)
    if plan.k % plan.config.tile_k or tiles % split:
        return f"K={plan.k} is not {split} slices of whole {plan.config.tile_k} tiles"
    return None


def choose_split(plan: GroupedPlan, target: Target, asked: int | None) -> int:
    """K slices: as asked (`grouped-split-k`), else the S <= MAX_SPLIT of
    the fewest expected waves per slice's share of K, ceil(W * S / slots) /
    S for W the expected workgroups (each expert's count r = R / E in
    max(1, r / TM + 1/2) row tiles), where that is below SPLIT_GAIN of the
    unsplit product's and slices are MIN_SLICE_K long at least
    (grouped_split.py)."""
    if asked is not None:
        refusal = split_refusal(plan, asked) if asked > 1 else None
        if refusal:
            raise error(plan.op, f"grouped-split-k={asked}: {refusal}")
        return asked
    per_expert = max(1.0, plan.rows / plan.experts / plan.config.tile_m + 0.5)
    workgroups = math.ceil(plan.experts * per_expert) * plan.tiles_n
    slots = target.compute_units * plan.config.resident_workgroups(target)

    def waves(split: int) -> float:
        return math.ceil(workgroups * split / slots) / split

    usable = (
        s
        for s in range(2, MAX_SPLIT + 1)
        if split_refusal(plan, s) is None and plan.k // s >= MIN_SLICE_K
    )
    best = min(usable, key=waves, default=1)
    return best if waves(best) < SPLIT_GAIN * waves(1) else 1


def plan_grouped_matmuls(
    module: ModuleOp, target: Target, choices: GroupedChoices = GroupedChoices()
) -> list[GroupedPlan]:
    """Every grouped product, planned before anything changes."""
    ops = [o for o in module.walk() if isinstance(o, GroupedMatmulOp)]
    return [plan_grouped(op, target, choices) for op in ops]


def grouped_choices(
    tile: str | None,
    tails: bool,
    row_registers: bool,
    stages: int | None,
    split: int | None,
    subgroups: str | None = None,
) -> GroupedChoices:
    """The `grouped-*` options, parsed (a CompileError for a bad tile,
    subgroup grid or staging mode)."""
    try:
        dims = parse_dims(tile, 3, "grouped-tile") if tile else None
        grid = parse_dims(subgroups, 2, "grouped-subgroups") if subgroups else None
    except ValueError as err:
        raise CompileError(f"error: lower-to-coopmat: {err}") from None
    if stages is not None and stages not in GROUPED_STAGES:
        raise CompileError(
            f"error: lower-to-coopmat: grouped-stages={stages} must be 1, 2 or 4"
        )
    if split is not None and split < 1:
        raise CompileError(
            f"error: lower-to-coopmat: grouped-split-k={split} must be a positive "
            "number of K slices (1: no split)"
        )
    return GroupedChoices(dims, tails, row_registers, stages, split, grid)  # pyright: ignore[reportArgumentType]
