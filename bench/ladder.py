"""The performance ladder of the cooperative-matrix talk, compiled by coopmlir.

    python bench/ladder.py [--size 4096] [--types f16f32] [--repeat 10] [--batch 5]
                           [--rungs scalar coop-simple ...] [--no-cublas] | tee -a RESULTS-ladder.md

"Cooperative Matrix Multiply" (NVIDIA, 2022) climbs from a scalar loop to a
tiled, shared-memory-staged cooperative kernel. Each rung here is a set of
`lower-to-coopmat` options (`RUNGS`; docs/tutorial.md explains them), compiled
for the first Vulkan device, checked against an f64 reference and timed with
gemm_vulkan.py's own machinery (`make_case`, `measure`: the same error bound,
batching and median). The scalar rungs run on the device without its matrix
units (`simt_target`), as gemm_vulkan.py runs f32. Prints one markdown table.
"""

from __future__ import annotations

import argparse
import platform
import sys
from datetime import date

import numpy as np
from gemm_vulkan import TYPES, make_case, measure, open_device, simt_target

#: rung -> (the talk's rung it stands for, lower-to-coopmat options, runs
#: without matrix units). The tiled rungs give each of 4 subgroups a 64x64
#: f32 tile: 512 bytes per work-item in a subgroup of 32 (a GPU's default
#: budget), 2 KiB in lavapipe's 8, hence accumulator-bytes=2048.
RUNGS = {
    # No kernel of coopmlir is one element per work-item; the nearest is the
    # register-tiled SIMT kernel with the smallest micro-tile (2x2).
    "scalar": (
        "Scalar loop",
        "kernel=simt-tiled tile=32x32x16 micro-tile=2x2",
        True,
    ),
    "coop-simple": (
        "Simple cooperative multiply",
        "tile=16x16x16 subgroups=1x1 mma=16x16x16 stages=0",
        False,
    ),
    "scalar-tiled": (
        "Tiled scalar multiply",
        "kernel=simt-tiled tile=128x128x8 micro-tile=8x8",
        True,
    ),
    "coop-tiled": (
        "Tiled cooperative matrix multiply",
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=0 accumulator-bytes=2048",
        False,
    ),
    "coop-staged": (
        "Staging through shared memory",
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=1 accumulator-bytes=2048",
        False,
    ),
    "coop-prefetch": (
        "Staging through shared memory, next tile fetched during the math",
        "tile=128x128x32 subgroups=2x2 mma=16x16x16 stages=2 accumulator-bytes=2048",
        False,
    ),
    "talk256": (
        "The talk's 256x256 tile of 8 subgroups (K=32)",
        "tile=256x256x32 subgroups=4x2 mma=16x16x16 stages=2 accumulator-bytes=1024",
        False,
    ),
    "model": ("coopmlir's cost model (no options)", "", False),
}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--size", type=int, default=4096, help="M = N = K")
    p.add_argument("--types", nargs="+", default=["f16f32"], choices=list(TYPES))
    p.add_argument("--rungs", nargs="+", default=list(RUNGS), choices=list(RUNGS))
    p.add_argument("--repeat", type=int, default=10)
    p.add_argument("--batch", type=int, default=5, help="products per timed run")
    p.add_argument(
        "--no-cublas", action="store_true", help="no torch: no cuBLAS row (lavapipe)"
    )
    args = p.parse_args(argv)

    torch = None
    if not args.no_cublas:
        import torch

        torch.backends.cuda.matmul.allow_tf32 = False

    gpu, target = open_device()
    n = args.size
    header = [
        f"# Ladder on {target.description}, {date.today()}, Python "
        f"{platform.python_version()}, {n}x{n}x{n}, batch {args.batch}, "
        f"repeat {args.repeat}",
        "",
        "| rung | the talk's rung | types | options | TFLOP/s | configuration "
        "| error / bound | correct |",
        "|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(header), flush=True)
    rng = np.random.default_rng(2026)
    with gpu:
        for name in args.types:
            case = make_case(name, n, n, n, torch, rng, args.repeat, args.batch)
            if case.cublas_seconds is not None:
                cublas = 2 * n**3 / case.cublas_seconds / 1e12
                print(
                    f"| cuBLAS | the vendor library (torch.matmul), same inputs | "
                    f"{name} | | {cublas:.1f} | | | |",
                    flush=True,
                )
            for rung in args.rungs:
                talk, options, scalar = RUNGS[rung]
                device = simt_target(target) if scalar else target
                try:
                    row = measure(gpu, device, case, options, args.repeat, args.batch)
                except Exception as err:  # one line per rung, the others go on
                    message = " ".join(str(err).split())[:200]
                    types = "{}->{}".format(*TYPES[name][:2])
                    line = (
                        f"| {rung} | {talk} | {types} | {options} | failed: {message} |"
                    )
                else:
                    line = (
                        f"| {rung} | {talk} | {row.types} | {options or '(model)'} | "
                        f"{row.coopmlir_tflops} | {row.config} | {row.error_vs_bound} "
                        f"| {'yes' if row.correct else 'NO'} |"
                    )
                print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
