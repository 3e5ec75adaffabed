"""GEMM + bias + activation through coopmlir's fused epilogue on a Vulkan GPU,
against torch (cuBLAS / cuBLASLt) in the same run.

    python bench/gemm_epilogue.py [--sizes 4096 8192] [--shapes 8192x3072x768]
                                  [--types f16 bf16] [--repeat 20] [--out results.md]
    python bench/gemm_epilogue.py --sizes 64 --repeat 2 --no-torch   # smoke test (lavapipe)
    python bench/gemm_epilogue.py --transpose-b ...   # B as N x K, as nn.Linear's weight

f16 inputs, f32 accumulation, f16 output, bias an f16 N-vector (torch.addmm's);
`--types bf16` the same in bf16 (inputs, bias and output; GPT-2's fc1 in
bf16 is `--shapes 8192x3072x768 --types f16 bf16`).
coopmlir rows (one kernel each, all with the configuration the tiling model
picks for the plain GEMM, so that only the epilogue differs):

- `gemm`: the plain GEMM with the f32 -> f16 cast (the baseline),
- `gemm+bias+relu`, `gemm+bias+gelu` (tanh form, as cuBLASLt's epilogue),

with `vs plain` = fused time / plain time (the target is <= 1.05). torch
rows: `torch.matmul`, `torch.addmm` followed by the activation (separate
kernels), and `torch._addmm_activation` (cuBLASLt's fused epilogue).

Every row's result is checked against a float64 reference (A @ B and
|A| @ |B| in float64 by torch on the GPU, numpy without torch) within
`EpilogueCase.tolerance`. The L0 programs come from
test/python/support/epilogue_cases.py. Times: Vulkan timestamps (coopmlir) and CUDA
events (torch), median of `--repeat` runs after 3 warm-up runs.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import platform
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "test" / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from support.epilogue_cases import ACTIVATIONS, EpilogueCase  # noqa: E402
from torch_cuda import cuda_timed  # noqa: E402

from coopmlir.dialects.registry import parse_module  # noqa: E402
from coopmlir.runtime.device_target import query_target  # noqa: E402
from coopmlir.runtime.launch import (  # noqa: E402
    compile_for_device,
    device_needs,
    run_host_function,
)
from coopmlir.runtime.timing import timed_host_function  # noqa: E402
from coopmlir.runtime.vulkan import VulkanDevice  # noqa: E402

#: coopmlir rows: (name, case options).
#: The activations timed by default (`--activations`: any of
#: epilogue_cases.ACTIVATIONS); gelu is gelu-tanh, cuBLASLt's.
DEFAULT_ACTIVATIONS = ["relu", "gelu"]


def ours(activations: list[str]) -> list[tuple[str, dict]]:
    """coopmlir's rows: the plain GEMM, then bias + each activation."""
    rows = [("gemm", {})]
    for name in activations:
        activation = "gelu-tanh" if name == "gelu" else name
        opts = {"bias": "row", "bias_type": "f16", "activation": activation}
        rows.append((f"gemm+bias+{name}", opts))
    return rows


def exact_products(torch, A, B):
    """(A @ B, |A| @ |B|) in float64, on the GPU when torch is there."""
    if torch is None:
        a, b = A.astype(np.float64), B.astype(np.float64)
        return a @ b, np.abs(a) @ np.abs(b)
    a = torch.from_numpy(A).cuda().double()
    b = torch.from_numpy(B).cuda().double()
    return (a @ b).cpu().numpy(), (a.abs() @ b.abs()).cpu().numpy()


#: `--stats`: pipeline_stats.py's capture, set up by main.
STATS = None


