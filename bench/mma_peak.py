"""The throughput ceiling of the device's cooperative-matrix instructions alone.

    python bench/mma_peak.py [--types f16f32 f16f16 i8i32 bf16f32]
                             [--accumulators 1 2 4 8] [--subgroups 1 2 4 8] [--mma 16x8x16]
                             [--scope subgroup|workgroup] [--flops 1e12]
                             [--feed registers|workgroup|global]
                             [--tile 128x256x32] [--subgroup-grid 2x4] [--global-k 512]
                             [--repeat 5] [--out results.md] [--json rows.jsonl]
                             [--no-cublas] [--simt]

One kernel, written directly in the coopmat dialect (L1): each subgroup loads
one A and one B fragment (the largest shape the driver lists for the types,
or `--mma`), keeps `--accumulators` independent accumulators (each splat to
its own value, so none is a copy of another), runs a loop of
`coopmat.mul_add` on them with no memory traffic, and stores every
accumulator at the end, so nothing is dead. The sweep runs every
accumulator count against every subgroup count per workgroup; the grid is
`--workgroups-per-unit` (16) workgroups per compute unit and the loop is as
long as it takes to do about `--flops` per dispatch. The kernel time is the
median of `--repeat` timestamped dispatches after two warm-up dispatches
(`run_host_function`, as bench/gemm_vulkan.py). A row above 100% of the
nominal peak would mean the driver removed products.

No GEMM built from these instructions can run faster than the best row of a
type: the table ends with that peak per type beside cuBLAS's 8192^3 product
(torch, timed by bench/gemm_vulkan.py's `cublas_seconds`) when torch and
CUDA are there.

Every row is checked exactly. A is all ones; B is all ones where the
accumulator holds K x iterations exactly (f32, i32), so the result is
`init + K * iterations`, and rows of +1 and -1 for f16 accumulators (each
product sums to zero), so the result is `init`.

`--feed` says where the loop's fragments come from. `registers` (the
default) is the kernel above. `workgroup` and `global` run the inner loop of
the GEMM of `--tile` (default 128x256 and 64 bytes of K) split over
`--subgroup-grid` (2x4): each subgroup keeps one accumulator per fragment
of its subgroup tile (64x64: 4x4 of 16x16) and every iteration loads its A
and B fragments at the next K step (cycling through the K extent, so no
load is loop-invariant) and multiplies them into all of them. `workgroup`
loads from A and B tiles in workgroup memory, padded as the GEMM pads
them, which the workgroup fills once before the loop: the GEMM without its
global copies and barriers, the roof of the workgroup-memory -> fragment
path. `global` loads straight from A (tile M x `--global-k`) and B, which
every workgroup reads, small enough to stay in L2: the roof of direct
global loads. `--accumulators` and `--subgroups` apply to `registers` only.
With all-ones A and B every step adds K to each element (f16 accumulators:
B's rows alternate +1 and -1, so each step adds 0); `expected` computes C
from A and B for any integer-valued inputs.

`--scope workgroup` measures VK_NV_cooperative_matrix2's workgroup-scope
matrices instead: one `--workgroup-mma` (128x128x32) product per
accumulator for the whole workgroup of `--workgroup-invocations` work-items.
A device without cooperative matrices for a requested type (lavapipe), or
without VK_NV_cooperative_matrix2 for the workgroup scope, is refused with
exit status 1; `--simt` runs the same kernel through `coopmat-to-simt`
instead (any device: it checks the kernel and this script, it is no peak).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from dataclasses import asdict, dataclass
from datetime import date

import numpy as np
from gemm_vulkan import (
    PEAK_TFLOPS,
    TYPES,
    cublas_seconds,
    inputs,
    open_device,
    simt_target,
)
from report import Report
from torch_cuda import torch_with_cuda

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.elements import BY_MLIR
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.runtime.launch import compile_for_device, run_host_function
from coopmlir.runtime.vulkan_device import VulkanError
from coopmlir.targets import Target
from coopmlir.tiling import K_STEP_BYTES, TileConfig

#: Where the loop's fragments come from: loaded once before it (registers),
#: every iteration from a tile in workgroup memory (workgroup), or every
#: iteration straight from a small buffer in global memory (global).
FEEDS = ("registers", "workgroup", "global")
#: Largest f32 integer below which every sum of ones is exact.
F32_EXACT = 2**24


@dataclass(frozen=True)
class PeakKernel:
    """One point of the sweep: types, fragment shape, scope and parallelism."""

    name: str  # a TYPES key: f16f32, f16f16, bf16f32, i8i32
    m: int
    n: int
    k: int
    scope: str  # subgroup or workgroup
    accumulators: int
    subgroups: int  # per workgroup (workgroup scope: 1)
    subgroup_size: int
    workgroup_invocations: int
    workgroups: int
    iterations: int
    feed: str = "registers"  # where the loop's fragments come from: FEEDS
    #: workgroup and global feeds: the GEMM tiling whose inner loop this is
    #: (tile, subgroup grid, fragment shape); None for registers.
    tiling: TileConfig | None = None
    #: K extent of A and B that the loop cycles through, k steps at a time
    #: (registers: k, one step; workgroup: the tile's K; global: --global-k).
    depth: int = 0

    @property
    def types(self) -> tuple[str, str]:
        a, c, _, _ = TYPES[self.name]
        return a, c

    @property
    def flops(self) -> float:
        products = self.accumulators * self.iterations * self.matrices
        return 2.0 * self.m * self.n * self.k * products

    @property
    def matrices(self) -> int:
        """Accumulator sets in the grid: one per subgroup (per workgroup
        for workgroup scope)."""
        return self.workgroups * self.subgroups

    @property
    def rows(self) -> int:
        """Rows of C: every accumulator of every set, stacked."""
        return self.matrices * self.accumulators * self.m

    @property
    def k_extent(self) -> int:
        return self.depth or self.k

    @property
    def k_steps(self) -> int:
        """Fragments along K in A and B: the loop's iteration i uses step
        i mod k_steps."""
        return self.k_extent // self.k

    @property
    def a_shape(self) -> tuple[int, int]:
        rows = self.tiling.tile_m if self.tiling else self.m
        return rows, self.k_extent

    @property
    def b_shape(self) -> tuple[int, int]:
        return self.k_extent, (self.tiling.tile_n if self.tiling else self.n)

    def fragment_origin(self, subgroup: int, accumulator: int) -> tuple[int, int]:
        """Row of A and column of B that `accumulator` of `subgroup` (its
        index in the workgroup) multiplies: subgroup (i, j) of the grid owns
        a frags_m x frags_n block of fragments, accumulator a its fragment
        divmod(a, frags_n), as in the GEMM. Registers: every one (0, 0)."""
        t = self.tiling
        if t is None:
            return 0, 0
        si, sj = divmod(subgroup, t.subgroups_n)
        fi, fj = divmod(accumulator, t.frags_n)
        return (si * t.frags_m + fi) * self.m, (sj * t.frags_n + fj) * self.n


def matrix(rows: int, cols: int, element: str, use: str, scope: str) -> str:
    suffix = ", workgroup" if scope == "workgroup" else ""
    return f"!coopmat.matrix<{rows}x{cols}x{element}, {use}{suffix}>"


def constant(value: int, element: str) -> str:
    literal = f"{value}.0" if element.startswith(("f", "bf")) else str(value)
    return f"arith.constant {literal} : {element}"


def workgroup_tiles(p: PeakKernel) -> tuple[str, str]:
    """Types of the A and B tiles in workgroup memory: the GEMM's staged
    tiles, rows padded as its staging pads them (coopmlir/tiling.py)."""
    a, _ = p.types
    return tuple(
        f"memref<{rows}x{cols}x{a}, #gpu.address_space<workgroup>>"
        for rows, cols in p.tiling.staged_shapes(BY_MLIR[a].bytes)
    )


def fill_workgroup_tiles(p: PeakKernel, ta: str, tb: str) -> list[str]:
    """Copy A and B into %At and %Bt once, a fragment at a time: subgroup s
    copies fragments s, s + subgroups, ... of each (row-major order)."""
    a, _ = p.types
    lines = []
    for name, tile, matrix_type, (rows, cols), (fr, fc) in zip(
        "AB", workgroup_tiles(p), (ta, tb), (p.a_shape, p.b_shape),
        ((p.m, p.k), (p.k, p.n)), strict=True,
    ):  # fmt: skip
        x = name.lower()
        lines += [
            f"%{x}_fragments = arith.constant {rows // fr * (cols // fc)} : index",
            f"%{x}_per_row = arith.constant {cols // fc} : index",
            f"%{x}_rows = arith.constant {fr} : index",
            f"%{x}_cols = arith.constant {fc} : index",
            f"scf.for %{x}f = %sg to %{x}_fragments step %sgs {{",
            f"  %{x}fi = arith.divui %{x}f, %{x}_per_row : index",
            f"  %{x}fj = arith.remui %{x}f, %{x}_per_row : index",
            f"  %{x}r = arith.muli %{x}fi, %{x}_rows : index",
            f"  %{x}c = arith.muli %{x}fj, %{x}_cols : index",
            f"  %{x}x = coopmat.load %{name}[%{x}r, %{x}c] row_major : "
            f"memref<{rows}x{cols}x{a}> -> {matrix_type}",
            f"  coopmat.store %{x}x, %{name}t[%{x}r, %{x}c] row_major : "
            f"{matrix_type}, {tile}",
            "}",
        ]
    return lines + ["gpu.barrier"]


@dataclass
class FeedLines:
    """The feed's part of the kernel: lines before the loop, the fragment
    loads that open its body, per accumulator the A and B fragments it
    multiplies, and (workgroup, global) the update of the K offset %kk,
    carried by the loop, to %kn at the end of the body."""

    before: list[str]
    loads: list[str]
    operands: list[tuple[str, str]]
    advance: list[str]


def register_feed(p: PeakKernel, ta: str, tb: str, ma: str, mb: str) -> FeedLines:
    """One A and one B fragment, loaded before the loop, for every product."""
    return FeedLines(
        before=[
            f"%a = coopmat.load %A[%c0, %c0] row_major : {ma} -> {ta}",
            f"%b = coopmat.load %B[%c0, %c0] row_major : {mb} -> {tb}",
        ],
        loads=[],
        operands=[("%a", "%b")] * p.accumulators,
        advance=[],
    )


def memory_feed(p: PeakKernel, ta: str, tb: str, ma: str, mb: str) -> FeedLines:
    """The GEMM's inner loop: every iteration loads this subgroup's
    frags_m A and frags_n B fragments at the K offset %kk (from the
    workgroup tiles, filled once, or straight from A and B in global
    memory) and multiplies each pair into its accumulator. %kk moves on by
    k and wraps to 0 at the K extent; it is carried by the loop rather than
    computed as i mod k_steps, so that a compiler that unrolls the loop
    cannot prove the loads loop-invariant and hoist them."""
    t = p.tiling
    before = [
        "%sg = gpu.subgroup_id : index",
        f"%sgs = arith.constant {p.subgroups} : index",
    ]
    a_src, b_src = "%A", "%B"
    if p.feed == "workgroup":
        before += fill_workgroup_tiles(p, ta, tb)
        a_src, b_src = "%At", "%Bt"
        ma, mb = workgroup_tiles(p)
    # This subgroup's first fragment row and column (fragment_origin).
    before += [
        f"%grid_n = arith.constant {t.subgroups_n} : index",
        "%si = arith.divui %sg, %grid_n : index",
        "%sj = arith.remui %sg, %grid_n : index",
        f"%sub_rows = arith.constant {t.frags_m * p.m} : index",
        f"%sub_cols = arith.constant {t.frags_n * p.n} : index",
        "%frow0 = arith.muli %si, %sub_rows : index",
        "%fcol0 = arith.muli %sj, %sub_cols : index",
    ]
    for i in range(1, t.frags_m):
        before += [
            f"%drow{i} = arith.constant {i * p.m} : index",
            f"%frow{i} = arith.addi %frow0, %drow{i} : index",
        ]
    for j in range(1, t.frags_n):
        before += [
            f"%dcol{j} = arith.constant {j * p.n} : index",
            f"%fcol{j} = arith.addi %fcol0, %dcol{j} : index",
        ]
    before += [
        f"%k_step = arith.constant {p.k} : index",
        f"%k_extent = arith.constant {p.k_extent} : index",
    ]
    loads = [
        f"%a{i} = coopmat.load {a_src}[%frow{i}, %kk] row_major : {ma} -> {ta}"
        for i in range(t.frags_m)
    ] + [
        f"%b{j} = coopmat.load {b_src}[%kk, %fcol{j}] row_major : {mb} -> {tb}"
        for j in range(t.frags_n)
    ]
    return FeedLines(
        before=before,
        loads=loads,
        operands=[
            (f"%a{acc // t.frags_n}", f"%b{acc % t.frags_n}")
            for acc in range(p.accumulators)
        ],
        advance=[
            "%k_next = arith.addi %kk, %k_step : index",
            "%k_wraps = arith.cmpi eq, %k_next, %k_extent : index",
            "%kn = arith.select %k_wraps, %c0, %k_next : index",
        ],
    )


def peak_module(p: PeakKernel) -> str:
    """The L1 module of `p`: host function @peak launches kernel @peak."""
    a, c = p.types
    ta = matrix(p.m, p.k, a, "a", p.scope)
    tb = matrix(p.k, p.n, a, "b", p.scope)
    tc = matrix(p.m, p.n, c, "acc", p.scope)
    ma = "memref<{}x{}x{}>".format(*p.a_shape, a)
    mb = "memref<{}x{}x{}>".format(*p.b_shape, a)
    mc = f"memref<{p.rows}x{p.n}x{c}>"
    args = f"%A: {ma}, %B: {mb}, %C: {mc}"
    signed = " {a_signed, b_signed, c_signed, result_signed}" if a == "i8" else ""
    accs = range(p.accumulators)
    layout = (
        f", coopmat.layout = #coopmat.layout<tinytc, subgroup = {p.subgroup_size}>"
        if p.scope == "subgroup"
        else ""
    )
    registers = p.feed == "registers"
    feed = (register_feed if registers else memory_feed)(p, ta, tb, ma, mb)
    allocations = []
    if p.feed == "workgroup":
        at, bt = workgroup_tiles(p)
        allocations = [f"%At = memref.alloca() : {at}", f"%Bt = memref.alloca() : {bt}"]
    # The loop carries the accumulators, and the K offset where it moves.
    results = [f"%out{i}" for i in accs] + ([] if registers else ["%k_end"])
    inits = [f"%x{i} = %acc{i}" for i in accs] + ([] if registers else ["%kk = %c0"])
    yields = [f"%y{i}" for i in accs] + ([] if registers else ["%kn"])
    carried = ", ".join([tc for _ in accs] + ([] if registers else ["index"]))
    # The accumulator set of this subgroup (workgroup scope: of the workgroup).
    set_index, set_name = [], "%wg"
    if p.scope == "subgroup":
        set_index = [
            *(
                [
                    "%sg = gpu.subgroup_id : index",
                    f"%sgs = arith.constant {p.subgroups} : index",
                ]
                if registers  # the other feeds know it before the loop
                else []
            ),
            "%wg_first = arith.muli %wg, %sgs : index",
            "%set = arith.addi %wg_first, %sg : index",
        ]
        set_name = "%set"
    lines = [
        f"func.func @peak({args}) {{",
        f"  %grid = arith.constant {p.workgroups} : index",
        f"  %threads = arith.constant {p.workgroup_invocations} : index",
        "  %one = arith.constant 1 : index",
        "  gpu.launch_func @peak_kernels::@peak blocks in (%grid, %one, %one) "
        "threads in (%threads, %one, %one) "
        f"args(%A : {ma}, %B : {mb}, %C : {mc})",
        "  func.return",
        "}",
        "gpu.module @peak_kernels {",
        f"  gpu.func @peak({args}) kernel attributes {{known_block_size = "
        f"array<i32: {p.workgroup_invocations}, 1, 1>{layout}}} {{",
        *(f"    {line}" for line in allocations),
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %iterations = arith.constant {p.iterations} : index",
        *(f"    {line}" for line in feed.before),
        *(f"    %init{i} = {constant(i, c)}" for i in accs),
        *(f"    %acc{i} = coopmat.splat %init{i} : {c} -> {tc}" for i in accs),
        f"    {', '.join(results)} = scf.for %i = %c0 to %iterations step %c1 "
        f"iter_args({', '.join(inits)}) -> ({carried}) {{",
        *(f"      {line}" for line in feed.loads),
        *(
            f"      %y{i} = coopmat.mul_add {x}, {y}, %x{i}{signed} : {ta}, {tb} -> {tc}"
            for i, (x, y) in zip(accs, feed.operands, strict=True)
        ),
        *(f"      {line}" for line in feed.advance),
        f"      scf.yield {', '.join(yields)} : {carried}",
        "    }",
        "    %wg = gpu.block_id x",
        *(f"    {line}" for line in set_index),
        f"    %accs = arith.constant {p.accumulators} : index",
        f"    %m = arith.constant {p.m} : index",
        f"    %first_acc = arith.muli {set_name}, %accs : index",
        "    %first_row = arith.muli %first_acc, %m : index",
    ]
    for i in accs:
        lines += [
            f"    %r{i} = arith.constant {i * p.m} : index",
            f"    %row{i} = arith.addi %first_row, %r{i} : index",
            f"    coopmat.store %out{i}, %C[%row{i}, %c0] row_major : {tc}, {mc}",
        ]
    lines += ["    gpu.return", "  }", "}"]
    return "\n".join(lines) + "\n"


def fragment_shape(
    target: Target, name: str, wanted: str | None = None
) -> tuple[int, int, int] | None:
    """The M x N x K `wanted` ("16x8x16"), or else the largest, of those the
    device lists for the types of `name`; None if it lists no such shape."""
    a, c = (BY_MLIR[t].name for t in TYPES[name][:2])
    shapes = [(s.m, s.n, s.k) for s in target.shapes_for((a, a, c, c))]
    if wanted is not None:
        shapes = [s for s in shapes if "x".join(map(str, s)) == wanted]
    return shapes[0] if shapes else None


def iterations_for(flops: float, m, n, k, accumulators, sets, c: str) -> int:
    """Loop trips for about `flops` per dispatch; f32 accumulators stay below
    2^24, where sums of ones are exact."""
    trips = max(1, round(flops / (2.0 * m * n * k * accumulators * sets)))
    if c == "f32":
        trips = min(trips, (F32_EXACT - accumulators) // k)
    return trips


def operands(p: PeakKernel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A all ones; B all ones (f32, i32 accumulators) or rows of +1 and -1
    (f16: every column of every K step sums to zero); C a sentinel the
    kernel overwrites."""
    _, c = p.types
    _, _, in_dtype, out_dtype = TYPES[p.name]
    A = np.ones(p.a_shape, in_dtype)
    B = np.ones(p.b_shape, in_dtype)
    if c == "f16":
        B[1::2] = -1
    return A, B, np.full((p.rows, p.n), -7, out_dtype)


