"""The cost model's choice against the tuned best, per shape (issue 17: the
model's top choice should land within 10% of the tuned best).

    python bench/model_vs_tuned.py [--types f16f32 f16f16 i8i32]
                                   [--shapes 4096x4096x4096 ...]
                                   [--sweep model raster8 stages3-raster8 small64 wide64]
                                   [--split-k 1 4 8] [--repeat 5] [--batch 3]
                                   [--tune cache.json] [--out results.md] [--json cmp.jsonl]
                                   [--rows rows.jsonl]
                                   [--no-cublas]

For each type and shape, every candidate is compiled, checked against the
f64 reference and timed by bench/gemm_vulkan.py's `measure` (the timing and
checking of the `--tune` benchmark, which writes the autotuning cache); the
candidates are its `--sweep` presets (`model` is the cost model's own
choice, no options), plus `split_k=S` for each `--split-k` slice count on
shapes with fewer output tiles of 128x128 than the device has compute units
(the small-M and large-K shapes, where split-K decides the speed). The
tuned best is the fastest correct candidate. Each row prints the model's
predicted TFLOP/s for its own choice and for the tuned best, the measured
TFLOP/s of both, the best configuration, and model / best (the target:
>= 0.9). `--tune FILE` records each best in the autotuning cache
(`coopmlir/tuning.py`), as `gemm_vulkan.py --tune` does.

The default list (7 shapes x 3 types, 5 presets, 8 candidates on the two
small-output shapes: 123 compiled kernels) is estimated at 4-6 minutes on
the H100 (about 0.3-2 s of compiling per kernel, a few seconds per 8192^3
candidate for transfers and the check); the footer prints the time taken.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import asdict, dataclass
from datetime import date

import numpy as np
from gemm_vulkan import (
    PRESETS,
    TYPES,
    Row,
    make_case,
    measure,
    open_device,
    tune_entry,
)
from report import Report
from torch_cuda import torch_with_cuda

from coopmlir.elements import BY_MLIR

SHAPES = [
    "4096x4096x4096",
    "4095x4095x4095",
    "8192x8192x8192",
    "3000x5000x2000",
    "128x4096x4096",
    "2048x2048x8192",
    "1024x1024x16384",
]
SWEEP = [
    "model",
    "raster8",
    "stages3-raster8",
    "small64",
    "wide64",
    "wide128",
    "square256",
    "tall256",
]


@dataclass
class Comparison:
    types: str
    shape: str
    model_config: str
    model_predicted_tflops: float
    model_tflops: float
    best_options: str
    best_config: str
    best_predicted_tflops: float
    best_tflops: float
    model_over_best: float
    cublas_tflops: float | None
    candidates: int
    failed: int  # candidates that did not compile, run or check


def candidates(name: str, M: int, N: int, args, compute_units: int) -> list[str]:
    """Option strings to time for one case: the presets, and split-K slice
    counts where the output has too few tiles to fill the device."""
    a_bytes = BY_MLIR[TYPES[name][0]].bytes
    options = [PRESETS[preset](a_bytes) for preset in args.sweep]
    if M * N < compute_units * 128 * 128:
        options += [f"split_k={s}" for s in args.split_k]
    return list(dict.fromkeys(options))


def compare(rows: dict[str, Row], failed: int) -> Comparison | None:
    """The model's row (options "") against the fastest correct row."""
    model = rows.get("")
    good = [r for r in rows.values() if r.correct]
    if model is None or not model.correct or not good:
        return None
    best = max(good, key=lambda r: r.coopmlir_tflops)
    return Comparison(
        types=model.types,
        shape=model.shape,
        model_config=model.config,
        model_predicted_tflops=model.predicted_tflops,
        model_tflops=model.coopmlir_tflops,
        best_options=best.options,
        best_config=best.config,
        best_predicted_tflops=best.predicted_tflops,
        best_tflops=best.coopmlir_tflops,
        model_over_best=round(model.coopmlir_tflops / best.coopmlir_tflops, 3),
        cublas_tflops=model.cublas_tflops,
        candidates=len(rows) + failed,
        failed=failed,
    )


