"""Tiling of the register-tiled SIMT matmul kernel (`kernel=simt-tiled` of
lower-to-coopmat, passes/lower_to_coopmat/simt_kernel.py), and its choice.

A `SimtTile` is a workgroup tile TM x TN x TK of C and K, computed by
(TM / MM) x (TN / MN) work-items that each hold an MM x MN micro-tile of
accumulators in registers (the "tiled scalar" step of the
cooperative-matrix performance ladder: per k, a column of A and a row of B
are loaded into registers and multiplied as an outer product). A and B K
tiles are staged in workgroup memory as TK rows of TM (TN) elements of the
accumulators' type, A transposed, each row padded by `ACCESS_BYTES`
(`smem-layout=pad`) or unpadded with its 16-byte chunks XOR-swizzled by the
row (`smem-layout=xor`, `SimtTile.swizzle_period`). Either way the rows a
warp writes at one column (the staging copy of an operand whose contiguous
dimension is K) fall into different banks.

`choose_simt_tile` scores the candidates with the same quantities as the
fragment kernels' model (coopmlir.tiling): tile quantization, wave
quantization and tile arithmetic intensity; ties go to the larger tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from coopmlir.targets import Target
from coopmlir.tiling import ACCESS_BYTES, Problem, grid_refusal

#: The option's default micro-tile: 64 accumulators and 16 operand registers
#: per k step (after "How to optimize a CUDA matmul kernel for cuBLAS-like
#: performance", kernels 5 and 6).
DEFAULT_MICRO = (8, 8)
DEFAULT_TILE_K = 8
#: Workgroup tiles the model chooses from, largest first.
TILE_SIZES = ((128, 128), (128, 64), (64, 128), (64, 64), (32, 32))
#: `smem-layout=` values, the default first.
SMEM_LAYOUTS = ("pad", "xor")
#: Workgroup memory serves 32 banks of 4 bytes at once: 8 chunks.
BANK_CHUNKS = 8


def vector_width(length: int) -> int:
    """The wider of 4 and 2 elements that divides `length` (even): the
    vectors a work-item's accumulators are made of (16 bytes of f32)."""
    return 4 if length % 4 == 0 else 2


