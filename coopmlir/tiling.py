"""Tiling of a matmul onto workgroups, subgroups and cooperative matrices,
and the cost model of NVIDIA's matrix-multiplication performance guide to
choose one.

A `TileConfig` is the hierarchy `lower-to-coopmat` builds: a workgroup tile
TM x TN x TK over the grid, SM x SN subgroups inside it, each owning a
register tile of C_ROWS x C_COLS accumulator fragments of the m x n x k
cooperative-matrix shape, and a staging mode (0: fragments from global
memory, 1: through workgroup memory, 2: with register prefetch, 3: with
register prefetch into two workgroup buffers, one barrier per K tile).

`estimate` predicts the efficiency of a configuration (the performance guide):

- tile quantization: the fraction of the launched M x N tiles (and of the K
  steps, in units of k) that is useful work;
- wave quantization: tiles run in waves of one workgroup per compute unit,
  or as many as give each of the unit's `subgroups_per_unit` schedulers a
  subgroup (an H100 SM has 4 sub-partitions with their own matrix units:
  a one-subgroup workgroup keeps a quarter of it busy; i8->i32
  128x4096x4096 ran at 60 TFLOP/s in 128 workgroups of 1 subgroup and at
  139 in 128 of 4, bench/results/2026-11-23/round4/model-vs-tuned.jsonl),
  so `tiles / (waves * slots)` of the device is busy;
- arithmetic intensity of the workgroup tile, 2*TM*TN / ((TM+TN) * bytes)
  FLOPs per byte of A and B read from global memory, against the target's
  `flops_per_byte` (doubled for 8-bit operands, halved for 16-bit ones
  summed in f32 unless decoded in the load: `needed_intensity`; capped
  at 1);
- staging copies: rows of A or B in global memory that are not a whole
  number of 16-byte chunks are copied element by element (tile_copy.py),
  measured at `UNALIGNED_COPY_EFFICIENCY` of the 16-byte copies;
- staging rows: a K-contiguous operand (A not transposed, B transposed)
  staged in K tiles is read from global memory in runs of K tile bytes;
  runs shorter than `STAGED_ROW_BYTES` cost `SHORT_ROW_EFFICIENCY` per
  operand. Where A is K-contiguous (`A B` and `A B^T`, every torch-mlir
  `nn.Linear`), K tiles of `2 * K_STEP_BYTES` are candidates too for
  plain products and grouped ones (`deep_k`; not for an operand decoded in
  the load, whose tiles were measured with K tiles of 64 bytes);
- split-K (`split_k` = S > 1): S workgroups share each output tile, each
  over its slice of the K tiles, so the waves count S times the tiles; the
  workspace they write and the reduction reads costs `split_efficiency`;
- registers: a work-item whose estimated registers (`registers_per_item`:
  accumulators, the operand fragments of one k step, the register prefetch
  of the staged copies, `REGISTER_OVERHEAD`) exceed the target's spills and
  runs at `SPILL_EFFICIENCY`; in workgroups of fewer than `FULL_SUBGROUPS`
  subgroups, a subgroup with more than `FRAGMENTS_PER_SUBGROUP` fragments is
  slower too (`register_efficiency`);
- fixed cost per tile (`Target.tile_overhead_k_tiles` = O,
  `FITTED_TILE_OVERHEAD_K_TILES` by default, lower-to-coopmat's
  `tile-overhead` overrides it): where a compute unit's
  register file holds only one workgroup of the tile
  (`resident_by_registers`), or the grid has no more tiles than compute
  units, its prologue fill and epilogue store idle the matrix units:
  T / (T + O) over the T K tiles a workgroup runs (`overhead_efficiency`);
  short K (GPT-2's 768) cannot amortize it, which two 4-subgroup workgroups
  per SM overlap.

`default_raster` picks the workgroup order, which is not ranked.

Their product is the predicted fraction of peak. `choose` scores every
candidate that fits the target (workgroup size, shared memory, accumulator
registers) and returns the best; ties go to taller subgroup tiles (more
rows than columns of fragments; on targets with a register count, as
measured on an H200), then to more fragment reuse inside a
subgroup, then to less workgroup memory, then to larger matrix shapes, then
to the order of `candidates`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from coopmlir.target_lowering import staging_bytes
from coopmlir.targets import MatrixShape, Target

#: The widest memory access of one work-item: 16 bytes, a GPU's 128-bit
#: load/store (one `uvec4` in convert-to-spirv). Staged copies move chunks of
#: it, workgroup-memory rows are padded by it against bank conflicts (so
#: padded rows stay aligned to it), the XOR swizzle permutes such chunks.
ACCESS_BYTES = 16
#: Subgroups per workgroup that kernels whose subgroups each own a band of
#: rows (attention, MLP chains) try, most first: fewer for few rows.
ROW_BAND_SUBGROUPS = (4, 2, 1)
#: Bytes of A (and of B) a workgroup reads per row and K step (the Vulkan
#: cooperative-matrix talk: K = 32 for fp16, 64 for int8).
K_STEP_BYTES = 64
TILE_SIZES = (16, 32, 64, 128, 256)
SUBGROUP_GRIDS = ((1, 1), (2, 1), (1, 2), (2, 2), (4, 2), (2, 4))
#: Speed of staged kernels whose copies cannot use 16-byte chunks, relative
#: to those that can: on the H100 (bench/RESULTS.md), 8192^3 f16->f32 ran at
#: 112 TFLOP/s with element copies and 288 with 16-byte ones; 4095^3 at 107
#: against 267 for 4096^3.
UNALIGNED_COPY_EFFICIENCY = 0.4
#: A staged operand's rows in global memory shorter than a cache line (a
#: K-contiguous operand in K tiles of 64 bytes: a subgroup's 16-byte loads
#: touch 8 lines for 512 bytes) run at this speed relative to longer ones.
#: H200, f16->f32 (bench/RESULTS.md, "Seventeenth session"): A stored
#: M x K (K-contiguous) against K x M with B K x N, 0.150 against 0.139 ms
#: at 8192x3072x768, 0.172 / 0.154 at 8192x768x3072, 3.85 / 3.52 at 8192^3
#: (0.90-0.93); with B N x K as well, 0.160 / 0.190 / 4.11 (two operands:
#: 0.81-0.87).
SHORT_ROW_EFFICIENCY = 0.90
STAGED_ROW_BYTES = 128
#: The share of the target's `flops_per_byte` that 16-bit operands summed in
#: f32 need. Their products run at about 300 TFLOP/s on the H200 whatever
#: the tile above 128x128: 128x128x64 tiles of 2x4 subgroups ran 0-17%
#: faster than the 256x128x32 ones that the full intensity chose, at 21 of
#: 22 shapes (4095^3 A B: 4% slower), 128x128x32 of 2x2 ran ResNet-50's
#: conv3 layers 9-11% faster (bench/RESULTS.md, "Eighteenth session"; the
#: eleventh session had 128x128 of 2x2 at 299 TFLOP/s against 286 for
#: 256x128 at 8192^3). Where an operand is decoded in the load, only from
#: `DECODED_HALF_INTENSITY_ROWS` rows: 128x128x32 tiles ran 1024- to
#: 4096-row products as fast or up to 12% faster than 256x128x32, 128-row
#: ones 11-44% slower than 128x256x32.
F32_SUM_INTENSITY = 0.5
#: The share of the target's `flops_per_byte` that 8-bit operands both
#: stored K-contiguous (A B^T, or copied so: pretranspose.py) need: their
#: 32-bit sums bound the tile as f32 sums do for 16-bit operands. On the
#: H200 i8 8192^3 ran at 549 TFLOP/s in 128x128x128 tiles of 2x4 subgroups
#: and at 497 in the 256x128x64 ones the full intensity chose (B copied to
#: N x K first in both; bench/RESULTS.md, "Twenty-first session"). With B
#: stored K x N and read so, 128x128 tiles were the slower ones (the
#: nineteenth session: 268 against 357), so the full intensity stays there.
BYTE_K_CONTIGUOUS_INTENSITY = 0.5
DECODED_HALF_INTENSITY_ROWS = 1024
STAGES = (0, 1, 2, 3, 4)
#: Split-K: a slice keeps at least this many K tiles, so that its K loop
#: still pipelines and the workspace traffic stays small against its math.
MIN_TILES_PER_SLICE = 8
#: The most slices the fill heuristic considers.
MAX_SPLIT_K = 32
#: Bytes of a split-K partial accumulator (f32 or i32, whatever C's type).
SPLIT_ACCUMULATOR_BYTES = 4
#: Workgroup buffers of A and B tiles per staging mode.
BUFFERS = {0: 0, 1: 1, 2: 1, 3: 2, 4: 1}
#: The workgroup order `default_raster` picks: groups of this many M tile rows.
RASTER_GROUP = 8
#: Registers of a work-item besides accumulators, operand fragments and
#: prefetch (ids, addresses, loop counters): on the H200 the driver reported
#: 248 registers for a 256x256x32 f16 tile in 2x4 subgroups, whose counted
#: part below is 196 (VK_KHR_pipeline_executable_properties; bench/RESULTS.md,
#: "Registers").
REGISTER_OVERHEAD = 52
#: Speed of a kernel that spills registers, relative to one that does not: the
#: same 256x256x32 f16 tile ran at 281 TFLOP/s with 255 registers and 1 KiB of
#: spills per work-item (C loaded into the accumulators before the K loop)
#: and at 398 with 248 and none (C added after it).
SPILL_EFFICIENCY = 0.7
#: Accumulator fragments a subgroup holds at full speed in a workgroup of fewer
#: than `FULL_SUBGROUPS` subgroups. On the H200 with C added after the K loop
#: (bench/results/model-vs-tuned-h200-2026-11-28), f16->f16 subgroups of 32
#: fragments ran at 374-407 TFLOP/s in 256x256 tiles of 8 subgroups, but
#: 128x256 tiles of 2x2 subgroups (32 each) at 193 where 64x256 of 1x4 (16
#: each) reached 283 (2048x2048x8192); earlier H100 rows agree (185 vs 285).
FRAGMENTS_PER_SUBGROUP = 16
FULL_SUBGROUPS = 8
#: K tiles held in registers by the staged copies per staging mode.
PREFETCHED_TILES = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2}


@dataclass(frozen=True)
class Problem:
    """A (batched) matmul: C[b] (m x n) += A[b] (m x k) * B[b] (k x n).

    A transposed operand is stored k x m (A) or n x k (B); staging keeps
    that orientation in workgroup memory, which changes the tile shapes
    (a transposed C, n x m, matters to split-K's reduction only).
    A size named in `dynamic` ("batch", "m", "n", "k") is known only at run
    time: its field is the size hint, and the tile may not divide it.
    """

    m: int
    n: int
    k: int
    a_bytes: int
    c_bytes: int
    batch: int = 1
    a_transposed: bool = False
    b_transposed: bool = False
    dynamic: frozenset[str] = frozenset()
    c_transposed: bool = False
    #: An operand is decoded in the load (a quantized weight: weight_decode.py).
    decoded: bool = False

    def arithmetic_intensity(self) -> float:
        """The performance guide: FLOPs per byte moved, reading A and B, writing C."""
        flops = 2 * self.m * self.n * self.k
        moved = self.a_bytes * (self.m + self.n) * self.k
        return flops / (moved + self.c_bytes * self.m * self.n)


def accumulator_bytes_per_item(
    fragments: int, shape: tuple[int, int], subgroup_size: int, element_bytes: int = 4
) -> int:
    """Accumulator registers of one work-item, in bytes: `fragments` m x n
    (`shape`) accumulators of `element_bytes` (f32) spread over a subgroup;
    `Target.accumulator_bytes` bounds it."""
    m, n = shape
    return fragments * m * n * element_bytes // subgroup_size


@dataclass(frozen=True)
class TileConfig:
    tile_m: int
    tile_n: int
    tile_k: int
    subgroups_m: int
    subgroups_n: int
    mma_m: int
    mma_n: int
    mma_k: int
    stages: int
    #: Workgroup order: groups of this many M tile rows (1: row-major);
    #: passes/lower_to_coopmat/raster.py. The cost model does not rank it;
    #: `default_raster` picks it when not asked for.
    raster: int = 1
    #: Split-K: slices of the K tiles, each its own workgroups (grid z);
    #: passes/lower_to_coopmat/split_k.py. 1: one kernel over all of K.
    split_k: int = 1

    @property
    def tile(self) -> tuple[int, int, int]:
        return (self.tile_m, self.tile_n, self.tile_k)

    @property
    def mma(self) -> tuple[int, int, int]:
        return (self.mma_m, self.mma_n, self.mma_k)

    @property
    def subgroups(self) -> tuple[int, int]:
        return (self.subgroups_m, self.subgroups_n)

    @property
    def num_subgroups(self) -> int:
        return self.subgroups_m * self.subgroups_n

    @property
    def subgroup_tile(self) -> tuple[int, int]:
        return (self.tile_m // self.subgroups_m, self.tile_n // self.subgroups_n)

    @property
    def frags_m(self) -> int:
        """C_ROWS: accumulator fragments per subgroup along M."""
        return self.tile_m // (self.subgroups_m * self.mma_m)

    @property
    def frags_n(self) -> int:
        """C_COLS: accumulator fragments per subgroup along N."""
        return self.tile_n // (self.subgroups_n * self.mma_n)

    def grid(self, problem: Problem) -> tuple[int, int, int]:
        """Workgroups in x (N tiles), y (M tiles) and z (the batch times the
        split-K slices)."""
        return (
            -(-problem.n // self.tile_n),
            -(-problem.m // self.tile_m),
            problem.batch * self.split_k,
        )

    def k_tiles(self, problem: Problem) -> int:
        """K tiles of the whole product."""
        return -(-problem.k // self.tile_k)

    def tiles_per_slice(self, problem: Problem) -> int:
        """K tiles each split-K slice runs (the last one's beyond K are
        zeros); all of them without split-K."""
        return -(-self.k_tiles(problem) // self.split_k)

    @property
    def fragments(self) -> int:
        """Accumulator fragments of one subgroup."""
        return self.frags_m * self.frags_n

    def resident_workgroups(self, target: Target) -> int:
        """Workgroups a compute unit runs side by side at full rate: enough
        to give each of its `subgroups_per_unit` schedulers a subgroup."""
        return max(1, target.subgroups_per_unit // self.num_subgroups)

    def resident_by_registers(self, problem: Problem, target: Target) -> int | None:
        """Workgroups of this tile a compute unit's register file holds at
        once (None where the target does not say): the estimated registers
        per work-item, capped at the most a work-item holds (more spill).
        Workgroup memory never limits it below 2 on the targets that say:
        Vulkan lets a workgroup 48 KiB of an H100 SM's 228."""
        if target.registers_per_unit is None:
            return None
        registers = self.registers_per_item(problem, target)
        if target.registers_per_item is not None:
            registers = min(registers, target.registers_per_item)
        threads = self.workgroup_size(target.subgroup_size)
        return target.registers_per_unit // (registers * threads)

    def workgroup_size(self, subgroup_size: int) -> int:
        return self.num_subgroups * subgroup_size

    def padded_k(self, a_bytes: int) -> int:
        """Row length of the A tile in workgroup memory."""
        return self.tile_k + ACCESS_BYTES // a_bytes

    def padded_n(self, a_bytes: int) -> int:
        """Row length of the B tile in workgroup memory."""
        return self.tile_n + ACCESS_BYTES // a_bytes

    def staged_shapes(
        self, a_bytes: int, a_transposed: bool = False, b_transposed: bool = False
    ) -> tuple[tuple[int, int], tuple[int, int]]:
        """Shapes of the A and B tiles in workgroup memory: stored as in global
        memory (k x m for a transposed A, n x k for a transposed B), rows
        padded by `ACCESS_BYTES`."""
        pad = ACCESS_BYTES // a_bytes
        a_rows, a_cols = (
            (self.tile_k, self.tile_m) if a_transposed else (self.tile_m, self.tile_k)
        )
        b_rows, b_cols = (
            (self.tile_n, self.tile_k) if b_transposed else (self.tile_k, self.tile_n)
        )
        return (a_rows, a_cols + pad), (b_rows, b_cols + pad)

    def shared_memory_bytes(
        self, a_bytes: int, a_transposed: bool = False, b_transposed: bool = False
    ) -> int:
        (ar, ac), (br, bc) = self.staged_shapes(a_bytes, a_transposed, b_transposed)
        return BUFFERS[self.stages] * (ar * ac + br * bc) * a_bytes

    def scratch_bytes(self, problem: Problem, target: Target | None = None) -> int:
        """Workgroup memory of convert-to-spirv's checked fragment accesses
        on `target` (`target_lowering.staging_bytes`). C fragments are
        checked when M or N is ragged; with stages=0, A and B fragments too
        when M, N or K is."""
        dynamic = problem.dynamic
        ragged_mn = (
            problem.m % self.tile_m or problem.n % self.tile_n or {"m", "n"} & dynamic
        )
        ragged_k = problem.k % self.tile_k or "k" in dynamic
        slots: dict[int, int] = {}  # element bytes -> slot elements
        if ragged_mn:
            slots[problem.c_bytes] = self.mma_m * self.mma_n
        if self.stages == 0 and (ragged_mn or ragged_k):
            ab = max(self.mma_m, self.mma_n) * self.mma_k
            slots[problem.a_bytes] = max(slots.get(problem.a_bytes, 0), ab)
        return staging_bytes(self.num_subgroups, slots.items(), target)

    def accumulator_bytes(self, subgroup_size: int, c_bytes: int) -> int:
        """Accumulator storage of one work-item."""
        return accumulator_bytes_per_item(
            self.frags_m * self.frags_n,
            (self.mma_m, self.mma_n),
            subgroup_size,
            c_bytes,
        )

    def registers_per_item(self, problem: Problem, target: Target) -> int:
        """Estimated 32-bit registers of one work-item (module doc): the
        accumulators, the A fragments and one B fragment of a k step, the
        staged copies' prefetched tiles, `REGISTER_OVERHEAD`."""
        sg, a = target.subgroup_size, problem.a_bytes
        c = problem.c_bytes if self.split_k == 1 else SPLIT_ACCUMULATOR_BYTES
        a_frag = self.mma_m * self.mma_k * a // sg // 4
        b_frag = self.mma_k * self.mma_n * a // sg // 4
        tiles = (self.tile_m + self.tile_n) * self.tile_k * a
        prefetch = PREFETCHED_TILES[self.stages] * tiles // self.workgroup_size(sg) // 4
        return (
            self.accumulator_bytes(sg, c) // 4
            + self.frags_m * a_frag
            + b_frag
            + prefetch
            + REGISTER_OVERHEAD
        )

    def __str__(self) -> str:
        return (
            f"tile={'x'.join(map(str, self.tile))} "
            f"subgroups={self.subgroups_m}x{self.subgroups_n} "
            f"mma={'x'.join(map(str, self.mma))} stages={self.stages}"
            + (f" raster={self.raster}" if self.raster > 1 else "")
            + (f" split_k={self.split_k}" if self.split_k > 1 else "")
        )


@dataclass(frozen=True)
class Estimate:
    """The performance guide's quantities for one configuration on one target."""

    tiles: int
    waves: int
    tail_tiles: int
    tile_efficiency: float
    wave_efficiency: float
    intensity: float
    intensity_efficiency: float
    copy_efficiency: float = 1.0
    row_efficiency: float = 1.0
    split_efficiency: float = 1.0
    register_efficiency: float = 1.0
    overhead_efficiency: float = 1.0
    #: Workgroups per wave: compute units times the workgroups each runs.
    slots: int = 0

    @property
    def efficiency(self) -> float:
        return (
            self.tile_efficiency
            * self.wave_efficiency
            * self.intensity_efficiency
            * self.copy_efficiency
            * self.row_efficiency
            * self.split_efficiency
            * self.register_efficiency
            * self.overhead_efficiency
        )


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def estimate(problem: Problem, config: TileConfig, target: Target) -> Estimate:
    tiles_m = _ceil_div(problem.m, config.tile_m)
    tiles_n = _ceil_div(problem.n, config.tile_n)
    tiles = tiles_m * tiles_n * problem.batch * config.split_k
    launched = tiles_m * config.tile_m * tiles_n * config.tile_n
    k_steps = _ceil_div(problem.k, config.mma_k) * config.mma_k
    if config.split_k > 1:  # every slice runs the same number of K tiles
        k_steps = config.split_k * config.tiles_per_slice(problem) * config.tile_k
    tile_efficiency = (problem.m * problem.n / launched) * (problem.k / k_steps)
    slots = target.compute_units * config.resident_workgroups(target)
    waves = _ceil_div(tiles, slots)
    intensity = (
        2
        * config.tile_m
        * config.tile_n
        / ((config.tile_m + config.tile_n) * problem.a_bytes)
    )
    return Estimate(
        row_efficiency=_row_efficiency(problem, config),
        tiles=tiles,
        waves=waves,
        tail_tiles=tiles % slots if tiles > slots else 0,
        tile_efficiency=tile_efficiency,
        wave_efficiency=tiles / (waves * slots),
        intensity=intensity,
        intensity_efficiency=min(1.0, intensity / needed_intensity(problem, target)),
        copy_efficiency=_copy_efficiency(problem, config),
        split_efficiency=_split_efficiency(problem, config, target),
        register_efficiency=_register_efficiency(problem, config, target),
        overhead_efficiency=overhead_efficiency(problem, config, target),
        slots=slots,
    )


def needed_intensity(problem: Problem, target: Target) -> float:
    """The tile intensity that keeps the matrix units busy: the target's
    `flops_per_byte` is for 16-bit operands; 8-bit ones run twice the FLOPs
    (H100: 1979 against 989 dense TFLOP/s) from half the bytes. (Capped at
    16-bit's before issue 32: 128x128 i8 tiles rated as busy as 256x128 ones,
    which ran at 335-359 TFLOP/s against 284-299 on the H200.) 16-bit
    operands summed in f32 need half of it (`F32_SUM_INTENSITY`), with an
    operand decoded in the load from `DECODED_HALF_INTENSITY_ROWS` rows."""
    needed = target.flops_per_byte * max(1, 2 // problem.a_bytes)
    f32_sums = problem.a_bytes == 2 and problem.c_bytes == 4
    few_rows = problem.decoded and problem.m < DECODED_HALF_INTENSITY_ROWS
    if f32_sums and not few_rows and _nvidia_measured(target):
        return needed * F32_SUM_INTENSITY
    k_contiguous = not problem.a_transposed and problem.b_transposed
    if problem.a_bytes == 1 and k_contiguous and _nvidia_measured(target):
        return needed * BYTE_K_CONTIGUOUS_INTENSITY
    return needed


def _nvidia_measured(target: Target) -> bool:
    """Whether `target` is one that the terms fitted on the H200 apply to:
    those that count registers are NVIDIA's (targets.py, device_target.py)."""
    return target.registers_per_item is not None


def _register_efficiency(problem: Problem, config: TileConfig, target: Target) -> float:
    """`SPILL_EFFICIENCY` where the estimated registers exceed the target's;
    and a subgroup of more than `FRAGMENTS_PER_SUBGROUP` accumulator fragments
    in a workgroup of fewer than `FULL_SUBGROUPS` is rated
    FRAGMENTS_PER_SUBGROUP / fragments (module doc)."""
    limit = target.registers_per_item
    spill = (
        1.0
        if limit is None or config.registers_per_item(problem, target) <= limit
        else SPILL_EFFICIENCY
    )
    if config.num_subgroups >= FULL_SUBGROUPS:
        return spill
    return spill * min(1.0, FRAGMENTS_PER_SUBGROUP / config.fragments)


def overhead_efficiency(problem: Problem, config: TileConfig, target: Target) -> float:
    """T / (T + `Target.tile_overhead_k_tiles`) for the T K tiles a
    workgroup runs when a compute unit holds only one of the tile's
    workgroups; 1 when it holds more (they overlap their fixed costs), when
    the target does not count registers or when it counts no overhead."""
    overhead = target.tile_overhead_k_tiles
    resident = config.resident_by_registers(problem, target)
    # Fitted on unsplit products only; split-K slices are costed by
    # `_split_efficiency` (and the term moved the measured 128x4096x4096
    # choices to untimed ones).
    if resident is None or overhead == 0 or config.split_k > 1:
        return 1.0
    columns, rows, layers = config.grid(problem)
    if resident >= 2 and columns * rows * layers > target.compute_units:
        return 1.0
    k_tiles = config.tiles_per_slice(problem)
    # The fitted cost counts K tiles of `K_STEP_BYTES`; a deeper tile takes
    # proportionally longer, so fewer of them make the same cost.
    overhead *= K_STEP_BYTES / (config.tile_k * problem.a_bytes)
    return k_tiles / (k_tiles + overhead)


def _split_efficiency(problem: Problem, config: TileConfig, target: Target) -> float:
    """The product's time against that plus the time of the split-K
    workspace traffic (S partials written and read back, C read and
    written), in bytes of memory traffic: the product takes the longer of
    reading A and B once and its math (FLOPs over the target's
    `flops_per_byte`), the roofline. (The bytes of A and B alone rated every
    product as memory-bound: they kept i8->i32 128x4096x4096 unsplit in
    64x64 tiles at 60 TFLOP/s, where 128x128 tiles with split_k=4 ran at
    139; bench/results/2026-11-23/round4/model-vs-tuned.jsonl.)"""
    if config.split_k == 1:
        return 1.0
    operands = (problem.m + problem.n) * problem.k * problem.a_bytes
    math = max(operands, 2 * problem.m * problem.n * problem.k / target.flops_per_byte)
    outputs = problem.m * problem.n
    workspace = 2 * config.split_k * outputs * SPLIT_ACCUMULATOR_BYTES
    extra = workspace + 2 * outputs * problem.c_bytes
    return math / (math + extra)


def normalized_split(requested: int, k_tiles: int) -> int:
    """The slices split-K runs for `requested`: each gets ceil(T / S) of the
    T K tiles, and slices that would get none are dropped (at most T)."""
    per_slice = _ceil_div(k_tiles, min(requested, k_tiles))
    return _ceil_div(k_tiles, per_slice)


def fill_split(config: TileConfig, problem: Problem, target: Target) -> int:
    """The fill heuristic: when the output tiles leave compute units idle
    (fewer tiles than units) and K has enough tiles, the slice count that the
    cost model rates best (more waves filled against workspace traffic); 1
    otherwise. Every slice keeps `MIN_TILES_PER_SLICE` K tiles."""
    tiles = config.grid(problem)[0] * config.grid(problem)[1] * problem.batch
    slots = target.compute_units * config.resident_workgroups(target)
    k_tiles = config.k_tiles(problem)
    if problem.dynamic or tiles >= slots or k_tiles < 2 * MIN_TILES_PER_SLICE:
        return 1
    most = min(k_tiles // MIN_TILES_PER_SLICE, MAX_SPLIT_K, _ceil_div(2 * slots, tiles))
    best, best_score = 1, estimate(problem, config, target).efficiency
    for wanted in range(2, most + 1):
        split = normalized_split(wanted, k_tiles)
        score = estimate(problem, replace(config, split_k=split), target).efficiency
        if score > best_score:
            best, best_score = split, score
    return best


def _copy_efficiency(problem: Problem, config: TileConfig) -> float:
    """`UNALIGNED_COPY_EFFICIENCY` when staging copies A or B element by
    element (a stored row is not a whole number of 16-byte chunks), else 1."""
    if config.stages == 0:
        return 1.0
    a_row = problem.m if problem.a_transposed else problem.k
    b_row = problem.k if problem.b_transposed else problem.n
    if any((row * problem.a_bytes) % ACCESS_BYTES for row in (a_row, b_row)):
        return UNALIGNED_COPY_EFFICIENCY
    return 1.0


def _row_efficiency(problem: Problem, config: TileConfig) -> float:
    """`SHORT_ROW_EFFICIENCY` per staged K-contiguous operand whose K tile
    is shorter than `STAGED_ROW_BYTES` (module doc)."""
    if config.stages == 0:
        return 1.0
    short = config.tile_k * problem.a_bytes < STAGED_ROW_BYTES
    contiguous = (not problem.a_transposed) + problem.b_transposed
    return SHORT_ROW_EFFICIENCY ** (contiguous if short else 0)


def check(config: TileConfig, problem: Problem, target: Target) -> str | None:
    """Why `config` cannot be lowered for `target`, or None if it can."""
    sub_m, sub_n = config.subgroup_tile
    if config.stages not in STAGES:
        return f"stages={config.stages} must be 0, 1, 2, 3 or 4"
    if min(*config.tile, *config.subgroups) < 1:
        return f"{config}: sizes must be positive"
    if config.tile_m % config.subgroups_m or config.tile_n % config.subgroups_n:
        return (
            f"tile {config.tile_m}x{config.tile_n} does not divide into "
            f"{config.subgroups_m}x{config.subgroups_n} subgroups"
        )
    if sub_m % config.mma_m or sub_n % config.mma_n or config.tile_k % config.mma_k:
        return (
            f"tile {'x'.join(map(str, config.tile))} with subgroups "
            f"{config.subgroups_m}x{config.subgroups_n} is not a multiple of the "
            f"coopmat shape {'x'.join(map(str, config.mma))} (subgroup tile "
            f"{sub_m}x{sub_n}x{config.tile_k})"
        )
    threads = config.workgroup_size(target.subgroup_size)
    if threads > target.max_workgroup_size:
        return (
            f"{config.num_subgroups} subgroups of {target.subgroup_size} make a "
            f"workgroup of {threads}, more than {target.name}'s "
            f"{target.max_workgroup_size}"
        )
    shared = config.shared_memory_bytes(
        problem.a_bytes, problem.a_transposed, problem.b_transposed
    )
    # Opaque matrices stage checked (ragged) fragments through workgroup memory.
    scratch = config.scratch_bytes(problem, target)
    if shared + scratch > target.shared_memory_bytes:
        scratch_note = f" ({scratch} of them for checked fragments)" if scratch else ""
        return (
            f"tile {'x'.join(map(str, config.tile))} with stages={config.stages} "
            f"needs {shared + scratch} bytes of workgroup memory, more than "
            f"{target.name}'s {target.shared_memory_bytes}{scratch_note}"
        )
    too_large = grid_refusal(config, config.grid(problem), target)
    if too_large:
        return too_large
    rows = problem.n if problem.c_transposed else problem.m
    if config.split_k > 1 and rows > target.max_workgroup_count[1]:
        return (
            f"split_k={config.split_k}: the reduction launches one workgroup row "
            f"per row of C ({rows}); {target.name} launches at most "
            f"{target.max_workgroup_count[1]}"
        )
    if config.stages and (
        config.tile_m * config.tile_k % threads
        or config.tile_k * config.tile_n % threads
    ):
        return (
            f"the {config.tile_m}x{config.tile_k} and {config.tile_k}x{config.tile_n} "
            f"tiles do not split evenly over {threads} work-items for staging"
        )
    return None


def candidates(
    problem: Problem,
    target: Target,
    shapes: tuple[MatrixShape, ...],
    tile: tuple[int, int, int] | None = None,
    subgroups: tuple[int, int] | None = None,
    stages: int | None = None,
    split_k: int | None = 1,
    split_shapes: tuple[MatrixShape, ...] | None = None,
    deep_k: bool = False,
    accumulator_sets: int = 1,
) -> list[TileConfig]:
    """Every configuration that fits, with the given fields fixed. `split_k`:
    the slices to split K into (normalized: `normalized_split`), or None for
    the fill heuristic (`fill_split`), which splits only configurations whose
    matrix shape is in `split_shapes` (default: all), those of the f32 or
    i32 accumulators split-K sums in. `deep_k`: K tiles of twice
    `K_STEP_BYTES` too where both operands are K-contiguous (measured for
    plain f16 -> f32 products only; `_tile_ks`). `accumulator_sets`: the
    accumulator tiles a workgroup holds (2 for a gated grouped product: its
    registers are those of a tile twice as wide)."""
    found = []
    splittable = {(s.m, s.n, s.k) for s in split_shapes or shapes}
    for shape in shapes:
        tiles_mn = (
            [tile[:2]]
            if tile
            else [(m, n) for m in TILE_SIZES[::-1] for n in TILE_SIZES[::-1]]
        )
        for tile_k, (tile_m, tile_n) in (
            (k, mn) for k in _tile_ks(problem, shape, tile, deep_k) for mn in tiles_mn
        ):
            # Half of such a tile (still a fragment) would cover M or N: the
            # rest is padding, which would still count as filling the units.
            if not tile and (
                tile_m // 2 >= max(problem.m, shape.m)
                or tile_n // 2 >= max(problem.n, shape.n)
            ):
                continue
            for sg_m, sg_n in [subgroups] if subgroups else SUBGROUP_GRIDS:
                deeper = tile_k > max(shape.k, K_STEP_BYTES // problem.a_bytes)
                if (
                    deeper
                    and not tile
                    and not _deep_tile_measured(
                        problem, target, tile_m, tile_n * accumulator_sets, sg_m * sg_n
                    )
                ):
                    continue
                config = TileConfig(
                    tile_m, tile_n, tile_k, sg_m, sg_n, shape.m, shape.n, shape.k, 0
                )
                config = replace(config, stages=_stages(config, problem, stages))
                if split_k != 1 and (shape.m, shape.n, shape.k) in splittable:
                    config = _with_split(config, problem, target, split_k)
                if _fits(config, problem, target):
                    found.append(config)
    return found


def _tile_ks(
    problem: Problem,
    shape: MatrixShape,
    tile: tuple[int, int, int] | None,
    deep_k: bool,
) -> tuple[int, ...]:
    """The K tiles to try: the given one, else `K_STEP_BYTES` of A's
    elements, and with `deep_k` twice that where A is K-contiguous (A B
    and A B^T; its staging rows reach `STAGED_ROW_BYTES` only so; on the
    H200 128x128x64 tiles of 2x4 subgroups ran A B^T 16-32% faster at
    8192x768x3072, 2048x11008x4096 and 128-512 x 4096 x 4096, A B 18%
    faster at 8192x768x3072, as fast elsewhere: bench/RESULTS.md,
    "Seventeenth session" and "Eighteenth session"), in the workgroup
    shapes `_deep_tile_measured` names."""
    if tile:
        return (tile[2],)
    k = max(shape.k, K_STEP_BYTES // problem.a_bytes)
    f32_sums = problem.a_bytes == 2 and problem.c_bytes == 4  # f16/bf16 -> f32
    # i8 A B^T (or copied so): 128x128x128 tiles of 2x4 ran 549 TFLOP/s at
    # 8192^3, 256x128x64 ones 497 ("Twenty-first session").
    bytes_k_rows = problem.a_bytes == 1 and problem.b_transposed
    measured = f32_sums or bytes_k_rows
    a_rows = not problem.a_transposed
    return (k, 2 * k) if deep_k and a_rows and measured else (k,)


def _deep_tile_measured(
    problem: Problem, target: Target, tile_m: int, tile_n: int, sgs: int
) -> bool:
    """Where deeper K tiles (`_tile_ks`) ran faster on the H200: in
    `FULL_SUBGROUPS` subgroups (in 4, 255 registers: 10-30% slower than K
    tiles of 32), and in workgroup tiles of at least 128x128 unless M is at
    most 64 (128x64x64 ran 1024x3072x768 15% slower than 128x128x32 in
    2x2 subgroups; 32x32x64 and 64x256x64 ran 64-row products 26-30%
    faster); on NVIDIA's targets (`_nvidia_measured`) only."""
    wide = tile_m * tile_n >= 128 * 128 or problem.m <= 64
    return _nvidia_measured(target) and sgs >= FULL_SUBGROUPS and wide


def _with_split(
    config: TileConfig, problem: Problem, target: Target, split_k: int | None
) -> TileConfig:
    """`config` split into `split_k` slices (normalized), or the fill
    heuristic's choice when `split_k` is None (unsplit if it does not fit)."""
    if split_k is not None:
        return replace(
            config, split_k=normalized_split(split_k, config.k_tiles(problem))
        )
    if not _fits(config, problem, target):
        return config
    split = replace(config, split_k=fill_split(config, problem, target))
    return split if _fits(split, problem, target) else config


def _stages(config: TileConfig, problem: Problem, stages: int | None) -> int:
    """Prefetch when there are K tiles to overlap, else stage once."""
    if stages is not None:
        return stages
    return 2 if problem.k > config.tile_k else 1


def _fits(config: TileConfig, problem: Problem, target: Target) -> bool:
    if check(config, problem, target) is not None:
        return False
    c_bytes = problem.c_bytes if config.split_k == 1 else SPLIT_ACCUMULATOR_BYTES
    registers = config.accumulator_bytes(target.subgroup_size, c_bytes)
    return registers <= target.accumulator_bytes


def _rank(
    config: TileConfig, problem: Problem, target: Target, scale: float = 1.0
) -> tuple:
    sub_m, sub_n = config.subgroup_tile
    reuse = sub_m * sub_n / (sub_m + sub_n)  # register-tile intensity (doc 000)
    score = round(estimate(problem, config, target).efficiency * scale, 9)
    # Among equals, less workgroup memory: a wide B tile pads fewer rows than
    # a tall A tile (on the H100, 128x256 with 2x4 subgroups measured 136
    # TFLOP/s at 8192^3 f16->f32 against 111 for 256x128 with 4x2).
    shared = config.shared_memory_bytes(
        problem.a_bytes, problem.a_transposed, problem.b_transposed
    )
    # Taller subgroup tiles first: 256x256 in 2x4 subgroups (128x64 each)
    # measured 407 TFLOP/s f16->f16 at 8192^3 against 381 in 4x2, i8 256x128
    # tiles in 2x4 (128x32 each) 335-359 against 288-303 for 128x256 in 2x4
    # (64x64, more reuse; H200, C added after the K loop).
    taller = target.registers_per_item is not None and config.frags_m > config.frags_n
    return (score, taller, reuse, -shared, config.mma_m * config.mma_n * config.mma_k)


def default_raster(config: TileConfig, problem: Problem, target: Target) -> int:
    """The workgroup order for `config` when none is asked for (not ranked:
    it does not change the predicted efficiency). `RASTER_GROUP` when a wave
    in row-major order would cover fewer than that many rows of tiles (the
    grid is wider than a wave over RASTER_GROUP) and there are more rows
    than that: grouping then gathers a wave onto fewer stripes of A and B in
    L2. Otherwise 1: where a wave already spans the group's rows, grouping
    changes no stripe a wave reads. On the H100 (model-vs-tuned.jsonl and
    round2-*.jsonl in bench/results/2026-11-23) raster=8 was the best or tied
    in 9 of 21 cases and brought i8->i32 4095^3 from 32.6 to 53.5 TFLOP/s (32
    tiles per row); f16->f32 4095^3 in 128x256 tiles (16 per row) fell from
    110 to 78 with it. Dynamic sizes keep row-major order (raster needs
    static ones)."""
    columns, rows, _ = config.grid(problem)
    slots = target.compute_units * config.resident_workgroups(target)
    if problem.dynamic or rows <= RASTER_GROUP or columns * RASTER_GROUP <= slots:
        return 1
    return RASTER_GROUP


def choose(
    configs: list[TileConfig],
    problem: Problem,
    target: Target,
    scale: Callable[[TileConfig], float] | None = None,
) -> TileConfig:
    """The best of `configs` under the cost model (the first among equals);
    `scale`, where given, multiplies each one's predicted efficiency by
    what the model does not see (a grouped product's partial tiles)."""

    def rank(config: TileConfig) -> tuple:
        return _rank(config, problem, target, 1.0 if scale is None else scale(config))

    best = configs[0]
    best_rank = rank(best)
    for config in configs[1:]:
        config_rank = rank(config)
        if config_rank > best_rank:
            best, best_rank = config, config_rank
    return best


def parse_dims(text: str, count: int, what: str) -> tuple[int, ...]:
    """`"128x128x32"` -> (128, 128, 32); ValueError naming `what` otherwise."""
    parts = text.strip().split("x")
    if len(parts) != count or not all(p.isdigit() and int(p) > 0 for p in parts):
        example = "x".join(["16"] * count)
        raise ValueError(
            f"{what}='{text}' must be {count} positive integers like {example}"
        )
    return tuple(int(p) for p in parts)


def describe(problem: Problem, config: TileConfig, target: Target) -> str:
    """One line for `explain=true`: the choice and why."""
    est = estimate(problem, config, target)
    bound = (
        "memory-bound"
        if problem.arithmetic_intensity() < target.flops_per_byte
        else "math-bound"
    )
    return (
        f"{config} on {target.name}: {est.tiles} tiles in {est.waves} wave(s) of "
        f"{est.slots} (tail {est.tail_tiles}); tile quantization "
        f"{est.tile_efficiency:.1%}, wave quantization {est.wave_efficiency:.1%}, "
        f"tile intensity {est.intensity:.1f} FLOP/B ({est.intensity_efficiency:.1%} "
        f"of {needed_intensity(problem, target):g}); "
        f"staging copies {est.copy_efficiency:.0%}; "
        + (
            f"staged rows under {STAGED_ROW_BYTES} bytes {est.row_efficiency:.0%}; "
            if est.row_efficiency < 1
            else ""
        )
        + (
            f"about {config.registers_per_item(problem, target)} registers per "
            f"work-item, over {target.registers_per_item}: spills "
            f"({est.register_efficiency:.0%}); "
            if est.register_efficiency < 1
            else ""
        )
        + (
            f"one workgroup per compute unit over {config.tiles_per_slice(problem)} "
            f"K tiles: prologue and epilogue {est.overhead_efficiency:.0%}; "
            if est.overhead_efficiency < 1
            else ""
        )
        + f"problem intensity {problem.arithmetic_intensity():.1f} FLOP/B ({bound}); "
        f"predicted efficiency {est.efficiency:.1%}"
    )


def grid_refusal(what: object, grid: tuple[int, ...], target: Target) -> str | None:
    """Why `grid` cannot be launched on `target` (maxComputeWorkGroupCount),
    or None."""
    if any(g > most for g, most in zip(grid, target.max_workgroup_count, strict=True)):
        return (
            f"{what} needs a grid of {grid} workgroups; {target.name} launches "
            f"at most {target.max_workgroup_count} (maxComputeWorkGroupCount)"
        )
    return None
