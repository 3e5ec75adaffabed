"""The throughput ceiling of the device's cooperative-matrix instructions alone.

    python bench/mma_peak.py [--types f16f32 f16f16 i8i32 bf16f32]
                             [--accumulators 1 2 4 8] [--subgroups 1 2 4 8] [--mma 16x8x16]
                             [--scope subgroup|workgroup] [--flops 1e12]
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


def matrix(rows: int, cols: int, element: str, use: str, scope: str) -> str:
    suffix = ", workgroup" if scope == "workgroup" else ""
    return f"!coopmat.matrix<{rows}x{cols}x{element}, {use}{suffix}>"


def constant(value: int, element: str) -> str:
    literal = f"{value}.0" if element.startswith(("f", "bf")) else str(value)
    return f"arith.constant {literal} : {element}"


def peak_module(p: PeakKernel) -> str:
    """The L1 module of `p`: host function @peak launches kernel @peak."""
    a, c = p.types
    ta = matrix(p.m, p.k, a, "a", p.scope)
    tb = matrix(p.k, p.n, a, "b", p.scope)
    tc = matrix(p.m, p.n, c, "acc", p.scope)
    args = (
        f"%A: memref<{p.m}x{p.k}x{a}>, %B: memref<{p.k}x{p.n}x{a}>, "
        f"%C: memref<{p.rows}x{p.n}x{c}>"
    )
    signed = " {a_signed, b_signed, c_signed, result_signed}" if a == "i8" else ""
    accs = range(p.accumulators)
    layout = (
        f", coopmat.layout = #coopmat.layout<tinytc, subgroup = {p.subgroup_size}>"
        if p.scope == "subgroup"
        else ""
    )
    # The accumulator set of this subgroup (workgroup scope: of the workgroup).
    set_index, set_name = [], "%wg"
    if p.scope == "subgroup":
        set_index = [
            "%sg = gpu.subgroup_id : index",
            f"%sgs = arith.constant {p.subgroups} : index",
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
        f"args(%A : memref<{p.m}x{p.k}x{a}>, %B : memref<{p.k}x{p.n}x{a}>, "
        f"%C : memref<{p.rows}x{p.n}x{c}>)",
        "  func.return",
        "}",
        "gpu.module @peak_kernels {",
        f"  gpu.func @peak({args}) kernel attributes {{known_block_size = "
        f"array<i32: {p.workgroup_invocations}, 1, 1>{layout}}} {{",
        "    %c0 = arith.constant 0 : index",
        "    %c1 = arith.constant 1 : index",
        f"    %iterations = arith.constant {p.iterations} : index",
        f"    %a = coopmat.load %A[%c0, %c0] row_major : memref<{p.m}x{p.k}x{a}> -> {ta}",
        f"    %b = coopmat.load %B[%c0, %c0] row_major : memref<{p.k}x{p.n}x{a}> -> {tb}",
        *(f"    %init{i} = {constant(i, c)}" for i in accs),
        *(f"    %acc{i} = coopmat.splat %init{i} : {c} -> {tc}" for i in accs),
        "    "
        + ", ".join(f"%out{i}" for i in accs)
        + " = scf.for %i = %c0 to %iterations step %c1 iter_args("
        + ", ".join(f"%x{i} = %acc{i}" for i in accs)
        + f") -> ({', '.join(tc for _ in accs)}) {{",
        *(
            f"      %y{i} = coopmat.mul_add %a, %b, %x{i}{signed} : {ta}, {tb} -> {tc}"
            for i in accs
        ),
        "      scf.yield "
        + ", ".join(f"%y{i}" for i in accs)
        + f" : {', '.join(tc for _ in accs)}",
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
            f"    coopmat.store %out{i}, %C[%row{i}, %c0] row_major : {tc}, "
            f"memref<{p.rows}x{p.n}x{c}>",
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
    (f16: every column sums to zero); C a sentinel the kernel overwrites."""
    _, c = p.types
    _, _, in_dtype, out_dtype = TYPES[p.name]
    A = np.ones((p.m, p.k), in_dtype)
    B = np.ones((p.k, p.n), in_dtype)
    if c == "f16":
        B[1::2] = -1
    return A, B, np.full((p.rows, p.n), -7, out_dtype)


