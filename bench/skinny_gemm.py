"""Skinny products (issue 28 part 4): Llama-7B's linear layers at token-
generation batch sizes, y = x @ W^T with W [N, K] f16 (nn.Linear's export),
f32 sums and output, against torch.matmul f16 (cuBLAS) and the HBM roof
(the weight's bytes / the copy bandwidth measured in the same run).

    bash bench/h100.sh python3 -P bench/skinny_gemm.py --out $OUT
    python3 -P bench/skinny_gemm.py --size small        # lavapipe, no CUDA

Each case is compiled twice for the first Vulkan device: as the planner
chooses (the skinny kernel for M <= 16, skinny_plan.py) and with
`skinny=false` (the fragment kernel and its split-K), each launch timed in
place (`--repeat` dispatches after 2 warm-ups, the median; a split-K
case's two kernels added up), every output checked against numpy in f64.
The roof's bandwidth is a device-to-device copy of 1 GiB by torch (read +
written bytes / time), so the roof and both kernels come from one machine
and one run.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "test" / "python"))
sys.path.insert(0, str(ROOT / "bench"))
from torch_cuda import copy_bandwidth, cuda_batched_ms  # noqa: E402

#: (N, K) of Llama-7B's projections: attention q/k/v/o, MLP up/gate, down.
SHAPES = {
    "full": [(4096, 4096), (11008, 4096), (4096, 11008)],
    "small": [(512, 256), (384, 520)],
}
ROWS = (1, 16)


def linear_source(m: int, n: int, k: int) -> str:
    """@linear(x [M, K] f16, W [N, K] f16, y [M, N] f16): y = x W^T, the
    product summed in f32 (extf in the body), as torch-mlir exports an f16
    nn.Linear without bias after bufferization."""
    x, w, y = f"memref<{m}x{k}xf16>", f"memref<{n}x{k}xf16>", f"memref<{m}x{n}xf32>"
    return f"""
func.func @linear(%x: {x}, %w: {w}, %y: {y}) {{
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : {y})
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
      affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%x, %w : {x}, {w}) outs(%y : {y})
  func.return
}}
"""


def run_coopmlir(m, n, k, x, w, options: str, repeat: int) -> dict:
    from coopmlir.dialects.registry import parse_module
    from coopmlir.runtime.device_target import query_for_passes
    from coopmlir.runtime.launch import compile_for_device, device_needs
    from coopmlir.runtime.timing import timed_host_function
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import get_target

    program = parse_module(linear_source(m, n, k), "skinny.mlir")
    target = get_target("vulkan", query_for_passes)
    kernel_level, kernels = compile_for_device(program, target, options)
    features, extensions = device_needs(kernels)
    y = np.zeros((m, n), np.float32)
    with VulkanDevice(None, needs=features, extensions=extensions) as gpu:
        timings = timed_host_function(
            kernel_level, "linear", kernels, [x, w, y], gpu, repeat=repeat
        )
        device = gpu.report.lines()[0]
    ms = sum(float(np.median(t.seconds)) * 1e3 for t in timings)
    return {
        "ms": ms,
        "kernels": [t.kernel for t in timings],
        "output": y,
        "device": device,
    }


def run_torch(x, w, repeat: int) -> float | None:
    """torch.matmul(x, w.T) in f16 on CUDA, in ms (median)."""
    import torch

    if not torch.cuda.is_available():
        return None
    xt, wt = (torch.from_numpy(a).cuda() for a in (x, w))
    return cuda_batched_ms(lambda: torch.matmul(xt, wt.T), repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(SHAPES), default="full")
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--out", type=Path, help="folder for skinny_gemm.json")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    import torch

    bandwidth = copy_bandwidth(args.repeat) if torch.cuda.is_available() else None
    if bandwidth:
        print(f"copy bandwidth: {bandwidth / 1e9:.0f} GB/s")
    rows = []
    print(
        "| M | N x K | skinny ms | fragment ms | torch ms | roof ms | roof / skinny | error |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for n, k in SHAPES[args.size]:
        w = rng.uniform(-1, 1, (n, k)).astype(np.float16)
        for m in ROWS:
            x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
            want = x.astype(np.float64) @ w.astype(np.float64).T
            chosen = run_coopmlir(m, n, k, x, w, "", args.repeat)
            fragment = run_coopmlir(m, n, k, x, w, "skinny=false", args.repeat)
            scale = max(1.0, float(np.abs(want).max()))
            errors = [
                float(np.abs(r["output"] - want).max() / scale)
                for r in (chosen, fragment)
            ]
            torch_ms = run_torch(x, w, args.repeat)
            roof_ms = 2 * n * k / bandwidth * 1e3 if bandwidth else None
            row = {
                "m": m,
                "n": n,
                "k": k,
                "device": chosen["device"],
                "skinny_ms": chosen["ms"],
                "skinny_kernels": chosen["kernels"],
                "fragment_ms": fragment["ms"],
                "fragment_kernels": fragment["kernels"],
                "torch_ms": torch_ms,
                "roof_ms": roof_ms,
                "copy_gb_s": bandwidth / 1e9 if bandwidth else None,
                "errors": errors,
            }
            rows.append(row)
            ratio = f"{roof_ms / chosen['ms']:.2f}" if roof_ms else "-"
            torch_text = f"{torch_ms:.4f}" if torch_ms else "-"
            roof_text = f"{roof_ms:.4f}" if roof_ms else "-"
            print(
                f"| {m} | {n} x {k} | {chosen['ms']:.4f} | {fragment['ms']:.4f} | "
                f"{torch_text} | {roof_text} | {ratio} | {max(errors):.1e} |"
            )
            if max(errors) > 1e-2:
                print(f"   MISMATCH: scaled errors {errors}")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "skinny_gemm.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
