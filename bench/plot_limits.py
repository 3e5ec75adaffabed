"""A PNG of issue 17's limit measurements, for bench/RESULTS.md ("Limits"):
left, the throughput ladder per type (mma_peak.py fed from registers, from
workgroup memory, from L2; the whole GEMM; cuBLAS); right, the cost model's
choice against the tuned best (model_vs_tuned.py, before and after the
model's changes). Needs matplotlib.

    python bench/plot_limits.py bench/results/2026-11-23/round4 -o bench/results/2026-11-23/round4/limits.png
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

TYPES = ["f16->f32", "f16->f16", "i8->i32"]
#: Our GEMM at 8192^3 (model_vs_tuned-after.jsonl's tuned best).
GEMM_SHAPE = "8192x8192x8192"


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line]


def best(rows: list[dict], types: str, **match) -> float:
    """The highest TFLOP/s of the rows of `types` whose fields match."""
    values = [
        r["tflops"]
        for r in rows
        if r["types"] == types and all(r.get(k) == v for k, v in match.items())
    ]
    return max(values, default=0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("-o", "--out", type=Path, required=True)
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    peak = jsonl(args.results / "mma-peak.jsonl")
    feed = jsonl(args.results / "mma-feed.jsonl")
    before = jsonl(args.results / "model-vs-tuned.jsonl")
    after = jsonl(args.results / "model-vs-tuned-after.jsonl")
    gemm = {r["types"]: r for r in after if r["shape"] == GEMM_SHAPE}

    fig, (ladder, model) = plt.subplots(1, 2, figsize=(13, 5))
    bars = [
        ("registers (mma_peak)", [best(peak, t, scope="subgroup") for t in TYPES]),
        ("workgroup-fed", [best(feed, t, feed="workgroup") for t in TYPES]),
        ("L2-fed", [best(feed, t, feed="global") for t in TYPES]),
        ("our GEMM 8192^3", [gemm[t]["best_tflops"] for t in TYPES]),
        ("cuBLAS 8192^3", [gemm[t]["cublas_tflops"] for t in TYPES]),
    ]
    width = 0.16
    for i, (label, values) in enumerate(bars):
        xs = [x + (i - 2) * width for x in range(len(TYPES))]
        ladder.bar(xs, values, width, label=label)
    ladder.set_xticks(range(len(TYPES)), TYPES)
    ladder.set_ylabel("TFLOP/s (H100)")
    ladder.set_title("Matrix instructions and what feeds them")
    ladder.legend(fontsize=8)

    for rows, label, marker in ((before, "before", "x"), (after, "after", "o")):
        model.scatter(
            [r["best_tflops"] for r in rows],
            [r["model_tflops"] for r in rows],
            label=f"model {label} ({sum(r['model_over_best'] >= 0.9 for r in rows)}"
            f" of {len(rows)} within 10%)",
            marker=marker,
        )
    top = max(r["best_tflops"] for r in before + after) * 1.05
    model.plot([0, top], [0, top], color="grey", linewidth=0.8)
    model.plot([0, top], [0, 0.9 * top], color="grey", linewidth=0.8, linestyle=":")
    model.set_xlabel("tuned best, TFLOP/s")
    model.set_ylabel("the cost model's choice, TFLOP/s")
    model.set_title("Cost model against the tuned best (21 cases)")
    model.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
