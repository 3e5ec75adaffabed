"""GEMM through coopmlir on a Vulkan GPU, against cuBLAS (torch) in the same run.

    python bench/gemm_vulkan.py [--types f16f32 f16f16 bf16f32 i8i32 f32]
                                [--sizes 1024 2048 4096 8192] [--shapes 4095x4095x4095 ...]
                                [--sweep model stages3 raster8 ...] [--configs "stages=3" ...]
                                [--tune cache.json] [--options "tune=cache.json"]
                                [--repeat 10] [--batch 5] [--out results.md] [--json rows.jsonl]
                                [--dynamic] [--kernel fragments|simt-tiled]
                                [--smem-layout pad xor] [--split-k 1 2 4 8]
                                [--classes small-m large-k] [--scope workgroup]

For each type and shape: build the L0 `linalg.matmul`, make random inputs
(never zeros) and an f64 reference (torch on the GPU) once, and time cuBLAS
once; then for each configuration (`--sweep` presets and `--configs` option
strings, default: the cost model's choice) lower it for the queried device
(`target=vulkan`: the driver's own cooperative-matrix shape list; f32 goes
through the SIMT path), compile to SPIR-V, run it, check every element
against the error bound of a K-term sum (2 (K + 2) u (|A||B| + |C|), u the
accumulator's unit roundoff; integers exact), and time it. Each row carries
the cost model's prediction (its efficiency times the nominal peak) beside
the measurement.

Timing is the same for both sides: one timed run is `--batch` back-to-back
products (Vulkan: dispatches in one command buffer between two timestamps;
cuBLAS: a CUDA graph of `--batch` products between two CUDA events), the
time is the median over `--repeat` runs after warm-up, divided by `--batch`.
One Vulkan instance and one logical device serve the whole process (each
configuration's buffers are freed after it: `VulkanDevice.scope`).

`--tune FILE` records, per case, the fastest correct configuration in the
autotuning cache (coopmlir/tuning.py) that `--lower-to-coopmat="tune=FILE"`
(here: `--options "tune=FILE"`) reads. With `--dynamic`, each configuration
gets a second row for the same product on `memref<?x?xT>` (sizes at run
time, configuration planned for `size-hint=MxNxK`), its shape written
`?(MxNxK)`. `--scope workgroup` lowers every row with `scope=workgroup`
(VK_NV_cooperative_matrix2's workgroup-scope matrices and tensor-addressed
loads, compiled with `coopmat=nv2`); `--configs "tile=128x256x32"
"tile=128x256x32 stages=2"` compares its tiles and K-tile prefetch. Its rows
have no model prediction (nan).

f32 takes the SIMT path (the device without its matrix units; cuBLAS
SGEMM with TF32 off): on a GPU, the register-tiled SIMT kernel
(`kernel=simt-tiled`, the target's `simt_kernel`), on a CPU the fragment
kernel. `--kernel K` adds, for f32, a row with that kernel (`--kernel
fragments`: the fragment kernel through coopmat-to-simt); the `simt-*`
presets sweep the SIMT kernel's tiles (`--types f32 --sweep simt-tiled
simt-tiled-k16 ...`), and `--smem-layout pad xor` runs each f32
configuration once per workgroup-memory layout (rows padded by 16 bytes,
or 16-byte chunks XOR-swizzled by the row). The tuning cache records
fragment configurations only.

`--split-k S ...` adds a row per slice count to every configuration (S=1:
split-K off, to compare with the fill heuristic's choice); a split product is
two dispatches (the sliced product and the reduction), timed as the sum of
their medians; so is a product that reads a transposed copy of an operand
(lower-to-coopmat's `pretranspose`: the copy's kernel, then the product). `--classes` adds the shapes of a class (`SHAPE_CLASSES`:
small-m, the LLM case of 16 to 256 rows against 4096x4096 weights; large-k).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import platform
import sys
import time
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import round_bf16
from coopmlir.runtime.device_target import target_from_report
from coopmlir.runtime.launch import compile_for_device, lower, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.runtime.vulkan_device import VulkanInstance
from coopmlir.targets import Target

sys.path.insert(0, str(Path(__file__).resolve().parent))
from torch_cuda import cuda_batched_ms  # noqa: E402

# name: (A/B element type, C type, numpy input dtype, numpy output dtype)
TYPES = {
    "f16f32": ("f16", "f32", np.float16, np.float32),
    "f16f16": ("f16", "f16", np.float16, np.float16),
    "bf16f32": ("bf16", "f32", np.float32, np.float32),
    "i8i32": ("i8", "i32", np.int8, np.int32),
    "f32": ("f32", "f32", np.float32, np.float32),
}

MATMUL = """
func.func @matmul(%A: memref<{M}x{K}x{a}>, %B: memref<{K}x{N}x{a}>, %C: memref<{M}x{N}x{c}>) {{
  linalg.matmul ins(%A, %B : memref<{M}x{K}x{a}>, memref<{K}x{N}x{a}>) outs(%C : memref<{M}x{N}x{c}>)
  func.return
}}
"""


@dataclass
class Row:
    types: str
    shape: str
    options: str  # the lower-to-coopmat options of the row ("(model)": none)
    coopmlir_tflops: float
    cublas_tflops: float | None
    ratio: float | None
    predicted_efficiency: float  # the cost model's, of the nominal peak
    predicted_tflops: float
    measured_efficiency: float
    config: str
    error_vs_bound: float  # max |x - exact| / bound; <= 1 is correct (ints: max error)
    correct: bool
    compile_seconds: float


def inputs(M, N, K, name, rng):
    a, c, in_dtype, out_dtype = TYPES[name]
    if name == "i8i32":
        A = rng.integers(-128, 128, (M, K), dtype=np.int8)
        B = rng.integers(-128, 128, (K, N), dtype=np.int8)
        C = rng.integers(-1000, 1000, (M, N)).astype(np.int32)
        return A, B, C
    A = rng.standard_normal((M, K), dtype=np.float32)
    B = rng.standard_normal((K, N), dtype=np.float32)
    C = rng.standard_normal((M, N), dtype=np.float32)
    if a == "bf16":
        A, B = round_bf16(A), round_bf16(B)
    return A.astype(in_dtype), B.astype(in_dtype), C.astype(out_dtype)


def reference(torch, A, B, C, name):
    """(A @ B + C, |A| @ |B| + |C|) in f64, on the GPU when torch is there."""
    if torch is None:
        a, b, c = (x.astype(np.float64) for x in (A, B, C))
        return a @ b + c, np.abs(a) @ np.abs(b) + np.abs(c)
    a, b, c = (torch.from_numpy(x.astype(np.float64)).cuda() for x in (A, B, C))
    exact = (a @ b + c).cpu().numpy()
    magnitude = (a.abs() @ b.abs() + c.abs()).cpu().numpy()
    return exact, magnitude


# Unit roundoff of the accumulator: the error bound is 2 (K + 2) u (|A||B| + |C|)
# (a K-term sum rounded at every step, in any order; doubled for the f16
# result of a f32 sum). Integers must be exact.
UNIT_ROUNDOFF = {
    "f16f32": 2.0**-24,
    "f16f16": 2.0**-11,
    "bf16f32": 2.0**-24,
    "f32": 2.0**-24,
    "i8i32": 0.0,
}


def check(result, exact, magnitude, name, K):
    """(within the bound, max error relative to the bound's scale)."""
    error = np.abs(result.astype(np.float64) - exact)
    bound = 2 * (K + 2) * UNIT_ROUNDOFF[name] * magnitude
    if name == "i8i32":
        exact_ints = exact.astype(np.int64).astype(np.int32)
        return bool((result == exact_ints).all()), float(error.max())
    ok = bool((error <= bound).all())
    return ok, float((error / np.maximum(bound, np.finfo(np.float64).tiny)).max())


def cublas_seconds(torch, A, B, name, repeat, batch):
    """Median seconds per product of torch.matmul on the same inputs: a CUDA
    graph of `batch` products between two CUDA events (back-to-back launches
    if the graph cannot be captured), as the Vulkan side times `batch`
    dispatches in one command buffer."""
    if name == "i8i32":
        a = torch.from_numpy(A).cuda()
        # cuBLASLt's int8 kernels want B column-major (a plain row-major B
        # takes a much slower path).
        b = torch.from_numpy(B).cuda().t().contiguous().t()

        def fn():
            return torch._int_mm(a, b)
    else:
        dtype = {
            "f16f32": torch.float16,
            "f16f16": torch.float16,
            "bf16f32": torch.bfloat16,
            "f32": torch.float32,
        }[name]
        a = torch.from_numpy(A.astype(np.float32)).cuda().to(dtype)
        b = torch.from_numpy(B.astype(np.float32)).cuda().to(dtype)

        def fn():
            return torch.matmul(a, b)

    try:
        return cuda_batched_ms(fn, repeat, batch, warm_seconds=0.0) * 1e-3
    except RuntimeError as err:  # e.g. _int_mm's shape rules
        print(f"  cuBLAS skipped: {err}", file=sys.stderr)
        return None


# f32 has no matrix units: it takes the SIMT path.
SIMT_ONLY = {"f32"}

#: Nominal dense peak of an H100 SXM (TFLOP/s) per input type: the cost
#: model's efficiency times this is its predicted speed.
PEAK_TFLOPS = {"f16": 989.4, "bf16": 989.4, "i8": 1978.9, "f32": 66.9}

#: Sweep presets: name -> options for A/B elements of `a_bytes` bytes.
PRESETS = {
    "model": lambda a_bytes: "",
    "stages3": lambda a_bytes: "stages=3",
    "raster8": lambda a_bytes: "raster=8",
    "stages3-raster8": lambda a_bytes: "stages=3 raster=8",
    # K tiles of 128 bytes (f16: 64) instead of the model's 64 bytes.
    "k128B": lambda a_bytes: f"tile=128x128x{128 // a_bytes} subgroups=2x2 stages=2",
    # (Two buffers of 128x128 tiles with 128-byte K rows exceed 48 KiB.)
    "k128B-64x64-stages3": lambda a_bytes: (
        f"tile=64x64x{128 // a_bytes} subgroups=2x2 stages=3"
    ),
    # Small-M and large-K shapes: more, smaller workgroups fill the device
    # (no split-K yet).
    "small64": lambda a_bytes: f"tile=64x64x{64 // a_bytes} subgroups=2x2 stages=3",
    "wide64": lambda a_bytes: f"tile=64x256x{64 // a_bytes} subgroups=1x4 stages=2",
    # Issue 32: with C added after the K loop, 8 subgroups of 128x64 (f16
    # accumulators) no longer spill; 256x128 keeps i32/f32 accumulators in
    # budget; 128x256 is the earlier model choice.
    "square256": lambda a_bytes: f"tile=256x256x{64 // a_bytes} subgroups=2x4 stages=2",
    "tall256": lambda a_bytes: f"tile=256x128x{64 // a_bytes} subgroups=2x4 stages=2",
    "wide128": lambda a_bytes: f"tile=128x256x{64 // a_bytes} subgroups=2x4 stages=2",
    # The performance talk's 256x256 tile of 8 subgroups (1 KiB of f32
    # accumulators per work-item: over the default 512-byte budget).
    "talk256": lambda a_bytes: (
        f"tile=256x256x{64 // a_bytes} subgroups=4x2 stages=2 accumulator_bytes=1024"
    ),
    "talk256-raster8": lambda a_bytes: (
        f"tile=256x256x{64 // a_bytes} subgroups=4x2 stages=2 raster=8 "
        "accumulator_bytes=1024"
    ),
    # The register-tiled SIMT kernel (f32 only): 128x128 tiles of 8x8
    # micro-tiles, K tiles of 8 or 16; 128x64 for more workgroups.
    "simt-tiled": lambda a_bytes: "kernel=simt-tiled",
    "simt-tiled-k16": lambda a_bytes: "kernel=simt-tiled tile=128x128x16",
    "simt-tiled-128x64": lambda a_bytes: "kernel=simt-tiled tile=128x64x8",
    "simt-tiled-micro8x4": lambda a_bytes: (
        "kernel=simt-tiled tile=128x64x8 micro-tile=8x4"
    ),
}


#: Shape classes of issue 17 whose output tiles are too few to fill the
#: device: `--classes NAME` adds them (M x N x K).
SHAPE_CLASSES = {
    "small-m": [(m, 4096, 4096) for m in (16, 32, 64, 128, 256)],
    "large-k": [(2048, 2048, 8192), (1024, 1024, 16384), (512, 512, 32768)],
}


def simt_target(device_target: Target) -> Target:
    """The device without its matrix units (the SIMT path, for f32)."""
    from dataclasses import replace

    return replace(
        device_target,
        name="simt-on-" + device_target.name.replace(":", "-"),
        matrix_shapes=(),
        flops_per_byte=16.0,
    )


def open_device(nv2: bool = False) -> tuple[VulkanDevice, Target]:
    """One logical device for the whole run, with every feature and
    extension a kernel of this benchmark may need that the device has
    (`nv2`: VK_NV_cooperative_matrix2 too), and its target (two Vulkan
    instances per process, none per case)."""
    probe = VulkanInstance()
    try:
        report = probe.report(probe.select(None))
    finally:
        probe.close()
    features = {name for name, on in report.features.items() if on}
    wanted = {"VK_KHR_cooperative_matrix", "VK_KHR_shader_bfloat16"}
    if nv2:
        wanted.add("VK_NV_cooperative_matrix2")
    gpu = VulkanDevice(
        device=report.index, needs=features, extensions=wanted & report.extensions
    )
    return gpu, target_from_report(report)


@dataclass
class Case:
    """One type and shape: inputs, reference and cuBLAS, shared by every
    configuration run on it."""

    name: str
    M: int
    N: int
    K: int
    A: np.ndarray
    B: np.ndarray
    C: np.ndarray
    exact: np.ndarray
    magnitude: np.ndarray
    cublas_seconds: float | None

    @property
    def flops(self) -> float:
        return 2.0 * self.M * self.N * self.K


def make_case(name, M, N, K, torch, rng, repeat, batch) -> Case:
    A, B, C = inputs(M, N, K, name, rng)
    exact, magnitude = reference(torch, A, B, C, name)
    cublas = cublas_seconds(torch, A, B, name, repeat, batch) if torch else None
    return Case(name, M, N, K, A, B, C, exact, magnitude, cublas)


def measure(
    gpu, target, case: Case, options: str, repeat, batch, dynamic=False, warm=0.0
) -> Row:
    """Compile `case` with lower-to-coopmat `options`, check and time it;
    `dynamic`: the same product on `memref<?x?xT>` (sizes at run time,
    planned for `size-hint=MxNxK`); `warm`: seconds of untimed dispatches
    right before the timed ones (the GPU lowers its clocks while the case
    compiles with the device open: bench/RESULTS.md, "The GPT-2 block's
    slow kernels"; 0: the fixed 2 warm-up runs only)."""
    name, M, N, K = case.name, case.M, case.N, case.K
    a, c, _, _ = TYPES[name]
    sizes = dict(M="?", N="?", K="?") if dynamic else dict(M=M, N=N, K=K)
    module = parse_module(MATMUL.format(**sizes, a=a, c=c))
    if dynamic:
        options = f"{options} size-hint={M}x{N}x{K}".strip()
    target = simt_target(target) if name in SIMT_ONLY else target
    remark = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stderr(remark):
        explain = (options + " explain=true").strip()
        # scope=workgroup compiles with coopmat=nv2 (compile_for_device).
        kernel_level, kernels = compile_for_device(module, target, explain)
    compile_seconds = time.perf_counter() - start
    text = remark.getvalue().rsplit("lower-to-coopmat: ", 1)[-1]
    config = text.split(": ", 1)[-1].split(" on ")[0].strip()
    # scope=workgroup has no cost model: no prediction.
    predicted = float("nan")
    if "predicted efficiency " in text:
        predicted = float(text.rsplit("predicted efficiency ")[-1].split("%")[0]) / 100
    with gpu.scope():
        result = case.C.copy()
        # The first (untimed) run checks the result; then timed runs on it.
        checked = run_host_function(
            kernel_level, "matmul", kernels, [case.A, case.B, result], gpu, repeat=1
        )
        once = sum(float(np.median(t.seconds)) for t in checked)
        timings = run_host_function(
            kernel_level,
            "matmul",
            kernels,
            [case.A, case.B, case.C.copy()],
            gpu,
            warmup=max(2, math.ceil(warm / (once * batch))),
            repeat=repeat,
            batch=batch,
        )
    # Split-K is two dispatches: the sliced product and the reduction.
    seconds = sum(float(np.median(t.seconds)) for t in timings)
    correct, worst = check(result, case.exact, case.magnitude, name, K)
    ours = case.flops / seconds / 1e12
    theirs = case.flops / case.cublas_seconds / 1e12 if case.cublas_seconds else None
    peak = PEAK_TFLOPS[a]
    return Row(
        types=f"{a}->{c}",
        shape=f"?({M}x{N}x{K})" if dynamic else f"{M}x{N}x{K}",
        options=options or "(model)",
        coopmlir_tflops=float(f"{ours:.3g}"),
        cublas_tflops=float(f"{theirs:.3g}") if theirs else None,
        ratio=round(ours / theirs, 3) if theirs else None,
        predicted_efficiency=round(predicted, 4),
        predicted_tflops=float(f"{predicted * peak:.3g}"),
        measured_efficiency=round(ours / peak, 4),
        config=config,
        error_vs_bound=float(f"{worst:.2e}"),
        correct=correct,
        compile_seconds=round(compile_seconds, 1),
    )


def tune_entry(case: Case, target: Target, rows: list[Row], cache: str) -> str | None:
    """Record the fastest correct row of `case` in the tuning cache; the
    options recorded are the configuration it ran (resolved by the pass)."""
    from coopmlir.passes.lower_to_coopmat.matching import match_matmul
    from coopmlir.tuning import record, tuning_key

    good = [r for r in rows if r.correct]
    if not good:
        return None
    best = max(good, key=lambda r: r.coopmlir_tflops)
    a, c, _, _ = TYPES[case.name]
    module = parse_module(MATMUL.format(M=case.M, N=case.N, K=case.K, a=a, c=c))
    op = next(o for o in module.walk() if o.name == "linalg.matmul")
    matmul = match_matmul(op)
    device = simt_target(target) if case.name in SIMT_ONLY else target
    key = tuning_key(device, matmul.problem(), matmul.component_types)
    options = best.config
    budget = [o for o in best.options.split() if o.startswith("accumulator_bytes=")]
    options = " ".join([options, *budget])
    record(
        cache,
        key,
        options,
        tflops=best.coopmlir_tflops,
        predicted_tflops=best.predicted_tflops,
        cublas_tflops=best.cublas_tflops,
    )
    return options


def read_back(case: Case, target: Target, cache: str) -> str:
    """The configuration `tune=cache` compiles `case` with (compile only):
    the round trip of the autotuning cache."""
    a, c, _, _ = TYPES[case.name]
    module = parse_module(MATMUL.format(M=case.M, N=case.N, K=case.K, a=a, c=c))
    device = simt_target(target) if case.name in SIMT_ONLY else target
    remark = io.StringIO()
    with contextlib.redirect_stderr(remark):
        lower(module, device, f"tune={cache} explain=true")
    text = remark.getvalue().rsplit("lower-to-coopmat: ", 1)[-1]
    return text.split(": ", 1)[-1].split(" on ")[0]


COLUMNS = (
    "| types | M x N x K | options | coopmlir TFLOP/s | model TFLOP/s | cuBLAS TFLOP/s"
    " | ratio | model eff. | measured eff. | configuration | error / bound"
    " | correct | compile s |"
)


def markdown(row: Row) -> str:
    return (
        f"| {row.types} | {row.shape} | {row.options} | {row.coopmlir_tflops} | "
        f"{row.predicted_tflops} | {row.cublas_tflops} | {row.ratio} | "
        f"{row.predicted_efficiency:.1%} | {row.measured_efficiency:.1%} | "
        f"{row.config} | {row.error_vs_bound} | "
        f"{'yes' if row.correct else 'NO'} | {row.compile_seconds} |"
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--types", nargs="+", default=list(TYPES))
    p.add_argument("--sizes", nargs="*", type=int, default=[1024, 2048, 4096, 8192])
    p.add_argument("--shapes", nargs="*", default=[], help="extra MxNxK shapes")
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--batch", type=int, default=5, help="products per timed run")
    p.add_argument(
        "--warm-seconds",
        type=float,
        default=0.0,
        help="untimed dispatches for this long before each case's timed runs",
    )
    p.add_argument(
        "--options", default="", help="lower-to-coopmat options added to every row"
    )
    p.add_argument(
        "--sweep", nargs="*", default=[], choices=list(PRESETS), help="presets"
    )
    p.add_argument("--configs", nargs="*", default=[], help="option strings to compare")
    p.add_argument(
        "--split-k",
        nargs="*",
        type=int,
        default=[],
        help="a row per split_k=S for every configuration (1: split-K off)",
    )
    p.add_argument(
        "--classes",
        nargs="*",
        default=[],
        choices=list(SHAPE_CLASSES),
        help="add the shapes of these classes",
    )
    p.add_argument("--tune", help="record each case's fastest configuration here")
    p.add_argument(
        "--dynamic",
        action="store_true",
        help="also each product on memref<?x?xT> (rows marked ?(MxNxK))",
    )
    p.add_argument(
        "--kernel",
        choices=["fragments", "simt-tiled"],
        help="f32: also a row with this kernel (lower-to-coopmat kernel=)",
    )
    p.add_argument(
        "--smem-layout",
        nargs="+",
        choices=["pad", "xor"],
        default=[],
        help="f32 (SIMT kernel): each configuration once per layout "
        "(lower-to-coopmat smem-layout=)",
    )
    p.add_argument("--out", help="append the markdown rows to this file")
    p.add_argument("--json", help="write the rows as JSON lines here")
    p.add_argument(
        "--no-cublas", action="store_true", help="numpy reference, no torch (CPU)"
    )
    p.add_argument(
        "--scope",
        choices=["subgroup", "workgroup"],
        default="subgroup",
        help="workgroup: VK_NV_cooperative_matrix2 workgroup-scope matrices",
    )
    args = p.parse_args(argv)
    if args.scope == "workgroup":
        args.options = f"scope=workgroup {args.options}".strip()

    torch = None
    if not args.no_cublas:
        import torch

        torch.backends.cuda.matmul.allow_tf32 = False
    gpu, target = open_device(nv2=args.scope == "workgroup")
    shapes = [(s, s, s) for s in args.sizes]
    shapes += [tuple(int(x) for x in s.split("x")) for s in args.shapes]
    shapes += [shape for name in args.classes for shape in SHAPE_CLASSES[name]]
    header = [
        f"# {target.description}, {date.today()}, Python {platform.python_version()},"
        f" torch {torch.__version__ if torch else 'not used'}, batch {args.batch},"
        f" repeat {args.repeat}",
        "",
        COLUMNS,
        "|---" * COLUMNS.count(" | ") + "|---|",
    ]
    print("\n".join(header), flush=True)
    lines = list(header)
    rng = np.random.default_rng(2026)
    with gpu:
        for name in args.types:
            a_bytes = np.dtype(TYPES[name][2]).itemsize if name != "bf16f32" else 2
            sets = [PRESETS[preset](a_bytes) for preset in args.sweep] + args.configs
            sets = [" ".join(filter(None, (o, args.options))) for o in sets or [""]]
            if args.split_k:
                sets = [f"{o} split_k={k}".strip() for o in sets for k in args.split_k]
            if args.smem_layout and name in SIMT_ONLY:
                # smem-layout= is the SIMT kernel's option: ask for that kernel.
                simt = [o if "kernel=" in o else f"kernel=simt-tiled {o}" for o in sets]
                sets = [
                    f"{o.strip()} smem-layout={layout}"
                    for o in simt
                    for layout in args.smem_layout
                ]
            if args.kernel and name in SIMT_ONLY:
                sets.append(
                    " ".join(filter(None, (f"kernel={args.kernel}", args.options)))
                )
            for M, N, K in shapes:
                case = make_case(name, M, N, K, torch, rng, args.repeat, args.batch)
                rows = []
                runs = [(o, False) for o in dict.fromkeys(sets)]
                runs += [(o, True) for o in dict.fromkeys(sets) if args.dynamic]
                for options, dynamic in runs:
                    try:
                        row = measure(
                            gpu,
                            target,
                            case,
                            options,
                            args.repeat,
                            args.batch,
                            dynamic,
                            args.warm_seconds,
                        )
                    except Exception as err:  # report and go on: one row per case
                        message = " ".join(str(err).split())[:200]
                        line = (
                            f"| {name} | {M}x{N}x{K} | {options} | failed: {message} |"
                        )
                        print(line, flush=True)
                        lines.append(line)
                        continue
                    # The tuning cache is for static shapes and fragment kernels.
                    if not dynamic and not row.config.startswith("kernel="):
                        rows.append(row)
                    print(markdown(row), flush=True)
                    lines.append(markdown(row))
                    if args.json:
                        with open(args.json, "a") as f:
                            f.write(json.dumps(asdict(row)) + "\n")
                if args.tune:
                    tuned = tune_entry(case, target, rows, args.tune)
                    line = f"| {name} | {M}x{N}x{K} | tuned | {tuned} | "
                    line += f"read back: {read_back(case, target, args.tune)} |"
                    print(line, flush=True)
                    lines.append(line)
                if torch is not None:
                    torch.cuda.empty_cache()  # the next case's Vulkan buffers need room
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