def expected(p: PeakKernel, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """C after the kernel, exactly (in int64, for integer-valued A and B):
    accumulator a of every set is a + the sum over the iterations i of its
    A fragment times its B fragment (`fragment_origin`) at K step
    i mod k_steps. With `operands`: a + iterations x k (f32, i32) or a (f16)."""
    m, n, k = p.m, p.n, p.k
    trips = p.iterations // p.k_steps + (
        np.arange(p.k_steps) < p.iterations % p.k_steps
    )
    A, B = A.astype(np.int64), B.astype(np.int64)
    blocks = []
    for subgroup in range(p.subgroups):
        for acc in range(p.accumulators):
            row, col = p.fragment_origin(subgroup, acc)
            products = (
                times
                * A[row : row + m, s * k : s * k + k]
                @ B[s * k : s * k + k, col : col + n]
                for s, times in enumerate(trips)
            )
            blocks.append(acc + sum(products))
    # Every workgroup's sets hold the same values.
    return np.tile(np.concatenate(blocks), (p.workgroups, 1))


@dataclass
class Row:
    types: str
    scope: str
    feed: str
    mma: str
    tile: str  # "M x N x K extent / subgroup grid" of the workgroup and global feeds
    subgroups: int
    accumulators: int
    workgroups: int
    iterations: int
    tflops: float
    peak_fraction: float  # of the nominal dense peak (gemm_vulkan.PEAK_TFLOPS)
    correct: bool