@dataclass(frozen=True)
class SimtTile:
    tile_m: int
    tile_n: int
    tile_k: int
    micro_m: int
    micro_n: int
    smem_layout: str = "pad"

    @property
    def threads_m(self) -> int:
        return self.tile_m // self.micro_m

    @property
    def threads_n(self) -> int:
        return self.tile_n // self.micro_n

    @property
    def threads(self) -> int:
        return self.threads_m * self.threads_n

    def workgroup_size(self, subgroup_size: int | None = None) -> int:
        """Work-items per workgroup (no subgroup structure: any size works)."""
        return self.threads

    def grid(self, problem: Problem) -> tuple[int, int, int]:
        """Workgroups in x (N tiles), y (M tiles) and z (the batch)."""
        return (
            -(-problem.n // self.tile_n),
            -(-problem.m // self.tile_m),
            problem.batch,
        )

    def staged_shapes(self, element_bytes: int) -> tuple[tuple[int, int], ...]:
        """Workgroup-memory shapes of the A and B tiles: TK rows of TM (TN)
        elements plus the padding (none with smem-layout=xor)."""
        pad = ACCESS_BYTES // element_bytes if self.smem_layout == "pad" else 0
        return (self.tile_k, self.tile_m + pad), (self.tile_k, self.tile_n + pad)

    def swizzle_period(self, extent: int, element_bytes: int) -> int:
        """smem-layout=xor: chunk c of row k of a staged tile `extent`
        elements wide is stored at chunk c ^ (k % P), with P the largest
        power of two up to `BANK_CHUNKS` that divides the row's chunks (so
        c ^ (k % P) stays in the row); 1 (no swizzle) with padding."""
        if self.smem_layout == "pad":
            return 1
        chunks = extent * element_bytes // ACCESS_BYTES
        period = 1
        while period < BANK_CHUNKS and chunks % (2 * period) == 0:
            period *= 2
        return period

    def shared_memory_bytes(self, element_bytes: int) -> int:
        return sum(r * c for r, c in self.staged_shapes(element_bytes)) * element_bytes

    def copy_width(self, extent: int) -> int | None:
        """Elements per chunk of the staging copy of a TK x `extent` tile:
        the widest vector (<= 4) that splits it evenly over the work-items,
        or None if they do not split into vectors of 2 or 4."""
        for width in (4, 2):
            chunks, rest = divmod(extent * self.tile_k, width)
            if extent % width == 0 and rest == 0 and chunks % self.threads == 0:
                return width
        return None

    def __str__(self) -> str:
        layout = "" if self.smem_layout == "pad" else f" smem-layout={self.smem_layout}"
        return (
            f"kernel=simt-tiled tile={self.tile_m}x{self.tile_n}x{self.tile_k} "
            f"micro-tile={self.micro_m}x{self.micro_n}{layout}"
        )


def check_simt_tile(tile: SimtTile, problem: Problem, target: Target) -> str | None:
    """Why `tile` cannot be lowered for `target`, or None if it can."""
    if tile.micro_m % 2 or tile.micro_n % 2:
        return (
            f"micro-tile {tile.micro_m}x{tile.micro_n} must be even in both "
            "dimensions (accumulators are vectors of 2 or 4)"
        )
    if tile.tile_m % tile.micro_m or tile.tile_n % tile.micro_n:
        return (
            f"tile {tile.tile_m}x{tile.tile_n} is not a multiple of the micro-tile "
            f"{tile.micro_m}x{tile.micro_n}"
        )
    if tile.threads % target.subgroup_size:
        return (
            f"{tile} makes workgroups of {tile.threads} work-items, not a multiple "
            f"of {target.name}'s subgroup size {target.subgroup_size}"
        )
    if tile.threads > target.max_workgroup_size:
        return (
            f"{tile} needs {tile.threads} work-items per workgroup, more than "
            f"{target.name}'s {target.max_workgroup_size}"
        )
    if tile.copy_width(tile.tile_m) is None or tile.copy_width(tile.tile_n) is None:
        return (
            f"the {tile.tile_k}x{tile.tile_m} and {tile.tile_k}x{tile.tile_n} "
            f"staged tiles do not split evenly over {tile.threads} work-items"
        )
    row_bytes = [x * problem.c_bytes for x in (tile.tile_m, tile.tile_n)]
    if tile.smem_layout == "xor" and any(r % ACCESS_BYTES for r in row_bytes):
        return (
            f"smem-layout=xor swizzles {ACCESS_BYTES}-byte chunks: the staged rows "
            f"of {tile.tile_m} and {tile.tile_n} elements ({row_bytes[0]} and "
            f"{row_bytes[1]} bytes) must be whole chunks"
        )
    shared = tile.shared_memory_bytes(problem.c_bytes)  # staged as accumulators
    if shared > target.shared_memory_bytes:
        return (
            f"{tile} needs {shared} bytes of workgroup memory, more than "
            f"{target.name}'s {target.shared_memory_bytes}"
        )
    return grid_refusal(tile, tile.grid(problem), target)


@dataclass(frozen=True)
class SimtEstimate:
    tiles: int
    waves: int
    tile_efficiency: float
    wave_efficiency: float
    intensity: float
    intensity_efficiency: float

    @property
    def efficiency(self) -> float:
        return self.tile_efficiency * self.wave_efficiency * self.intensity_efficiency


def estimate_simt(problem: Problem, tile: SimtTile, target: Target) -> SimtEstimate:
    """The performance guide's quantities (coopmlir.tiling.estimate) for the
    SIMT kernel: useful share of the launched tiles, of the device's waves,
    and the tile's FLOPs per byte of A and B against the target's."""
    tiles_m, tiles_n = -(-problem.m // tile.tile_m), -(-problem.n // tile.tile_n)
    tiles = tiles_m * tiles_n * problem.batch
    launched = tiles_m * tile.tile_m * tiles_n * tile.tile_n
    k_steps = -(-problem.k // tile.tile_k) * tile.tile_k
    waves = -(-tiles // target.compute_units)
    intensity = (
        2 * tile.tile_m * tile.tile_n / ((tile.tile_m + tile.tile_n) * problem.a_bytes)
    )
    return SimtEstimate(
        tiles=tiles,
        waves=waves,
        tile_efficiency=problem.m * problem.n / launched * problem.k / k_steps,
        wave_efficiency=tiles / (waves * target.compute_units),
        intensity=intensity,
        intensity_efficiency=min(1.0, intensity / target.flops_per_byte),
    )


def choose_simt_tile(
    problem: Problem,
    target: Target,
    tile: tuple[int, int, int] | None = None,
    micro: tuple[int, int] | None = None,
    smem_layout: str = "pad",
) -> SimtTile | str:
    """The given tile and micro-tile, the model's best for what is left out,
    or why the given ones do not fit (a message)."""
    micro_m, micro_n = micro or DEFAULT_MICRO
    if tile is not None:
        sizes = [tile]
    else:
        sizes = [(m, n, DEFAULT_TILE_K) for m, n in TILE_SIZES]
    options = [SimtTile(m, n, k, micro_m, micro_n, smem_layout) for m, n, k in sizes]
    fitting = [t for t in options if check_simt_tile(t, problem, target) is None]
    if not fitting:
        reason = check_simt_tile(options[0], problem, target)
        assert reason is not None
        return reason
    # Best estimate first; among equals the larger tile (more register reuse).
    return max(
        fitting,
        key=lambda t: (
            round(estimate_simt(problem, t, target).efficiency, 9),
            t.tile_m * t.tile_n,
        ),
    )


def describe_simt(problem: Problem, tile: SimtTile, target: Target) -> str:
    """One line for `explain=true`, in the form of `tiling.describe`."""
    est = estimate_simt(problem, tile, target)
    return (
        f"{tile} on {target.name}: {tile.threads} work-items of "
        f"{tile.micro_m}x{tile.micro_n} accumulators each; {est.tiles} tiles in "
        f"{est.waves} wave(s) of {target.compute_units}; tile quantization "
        f"{est.tile_efficiency:.1%}, wave quantization {est.wave_efficiency:.1%}, "
        f"tile intensity {est.intensity:.1f} FLOP/B "
        f"({est.intensity_efficiency:.1%} of {target.flops_per_byte:g}); "
        f"predicted efficiency {est.efficiency:.1%}"
    )