def expected(p: PeakKernel, B: np.ndarray) -> np.ndarray:
    """C after the kernel: accumulator i of every set is i + iterations x
    (the column sums of B), exactly."""
    column_sums = B.astype(np.int64).sum(axis=0)
    values = np.arange(p.accumulators)[:, None] + p.iterations * column_sums
    return np.tile(np.repeat(values, p.m, axis=0), (p.matrices, 1))


@dataclass
class Row:
    types: str
    scope: str
    mma: str
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
    correct = np.array_equal(C.astype(np.float64), expected(p, B))
    tflops = p.flops / float(np.median(timing.seconds)) / 1e12
    a, c = p.types
    return Row(
        types=f"{a}->{c}",
        scope=p.scope,
        mma=f"{p.m}x{p.n}x{p.k}",
        subgroups=p.subgroups,
        accumulators=p.accumulators,
        workgroups=p.workgroups,
        iterations=p.iterations,
        tflops=float(f"{tflops:.4g}"),
        peak_fraction=round(tflops / PEAK_TFLOPS[a], 4),
        correct=bool(correct),
    )


def sweep(args, target: Target, name: str) -> list[PeakKernel]:
    """Every (subgroups, accumulators) point of `name` for `args.scope`."""
    _, c = TYPES[name][:2]
    workgroups = args.workgroups_per_unit * target.compute_units
    points = []
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
    return None


def cublas_tflops(torch, name: str, repeat: int) -> float | None:
    """torch's 8192^3 product of the types of `name` (gemm_vulkan's timing)."""
    A, B, _ = inputs(8192, 8192, 8192, name, np.random.default_rng(2026))
    seconds = cublas_seconds(torch, A, B, name, repeat, batch=5)
    return round(2.0 * 8192**3 / seconds / 1e12, 1) if seconds else None


COLUMNS = (
    "| types | scope | mma | subgroups / WG | accumulators | workgroups | iterations"
    " | TFLOP/s | of nominal peak | correct |"
)


def markdown(row: Row) -> str:
    return (
        f"| {row.types} | {row.scope} | {row.mma} | {row.subgroups} | "
        f"{row.accumulators} | {row.workgroups} | {row.iterations} | {row.tflops} | "
        f"{row.peak_fraction:.1%} | {'yes' if row.correct else 'NO'} |"
    )


def summary(rows: list[Row], cublas: dict[str, float | None]) -> list[str]:
    """The peak of each type (its fastest correct row) beside cuBLAS."""
    lines = [
        "",
        "| types | scope | peak TFLOP/s | at subgroups x accumulators"
        " | of nominal peak | cuBLAS 8192^3 TFLOP/s | cuBLAS / peak |",
        "|---|---|---|---|---|---|---|",
    ]
    for types in dict.fromkeys(r.types for r in rows):
        good = [r for r in rows if r.types == types and r.correct]
        if not good:
            lines.append(f"| {types} | | no correct row | | | | |")
            continue
        best = max(good, key=lambda r: r.tflops)
        theirs = cublas.get(types)
        ratio = f"{theirs / best.tflops:.2f}" if theirs else ""
        lines.append(
            f"| {types} | {best.scope} | {best.tflops} | {best.subgroups} x "
            f"{best.accumulators} | {best.peak_fraction:.1%} | {theirs or ''} | {ratio} |"
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
    p.add_argument("--subgroups", nargs="+", type=int, default=[1, 2, 4, 8])
    p.add_argument("--mma", help="MxNxK (default: the largest the device lists)")
    p.add_argument("--scope", choices=["subgroup", "workgroup"], default="subgroup")
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
                        f"| {name} | {point.scope} | {point.m}x{point.n}x{point.k} | "
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