def measure(gpu, target: Target, p: PeakKernel, simt: bool, repeat: int) -> Row:
    """Compile `p` (through coopmat-to-simt with `simt`), run, check, time."""
    module = parse_module(peak_module(p))
    if simt:
        CoopmatToSimt(subgroup_size=target.subgroup_size).apply(make_context(), module)
    module, kernels = compile_for_device(module, target)
    A, B, C = operands(p)
    with gpu.scope():
        (timing,) = run_host_function(
            module, "peak", kernels, [A, B, C], gpu, warmup=2, repeat=repeat
        )
    # Every dispatch writes the same C; the last one is checked.
    correct = np.array_equal(C.astype(np.float64), expected(p, A, B))
    tflops = p.flops / float(np.median(timing.seconds)) / 1e12
    a, c = p.types
    return Row(
        types=f"{a}->{c}",
        scope=p.scope,
        feed=p.feed,
        mma=f"{p.m}x{p.n}x{p.k}",
        tile=tile_label(p),
        subgroups=p.subgroups,
        accumulators=p.accumulators,
        workgroups=p.workgroups,
        iterations=p.iterations,
        tflops=float(f"{tflops:.4g}"),
        peak_fraction=round(tflops / PEAK_TFLOPS[a], 4),
        correct=bool(correct),
    )