COLUMNS = (
    "| types | M x N x K | model: predicted | model: measured | tuned best"
    " | best: predicted | model / best | cuBLAS | best options | best configuration"
    " | model configuration | candidates (failed) |"
)


def markdown(c: Comparison) -> str:
    # The configuration names its shape and types; the table has them already.
    config = c.best_config.split(": ", 1)[-1]
    model = c.model_config.split(": ", 1)[-1]
    mark = "" if c.model_over_best >= 0.9 else " **(< 0.9)**"
    return (
        f"| {c.types} | {c.shape} | {c.model_predicted_tflops} | {c.model_tflops} | "
        f"{c.best_tflops} | {c.best_predicted_tflops} | {c.model_over_best}{mark} | "
        f"{c.cublas_tflops} | {c.best_options} | {config} | {model} | "
        f"{c.candidates} ({c.failed}) |"
    )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument(
        "--types", nargs="+", default=["f16f32", "f16f16", "i8i32"], choices=list(TYPES)
    )
    p.add_argument("--shapes", nargs="+", default=SHAPES, help="MxNxK")
    p.add_argument("--sweep", nargs="+", default=SWEEP, choices=list(PRESETS))
    p.add_argument("--split-k", nargs="*", type=int, default=[1, 4, 8])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--batch", type=int, default=3, help="products per timed run")
    p.add_argument("--tune", help="record each case's fastest configuration here")
    p.add_argument("--out", help="append the markdown rows to this file")
    p.add_argument("--json", help="append the comparisons as JSON lines here")
    p.add_argument("--rows", help="append every candidate's row as JSON lines here")
    p.add_argument(
        "--no-cublas", action="store_true", help="numpy reference, no torch (CPU)"
    )
    args = p.parse_args(argv)
    if "model" not in args.sweep:
        args.sweep.insert(0, "model")  # the model's own choice is the point

    torch = None if args.no_cublas else torch_with_cuda()

    started = time.perf_counter()
    gpu, target = open_device()
    report = Report(args.out)
    report(
        f"# model_vs_tuned: {target.description}, {date.today()}, Python "
        f"{platform.python_version()}, torch {torch.__version__ if torch else 'not used'},"
        f" batch {args.batch}, repeat {args.repeat}, presets {' '.join(args.sweep)},"
        f" split-K {args.split_k}",
        "",
        COLUMNS,
        "|---" * COLUMNS.count(" | ") + "|---|",
    )
    kernels, missed = 0, 0
    rng = np.random.default_rng(2026)
    with gpu:
        for name in args.types:
            for shape in args.shapes:
                M, N, K = (int(x) for x in shape.split("x"))
                case = make_case(name, M, N, K, torch, rng, args.repeat, args.batch)
                rows: dict[str, Row] = {}
                failed = 0
                for options in candidates(name, M, N, args, target.compute_units):
                    kernels += 1
                    try:
                        rows[options] = measure(
                            gpu, target, case, options, args.repeat, args.batch
                        )
                        if args.rows:
                            with open(args.rows, "a") as f:
                                f.write(json.dumps(asdict(rows[options])) + "\n")
                    except Exception as err:  # a refused candidate: count it, go on
                        failed += 1
                        message = " ".join(str(err).split())[:160]
                        print(f"  {name} {shape} '{options}': {message}", flush=True)
                found = compare(rows, failed)
                if found is None:
                    report(f"| {name} | {shape} | no correct model row or candidate |")
                    missed += 1
                else:
                    report(markdown(found))
                    missed += found.model_over_best < 0.9
                    if args.json:
                        with open(args.json, "a") as f:
                            f.write(json.dumps(asdict(found)) + "\n")
                    if args.tune:
                        tune_entry(case, target, list(rows.values()), args.tune)
                if torch is not None:
                    torch.cuda.empty_cache()  # the next case's Vulkan buffers need room
    cases = len(args.types) * len(args.shapes)
    report(
        "",
        f"{cases - missed} of {cases} cases with the model within 10% of the "
        f"tuned best; {kernels} kernels timed in {time.perf_counter() - started:.0f} s",
        "",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
