"""GEMM + bias + activation through coopmlir's fused epilogue on a Vulkan GPU,
against torch (cuBLAS / cuBLASLt) in the same run.

    python bench/gemm_epilogue.py [--sizes 4096 8192] [--repeat 20] [--out results.md]
    python bench/gemm_epilogue.py --sizes 64 --repeat 2 --no-torch   # smoke test (lavapipe)

f16 inputs, f32 accumulation, f16 output, bias an f16 N-vector (torch.addmm's).
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

from support.epilogue_cases import EpilogueCase  # noqa: E402
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
OURS = [
    ("gemm", {}),
    ("gemm+bias+relu", {"bias": "row", "bias_type": "f16", "activation": "relu"}),
    ("gemm+bias+gelu", {"bias": "row", "bias_type": "f16", "activation": "gelu-tanh"}),
]


def exact_products(torch, A, B):
    """(A @ B, |A| @ |B|) in float64, on the GPU when torch is there."""
    if torch is None:
        a, b = A.astype(np.float64), B.astype(np.float64)
        return a @ b, np.abs(a) @ np.abs(b)
    a = torch.from_numpy(A).cuda().double()
    b = torch.from_numpy(B).cuda().double()
    return (a @ b).cpu().numpy(), (a.abs() @ b.abs()).cpu().numpy()


def run_ours(target, case, options, args, repeat):
    """(result, median seconds, configuration) of the lowered case."""
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
        timed = [x.copy() for x in args]
        (timing,) = timed_host_function(
            kernel_level, "epilogue", kernels, timed, gpu, repeat=repeat
        )
    return result[-1], float(np.median(timing.seconds)), config


def torch_rows(torch, args, repeat):
    """name -> (f16 result, median seconds) for the torch references."""
    F = torch.nn.functional
    a, b, bias = (torch.from_numpy(x).cuda() for x in args[:3])
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
        rows[name] = (out.cpu().numpy(), ms * 1e-3)
    return rows


#: Which coopmlir case checks each torch row.
TORCH_CASE = {
    "torch.matmul": "gemm",
    "torch.addmm+relu": "gemm+bias+relu",
    "torch.addmm+gelu": "gemm+bias+gelu",
    "torch._addmm_activation relu": "gemm+bias+relu",
    "torch._addmm_activation gelu": "gemm+bias+gelu",
}


def bench_size(target, size, repeat, options, torch, rng) -> list[str]:
    M = N = K = size
    cases = {name: EpilogueCase(M, N, K, **opts) for name, opts in OURS}
    args = cases["gemm+bias+relu"].arguments(rng)  # A, B, bias, C
    product, magnitude = exact_products(torch, args[0], args[1])
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
    for name, case in cases.items():
        start = time.perf_counter()
        try:
            got, seconds, chosen = run_ours(
                target, case, config, arguments[name], repeat
            )
        except Exception as err:  # one row per case, the run goes on
            lines.append(f"| coopmlir {name} | {size}^3 | failed: {err} | | | | |")
            print(lines[-1], flush=True)
            continue
        compile_and_run = time.perf_counter() - start
        if plain_seconds is None:
            # The plain GEMM's configuration for every fused kernel.
            plain_seconds, config = seconds, chosen
        ratio = case.error_ratio(got, arguments[name], references[name], magnitude)
        lines.append(
            f"| coopmlir {name} | {size}^3 | {flops / seconds / 1e12:.3g} | "
            f"{seconds * 1e3:.3f} | {seconds / plain_seconds:.3f} | {chosen} | "
            f"{ratio:.2e} | {'yes' if ratio <= 1 else 'NO'} | "
            f"{compile_and_run:.0f} |"
        )
        print(lines[-1], flush=True)
    if torch is None:
        return lines
    for name, (got, seconds) in torch_rows(torch, args, repeat).items():
        case = cases[TORCH_CASE[name]]
        ours = TORCH_CASE[name]
        ratio = case.error_ratio(got, arguments[ours], references[ours], magnitude)
        vs = f"{seconds / plain_seconds:.3f}" if plain_seconds else ""
        lines.append(
            f"| {name} | {size}^3 | {flops / seconds / 1e12:.3g} | "
            f"{seconds * 1e3:.3f} | {vs} | | {ratio:.2e} | "
            f"{'yes' if ratio <= 1 else 'NO'} | |"
        )
        print(lines[-1], flush=True)
    return lines


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", nargs="+", type=int, default=[4096, 8192])
    p.add_argument("--repeat", type=int, default=20)
    p.add_argument("--options", default="", help="lower-to-coopmat options")
    p.add_argument("--out", help="append the markdown table to this file")
    p.add_argument("--no-torch", action="store_true", help="numpy reference (CPU)")
    args = p.parse_args(argv)
    torch = None
    if not args.no_torch:
        import torch  # lazily: the lavapipe smoke test runs without it

        torch.backends.cuda.matmul.allow_tf32 = False
    target = query_target()
    header = [
        f"# GEMM + epilogue, f16 -> f32 acc -> f16, on {target.description}, "
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
    for size in args.sizes:
        lines += bench_size(target, size, args.repeat, args.options, torch, rng)
    if args.out:
        with open(args.out, "a") as f:
            f.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