def tile_label(p: PeakKernel) -> str:
    """The tiling of a workgroup or global feed: A's rows x B's columns x
    the K extent it cycles through, and the subgroup grid; "-" for
    registers."""
    if p.tiling is None:
        return "-"
    t = p.tiling
    return f"{t.tile_m}x{t.tile_n}x{p.k_extent} / {t.subgroups_m}x{t.subgroups_n}"


def sizes(count: int):
    """argparse's type for `count` positive sizes: "128x256x32" (3)."""
    example = "x".join(["128", "256", "32"][:count])

    def parse(text: str) -> tuple[int, ...]:
        try:
            values = tuple(int(x) for x in text.split("x"))
        except ValueError:
            values = ()
        if len(values) != count or min(values) < 1:
            raise argparse.ArgumentTypeError(f"'{text}' is not like {example}")
        return values

    return parse


def tilings(args, target: Target, name: str) -> list[TileConfig]:
    """The GEMM tilings whose inner loop the workgroup and global feeds of
    `name` run: every `--tile` (default 128x256 and K_STEP_BYTES of K, the
    GEMM's f16 -> f32 tile at 8192^3) with every `--subgroup-grid`, in
    fragments of `name`'s shape."""
    a = TYPES[name][0]
    default = (128, 256, K_STEP_BYTES // BY_MLIR[a].bytes)
    m, n, k = fragment_shape(target, name, args.mma)
    return [
        TileConfig(*tile, *grid, m, n, k, stages=1)
        for tile in args.tile or [default]
        for grid in args.subgroup_grid
    ]


def tiling_refusal(args, target: Target, name: str) -> str | None:
    """Why a tiling of `name` cannot run as asked, or None."""
    a_bytes = BY_MLIR[TYPES[name][0]].bytes
    for t in tilings(args, target, name):
        label = (
            f"tile {t.tile_m}x{t.tile_n}x{t.tile_k} with subgroups "
            f"{t.subgroups_m}x{t.subgroups_n} ({name})"
        )
        fragments = f"{t.mma_m}x{t.mma_n}x{t.mma_k} fragments"
        splits = t.tile_m % (t.subgroups_m * t.mma_m) == 0
        splits &= t.tile_n % (t.subgroups_n * t.mma_n) == 0
        if args.feed == "workgroup":
            splits &= t.tile_k % t.mma_k == 0
        if not splits:
            return f"{label} does not split into whole {fragments} per subgroup"
        if args.feed == "global" and (args.global_k % t.mma_k or args.global_k < 1):
            return (
                f"--global-k {args.global_k} is no positive multiple of the K of "
                f"{fragments}"
            )
        invocations = t.workgroup_size(target.subgroup_size)
        if invocations > target.max_workgroup_size:
            return (
                f"{label} needs {invocations} work-items per workgroup, more than "
                f"'{target.description}' allows ({target.max_workgroup_size})"
            )
        needed = t.shared_memory_bytes(a_bytes)
        if args.feed == "workgroup" and needed > target.shared_memory_bytes:
            return (
                f"{label} needs {needed} bytes of workgroup memory, more than "
                f"'{target.description}' has ({target.shared_memory_bytes})"
            )
    return None


def sweep(args, target: Target, name: str) -> list[PeakKernel]:
    """The points of `name`: for the registers feed every (subgroups,
    accumulators) for `args.scope`; for the others every tiling."""
    _, c = TYPES[name][:2]
    workgroups = args.workgroups_per_unit * target.compute_units
    points = []
    if args.feed != "registers":
        for t in tilings(args, target, name):
            accumulators, subgroups = t.frags_m * t.frags_n, t.num_subgroups
            sets = workgroups * subgroups
            trips = iterations_for(args.flops, *t.mma, accumulators, sets, c)
            points.append(
                PeakKernel(
                    name, *t.mma, "subgroup", accumulators, subgroups,
                    target.subgroup_size, t.workgroup_size(target.subgroup_size),
                    workgroups, trips, args.feed, t,
                    t.tile_k if args.feed == "workgroup" else args.global_k,
                )
            )  # fmt: skip
        return points
    if args.scope == "workgroup":
        m, n, k = (int(x) for x in args.workgroup_mma.split("x"))
        shape, counts, size = (m, n, k), [1], args.workgroup_invocations
    else:
        shape, counts, size = fragment_shape(target, name, args.mma), args.subgroups, 0
    for subgroups in counts:
        for accumulators in args.accumulators:
            m, n, k = shape
            invocations = size or subgroups * target.subgroup_size
            sets = workgroups * subgroups
            trips = iterations_for(args.flops, m, n, k, accumulators, sets, c)
            points.append(
                PeakKernel(
                    name, m, n, k, args.scope, accumulators, subgroups,
                    target.subgroup_size, invocations, workgroups, trips,
                )
            )  # fmt: skip
    return points


def refusal(args, target: Target) -> str | None:
    """Why this device cannot measure what `args` asks, or None."""
    if args.scope == "workgroup":
        if args.feed != "registers":
            return f"--feed {args.feed} runs subgroup-scope matrices only"
        if args.simt:
            return "--simt runs subgroup-scope matrices only"
        if not target.cooperative_matrix2:
            return (
                f"'{target.description}' has no VK_NV_cooperative_matrix2: "
                "no workgroup-scope matrices to measure"
            )
        allowed = target.workgroup_matrix_invocations
        if allowed and args.workgroup_invocations not in allowed:
            return (
                f"workgroup-scope matrices run in workgroups of {allowed} "
                f"work-items on '{target.description}', not "
                f"{args.workgroup_invocations}"
            )
        return None
    if not target.has_matrix_units and not args.simt:
        return (
            f"'{target.description}' has no cooperative matrices "
            "(VK_KHR_cooperative_matrix): no matrix units to measure "
            "(--simt runs the same kernel through coopmat-to-simt)"
        )
    missing = [n for n in args.types if fragment_shape(target, n, args.mma) is None]
    if missing:
        shape = f" {args.mma}" if args.mma else ""
        return (
            f"'{target.description}' lists no cooperative-matrix shape{shape} for "
            f"{', '.join(missing)}: nothing to measure"
        )
    if args.feed != "registers":
        for name in args.types:
            why = tiling_refusal(args, target, name)
            if why:
                return why
    return None


def cublas_tflops(torch, name: str, repeat: int) -> float | None:
    """torch's 8192^3 product of the types of `name` (gemm_vulkan's timing)."""
    A, B, _ = inputs(8192, 8192, 8192, name, np.random.default_rng(2026))
    seconds = cublas_seconds(torch, A, B, name, repeat, batch=5)
    return round(2.0 * 8192**3 / seconds / 1e12, 1) if seconds else None


COLUMNS = (
    "| types | scope | feed | mma | tile / subgroup grid | subgroups / WG"
    " | accumulators | workgroups | iterations | TFLOP/s | of nominal peak | correct |"
)


def markdown(row: Row) -> str:
    return (
        f"| {row.types} | {row.scope} | {row.feed} | {row.mma} | {row.tile} | "
        f"{row.subgroups} | "
        f"{row.accumulators} | {row.workgroups} | {row.iterations} | {row.tflops} | "
        f"{row.peak_fraction:.1%} | {'yes' if row.correct else 'NO'} |"
    )


def summary(rows: list[Row], cublas: dict[str, float | None]) -> list[str]:
    """The peak of each type and feed (its fastest correct row) beside cuBLAS."""
    lines = [
        "",
        "| types | scope | feed | peak TFLOP/s | at subgroups x accumulators"
        " | tile / subgroup grid | of nominal peak | cuBLAS 8192^3 TFLOP/s"
        " | cuBLAS / peak |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for types, feed in dict.fromkeys((r.types, r.feed) for r in rows):
        good = [r for r in rows if (r.types, r.feed) == (types, feed) and r.correct]
        if not good:
            lines.append(f"| {types} | | {feed} | no correct row | | | | | |")
            continue
        best = max(good, key=lambda r: r.tflops)
        theirs = cublas.get(types)
        ratio = f"{theirs / best.tflops:.2f}" if theirs else ""
        lines.append(
            f"| {types} | {best.scope} | {feed} | {best.tflops} | {best.subgroups} x "
            f"{best.accumulators} | {best.tile} | {best.peak_fraction:.1%} | "
            f"{theirs or ''} | {ratio} |"
        )
    return lines


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument(
        "--types",
        nargs="+",
        help="default: f16f32 f16f16 i8i32 bf16f32 (workgroup scope: no bf16, "
        "which this driver computes wrongly there)",
        choices=[t for t in TYPES if t != "f32"],
    )
    p.add_argument(
        "--accumulators",
        nargs="+",
        type=int,
        help="default: 1 2 4 8 (workgroup scope: 1 2, each a whole workgroup tile)",
    )
    p.add_argument(
        "--subgroups", nargs="+", type=int, default=[1, 2, 4, 8], help="registers feed"
    )
    p.add_argument("--mma", help="MxNxK (default: the largest the device lists)")
    p.add_argument("--scope", choices=["subgroup", "workgroup"], default="subgroup")
    p.add_argument(
        "--feed",
        choices=FEEDS,
        default="registers",
        help="where the loop's fragments come from: registers (loaded once), "
        "workgroup (a GEMM tile in workgroup memory), global (a buffer in L2)",
    )
    p.add_argument(
        "--tile",
        nargs="+",
        type=sizes(3),
        help="workgroup and global feeds: MxNxK tiles (default 128x256 and "
        "64 bytes of K: 128x256x32 for f16, 128x256x64 for i8)",
    )
    p.add_argument(
        "--subgroup-grid",
        nargs="+",
        type=sizes(2),
        default=[(2, 4)],
        help="workgroup and global feeds: MxN subgroups per workgroup tile",
    )
    p.add_argument(
        "--global-k",
        type=int,
        default=512,
        help="global feed: K extent of A and B, in place of the tile's K "
        "(128x256 tiles of f16: 384 KiB)",
    )
    p.add_argument("--workgroup-mma", default="128x128x32", help="workgroup scope")
    p.add_argument("--workgroup-invocations", type=int, default=256)
    p.add_argument("--workgroups-per-unit", type=int, default=16)
    p.add_argument("--flops", type=float, default=1e12, help="per dispatch")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--out", help="append the markdown rows to this file")
    p.add_argument("--json", help="append the rows as JSON lines here")
    p.add_argument("--no-cublas", action="store_true", help="no torch (CPU)")
    p.add_argument(
        "--simt", action="store_true", help="through coopmat-to-simt (no peak)"
    )
    args = p.parse_args(argv)
    workgroup = args.scope == "workgroup"
    args.types = args.types or ["f16f32", "f16f16", "i8i32"] + ["bf16f32"] * (
        not workgroup
    )
    args.accumulators = args.accumulators or ([1, 2] if workgroup else [1, 2, 4, 8])

    torch = None if args.no_cublas else torch_with_cuda()
    try:
        gpu, target = open_device(nv2=workgroup)
    except VulkanError as err:
        print(f"error: no Vulkan device: {err}", file=sys.stderr)
        return 1
    if args.simt:
        target = simt_target(target)
    why = refusal(args, target)
    if why:
        print(f"error: {why}", file=sys.stderr)
        return 1
    report = Report(args.out)
    report(
        f"# mma_peak: {target.description}, {date.today()}, Python "
        f"{platform.python_version()}, torch {torch.__version__ if torch else 'not used'},"
        f" {args.flops:.0e} FLOP per dispatch, repeat {args.repeat}"
        + (", through coopmat-to-simt (no peak)" if args.simt else ""),
        "",
        COLUMNS,
        "|---" * COLUMNS.count(" | ") + "|---|",
    )
    rows, failed = [], 0
    with gpu:
        for name in args.types:
            for point in sweep(args, target, name):
                try:
                    row = measure(gpu, target, point, args.simt, args.repeat)
                except Exception as err:  # a point the driver refuses: say so, go on
                    message = " ".join(str(err).split())[:200]
                    report(
                        f"| {name} | {point.scope} | {point.feed} | "
                        f"{point.m}x{point.n}x{point.k} | {tile_label(point)} | "
                        f"{point.subgroups} | {point.accumulators} | failed: {message} |"
                    )
                    failed += 1
                    continue
                rows.append(row)
                report(markdown(row))
                if args.json:
                    with open(args.json, "a") as f:
                        f.write(json.dumps(asdict(row)) + "\n")
    cublas = {}
    if torch is not None:
        for name in args.types:
            a, c = TYPES[name][:2]
            cublas[f"{a}->{c}"] = cublas_tflops(torch, name, args.repeat)
    report(*summary(rows, cublas), "")
    return 0 if all(r.correct for r in rows) and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