def run_ours(target, case, options, args, repeat):
    """(result, median seconds, configuration) of the lowered case (with
    `--stats`, the driver's statistics of its pipelines printed)."""
    module = parse_module(case.source())
    remark = io.StringIO()
    with contextlib.redirect_stderr(remark):
        explain = (options + " explain=true").strip()
        kernel_level, kernels = compile_for_device(module, target, explain)
    text = remark.getvalue()
    config = text.split("lower-to-coopmat: ", 1)[-1].split(": ", 1)[-1]
    config = config.split(" on ")[0]
    if "not fused" in text:
        raise RuntimeError(text.strip().splitlines()[0])
    needs, extensions = device_needs(kernels)
    with VulkanDevice(needs=needs, extensions=extensions) as gpu:
        result = [x.copy() for x in args]
        run_host_function(kernel_level, "epilogue", kernels, result, gpu)
        if STATS is not None:
            for pipeline in STATS.made:
                STATS.stats(gpu.device, pipeline, case.activation or "plain")
            STATS.made.clear()
        timed = [x.copy() for x in args]
        (timing,) = timed_host_function(
            kernel_level, "epilogue", kernels, timed, gpu, repeat=repeat
        )
    return result[-1], float(np.median(timing.seconds)), config


def torch_rows(torch, args, repeat, element, transpose_b=False):
    """name -> (result, median seconds) for the torch references, on
    `element` (f16 or bf16) tensors (B as N x K with `transpose_b`: its
    transposed view, as F.linear takes a weight)."""
    F = torch.nn.functional
    dtype = torch.bfloat16 if element == "bf16" else torch.float16
    a, b, bias = (torch.from_numpy(x).cuda().to(dtype) for x in args[:3])
    if transpose_b:
        b = b.t()
    fns = {
        "torch.matmul": lambda: torch.matmul(a, b),
        "torch.addmm+relu": lambda: F.relu(torch.addmm(bias, a, b)),
        "torch.addmm+gelu": lambda: F.gelu(torch.addmm(bias, a, b), approximate="tanh"),
        "torch._addmm_activation relu": lambda: torch._addmm_activation(bias, a, b),
        "torch._addmm_activation gelu": lambda: torch._addmm_activation(
            bias, a, b, use_gelu=True
        ),
    }
    rows = {}
    for name, fn in fns.items():
        out, ms = cuda_timed(fn, repeat)
        rows[name] = (out.float().cpu().numpy(), ms * 1e-3)
    return rows


#: Which coopmlir case checks each torch row.
TORCH_CASE = {
    "torch.matmul": "gemm",
    "torch.addmm+relu": "gemm+bias+relu",
    "torch.addmm+gelu": "gemm+bias+gelu",
    "torch._addmm_activation relu": "gemm+bias+relu",
    "torch._addmm_activation gelu": "gemm+bias+gelu",
}


def typed(opts: dict, element: str) -> dict:
    """A case's options with A, B, the bias and C in `element` (bf16: all
    of them bf16, as a bf16 model's linear layer; f16: as written)."""
    if element == "f16":
        return opts
    bias = {"bias_type": element} if "bias" in opts else {}
    return {**opts, **bias, "inputs": element, "out": element}


