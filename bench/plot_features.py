"""A PNG of the fused-epilogue, convolution and attention results (one panel
each: coopmlir against the vendor library, TFLOP/s per case), for
bench/RESULTS.md. Needs matplotlib.

    python bench/plot_features.py bench/results/2026-11-23 -o bench/results/features.png
"""

from __future__ import annotations

import argparse
from pathlib import Path


def rows(path: Path) -> list[list[str]]:
    """The data rows of the markdown table in `path`, as cells."""
    lines = [x for x in path.read_text().splitlines() if x.startswith("|")]
    return [[c.strip() for c in x.strip("|").split("|")] for x in lines[2:]]


def number(cell: str) -> float:
    try:
        return float(cell.split()[0])
    except (ValueError, IndexError):
        return 0.0


def panel(ax, title, labels, ours, theirs, vendor):
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], ours, 0.4, label="coopmlir")
    ax.bar([x + 0.2 for x in xs], theirs, 0.4, label=vendor, color="grey")
    ax.set_xticks(list(xs), labels, rotation=30, ha="right", fontsize=7)
    ax.set_ylabel("TFLOP/s")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)


def main() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    p = argparse.ArgumentParser()
    p.add_argument("folder", type=Path)
    p.add_argument("-o", "--output", required=True)
    args = p.parse_args()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    # Epilogue: coopmlir rows vs the torch row of the same size and epilogue.
    epi = rows(args.folder / "epilogue.md")
    ours = {(r[1], r[0].split()[-1]): number(r[2]) for r in epi if "coopmlir" in r[0]}
    torch = {(r[1], r[0]): number(r[2]) for r in epi if r[0].startswith("torch")}
    pairs = [
        ("gemm", "torch.matmul"),
        ("gemm+bias+relu", "torch._addmm_activation relu"),
    ]
    pairs.append(("gemm+bias+gelu", "torch._addmm_activation gelu"))
    sizes = sorted({s for s, _ in ours})
    labels = [f"{s} {o}" for s in sizes for o, _ in pairs]
    panel(
        axes[0],
        "GEMM + epilogue, f16 -> f16",
        labels,
        [ours[s, o] for s in sizes for o, _ in pairs],
        [torch[s, t] for s in sizes for _, t in pairs],
        "cuBLASLt (torch)",
    )
    conv = rows(args.folder / "conv.md")
    panel(
        axes[1],
        "convolution, batch 32, f16",
        [r[0] for r in conv],
        [number(r[2]) for r in conv],
        [number(r[3]) for r in conv],
        "cuDNN (torch)",
    )
    att = [
        (f"{name[10:]} {r[0].split('x')[2]}x{r[0].split('x')[3]} c={r[1]}", r)
        for name in ("attention-khr-128", "attention-nv2")
        for r in rows(args.folder / f"{name}.md")
        if not r[0].startswith("MLP")
    ]
    panel(
        axes[2],
        "attention B=4 H=16, f16",
        [label for label, _ in att],
        [number(r[2]) for _, r in att],
        [number(r[4]) for _, r in att],
        "torch SDPA (flash)",
    )
    fig.tight_layout()
    fig.savefig(args.output, dpi=100)


if __name__ == "__main__":
    main()
