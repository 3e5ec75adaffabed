"""GEMM through coopmlir on a Vulkan GPU, against cuBLAS (torch) in the same run.

    python bench/gemm_vulkan.py [--types f16f32 f16f16 bf16f32 i8i32 f32]
                                [--sizes 1024 2048 4096 8192] [--shapes 4095x4095x4095 ...]
                                [--repeat 20] [--options "stages=2"] [--out results.md]
                                [--dynamic]

For each type and shape: build the L0 `linalg.matmul`, lower it for the queried
device (`target=vulkan`: the driver's own cooperative-matrix shape list; f32
and bf16 go through the SIMT path), compile to SPIR-V, run with fresh random inputs
(never zeros), check every element against the error bound of a K-term sum
(2 (K + 2) u (|A||B| + |C|), u the accumulator's unit roundoff; integers
exact) with an f64 reference computed by torch on the GPU, and time the
dispatch with Vulkan timestamps (median of `--repeat` runs after 3 warm-up
runs). cuBLAS is timed with CUDA events on the same inputs: torch.matmul in
the same input type (f16/bf16 accumulate in f32; TF32 off for f32;
torch._int_mm for i8). One markdown row per case goes to stdout and `--out`.
With `--dynamic`, each case gets a second row for the same product on
`memref<?x?xT>` (sizes at run time, configuration chosen for
`size-hint=MxNxK`), its shape written `?(MxNxK)`.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import platform
import sys
import time
from dataclasses import asdict, dataclass
from datetime import date

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import round_bf16
from coopmlir.runtime.device_target import query_target
from coopmlir.runtime.launch import compile_for_device, device_needs, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.targets import Target

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
    coopmlir_tflops: float
    cublas_tflops: float | None
    ratio: float | None
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


def cublas_seconds(torch, A, B, name, repeat):
    """Median seconds of torch.matmul on the same inputs (CUDA events)."""
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
        for _ in range(3):
            fn()
        times = []
        for _ in range(repeat):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end) * 1e-3)
        return float(np.median(times))
    except RuntimeError as err:  # e.g. _int_mm's shape rules
        print(f"  cuBLAS skipped: {err}", file=sys.stderr)
        return None


# f32 has no matrix units; bf16 matrices need SPV_KHR_bfloat16, which
# convert-to-spirv does not emit yet: both take the SIMT path.
SIMT_ONLY = {"f32", "bf16f32"}


def simt_target(device_target: Target) -> Target:
    """The device without its matrix units (the SIMT path, for f32)."""
    from dataclasses import replace

    return replace(
        device_target,
        name="simt-on-" + device_target.name.replace(":", "-"),
        matrix_shapes=(),
        flops_per_byte=16.0,
    )


def bench_case(
    gpu_target, name, M, N, K, options, repeat, torch, rng, dynamic=False
) -> Row:
    a, c, _, _ = TYPES[name]
    sizes = dict(M="?", N="?", K="?") if dynamic else dict(M=M, N=N, K=K)
    module = parse_module(MATMUL.format(**sizes, a=a, c=c))
    if dynamic:
        options = f"{options} size-hint={M}x{N}x{K}"
    target = simt_target(gpu_target) if name in SIMT_ONLY else gpu_target
    remark = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stderr(remark):
        explain = (options + " explain=true").strip()
        kernel_level, kernels = compile_for_device(module, target, explain)
    compile_seconds = time.perf_counter() - start
    config = remark.getvalue().split("lower-to-coopmat: ", 1)[-1].split(" on ")[0]
    A, B, C = inputs(M, N, K, name, rng)
    exact, magnitude = reference(torch, A, B, C, name)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        result = C.copy()
        # The first (untimed) run checks the result; then timed runs on it.
        run_host_function(kernel_level, "matmul", kernels, [A, B, result], gpu)
        timing_c = C.copy()
        (timing,) = run_host_function(
            kernel_level,
            "matmul",
            kernels,
            [A, B, timing_c],
            gpu,
            warmup=3,
            repeat=repeat,
        )
    seconds = float(np.median(timing.seconds))
    correct, worst = check(result, exact, magnitude, name, K)
    flops = 2.0 * M * N * K
    cublas = cublas_seconds(torch, A, B, name, repeat) if torch else None
    ours = flops / seconds / 1e12
    theirs = flops / cublas / 1e12 if cublas else None
    return Row(
        types=f"{a}->{c}",
        shape=f"?({M}x{N}x{K})" if dynamic else f"{M}x{N}x{K}",
        coopmlir_tflops=float(f"{ours:.3g}"),
        cublas_tflops=float(f"{theirs:.3g}") if theirs else None,
        ratio=round(ours / theirs, 3) if theirs else None,
        config=config,
        error_vs_bound=float(f"{worst:.2e}"),
        correct=correct,
        compile_seconds=round(compile_seconds, 1),
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--types", nargs="+", default=list(TYPES))
    p.add_argument("--sizes", nargs="+", type=int, default=[1024, 2048, 4096, 8192])
    p.add_argument("--shapes", nargs="*", default=[], help="extra MxNxK shapes")
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--options", default="", help="lower-to-coopmat options")
    p.add_argument("--out", help="append the markdown rows to this file")
    p.add_argument("--json", help="write the rows as JSON lines here")
    p.add_argument(
        "--dynamic",
        action="store_true",
        help="also run each case with dynamic sizes (memref<?x?xT>)",
    )
    p.add_argument(
        "--no-cublas", action="store_true", help="numpy reference, no torch (CPU)"
    )
    args = p.parse_args(argv)

    torch = None
    if not args.no_cublas:
        import torch

        torch.backends.cuda.matmul.allow_tf32 = False
    target = query_target()
    shapes = [(s, s, s) for s in args.sizes]
    shapes += [tuple(int(x) for x in s.split("x")) for s in args.shapes]
    header = [
        f"# {target.description}, {date.today()}, Python {platform.python_version()},"
        f" torch {torch.__version__ if torch else 'not used'}",
        "",
        "| types | M x N x K | coopmlir TFLOP/s | cuBLAS TFLOP/s | ratio | configuration"
        " | error / bound | correct | compile s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(header), flush=True)
    lines = list(header)
    rng = np.random.default_rng(2026)
    cases = [
        (name, shape, dynamic)
        for name in args.types
        for shape in shapes
        for dynamic in ((False, True) if args.dynamic else (False,))
    ]
    for name, (M, N, K), dynamic in cases:
        try:
            row = bench_case(
                target,
                name,
                M,
                N,
                K,
                args.options,
                args.repeat,
                torch,
                rng,
                dynamic,
            )
        except Exception as err:  # report and go on: one row per case
            shape = f"?({M}x{N}x{K})" if dynamic else f"{M}x{N}x{K}"
            failed = f"| {name} | {shape} | failed: {err} | | | | | no | |"
            print(failed, flush=True)
            lines.append(failed)
            continue
        line = (
            f"| {row.types} | {row.shape} | {row.coopmlir_tflops} | "
            f"{row.cublas_tflops} | {row.ratio} | {row.config} | "
            f"{row.error_vs_bound} | "
            f"{'yes' if row.correct else 'NO'} | {row.compile_seconds} |"
        )
        print(line, flush=True)
        lines.append(line)
        if args.json:
            with open(args.json, "a") as f:
                f.write(json.dumps(asdict(row)) + "\n")
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