def bench_size(
    target, shape, element, activations, repeat, options, torch, rng, transpose_b
) -> list[str]:
    M, N, K = shape
    size = f"{M}x{N}x{K} {element}" if len({M, N, K}) > 1 else f"{M}^3 {element}"
    size += " B^T" if transpose_b else ""
    # Every timed case, and those that check the torch rows (TORCH_CASE).
    cases = {
        name: EpilogueCase(M, N, K, transpose_b=transpose_b, **typed(opts, element))
        for name, opts in ours([*DEFAULT_ACTIVATIONS, *activations])
    }
    timed = [name for name, _ in ours(activations)]
    args = cases["gemm+bias+relu"].arguments(rng)  # A, B, bias, C
    b = np.ascontiguousarray(cases["gemm"].b_matrix(args[1]))
    product, magnitude = exact_products(torch, args[0], b)
    arguments = {
        name: args if case.bias else [args[0], args[1], args[3]]
        for name, case in cases.items()
    }
    references = {
        name: case.reference(arguments[name], product) for name, case in cases.items()
    }
    flops = 2.0 * M * N * K
    lines = []
    plain_seconds = None
    config = options
    for name in timed:
        case = cases[name]
        start = time.perf_counter()
        try:
            got, seconds, chosen = run_ours(
                target, case, config, arguments[name], repeat
            )
        except Exception as err:  # one row per case, the run goes on
            lines.append(f"| coopmlir {name} | {size} | failed: {err} | | | | |")
            print(lines[-1], flush=True)
            continue
        compile_and_run = time.perf_counter() - start
        if plain_seconds is None:
            # The plain GEMM's configuration for every fused kernel.
            plain_seconds, config = seconds, chosen
        ratio = case.error_ratio(got, arguments[name], references[name], magnitude)
        lines.append(
            f"| coopmlir {name} | {size} | {flops / seconds / 1e12:.3g} | "
            f"{seconds * 1e3:.3f} | {seconds / plain_seconds:.3f} | {chosen} | "
            f"{ratio:.2e} | {'yes' if ratio <= 1 else 'NO'} | "
            f"{compile_and_run:.0f} |"
        )
        print(lines[-1], flush=True)
    if torch is None:
        return lines
    rows = torch_rows(torch, args, repeat, element, transpose_b)
    for name, (got, seconds) in rows.items():
        checked = TORCH_CASE[name]
        case = cases[checked]
        ratio = case.error_ratio(
            got, arguments[checked], references[checked], magnitude
        )
        vs = f"{seconds / plain_seconds:.3f}" if plain_seconds else ""
        lines.append(
            f"| {name} | {size} | {flops / seconds / 1e12:.3g} | "
            f"{seconds * 1e3:.3f} | {vs} | | {ratio:.2e} | "
            f"{'yes' if ratio <= 1 else 'NO'} | |"
        )
        print(lines[-1], flush=True)
    return lines


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", nargs="*", type=int, default=[4096, 8192])
    p.add_argument("--shapes", nargs="*", default=[], help="extra MxNxK shapes")
    p.add_argument("--types", nargs="+", choices=["f16", "bf16"], default=["f16"])
    p.add_argument(
        "--activations",
        nargs="+",
        choices=["gelu", *ACTIVATIONS],
        default=DEFAULT_ACTIVATIONS,
        help="a fused row each (gelu: gelu-tanh)",
    )
    p.add_argument(
        "--transpose-b",
        action="store_true",
        help="B given as N x K (nn.Linear's weight, as torch-mlir exports a "
        "linear layer): A B^T, torch's addmm on B's transposed view",
    )
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--options", default="", help="lower-to-coopmat options")
    p.add_argument("--out", help="append the markdown table to this file")
    p.add_argument("--no-torch", action="store_true", help="numpy reference (CPU)")
    p.add_argument(
        "--stats",
        action="store_true",
        help="print each kernel's driver statistics (registers, local memory; "
        "VK_KHR_pipeline_executable_properties, bench/pipeline_stats.py)",
    )
    args = p.parse_args(argv)
    if args.stats:
        global STATS
        import pipeline_stats

        pipeline_stats.capture_statistics()
        STATS = pipeline_stats
    torch = None
    if not args.no_torch:
        import torch  # lazily: the lavapipe smoke test runs without it

        torch.backends.cuda.matmul.allow_tf32 = False
    target = query_target()
    header = [
        f"# GEMM + epilogue, {'/'.join(args.types)} -> f32 acc -> "
        f"{'/'.join(args.types)}, on {target.description}, "
        f"{date.today()}, Python {platform.python_version()}, "
        f"torch {torch.__version__ if torch else 'not used'}",
        "",
        "| row | size | TFLOP/s | ms | vs coopmlir plain | configuration "
        "| error / tolerance | correct | compile+run s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(header), flush=True)
    lines = list(header)
    rng = np.random.default_rng(2026)
    shapes = [(s, s, s) for s in args.sizes]
    shapes += [tuple(int(x) for x in s.split("x")) for s in args.shapes]
    for shape in shapes:
        for element in args.types:
            lines += bench_size(
                target,
                shape,
                element,
                args.activations,
                args.repeat,
                args.options,
                torch,
                rng,
                args.transpose_b,
            )
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
