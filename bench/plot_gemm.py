"""A PNG bar chart of `bench/gemm_vulkan.py --json` rows, for bench/RESULTS.md.

    python bench/plot_gemm.py rows.jsonl [more.jsonl] -o gemm.png > legend.md

One group of bars per case (types, M x N x K), numbered under the axis: a
grey bar for cuBLAS, then one coloured bar per configuration measured
(`options`), each with a black tick at the cost model's prediction. The
3x5 pixel font has digits only, so the legend (case numbers, colours) is
printed as markdown on stdout. Horizontal lines every 100 TFLOP/s.
"""

from __future__ import annotations

import argparse
import json
import sys

from coopmlir.tools.png_canvas import Canvas

COLOURS = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (188, 189, 34),
    (23, 190, 207),
]
GREY, BLACK, GRID = (150, 150, 150), (0, 0, 0), (225, 225, 225)
BAR, GAP, HEIGHT, LEFT, BOTTOM, TOP = 6, 10, 400, 40, 20, 10


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("rows", nargs="+", help="JSON-lines files of gemm_vulkan.py")
    p.add_argument("-o", "--output", required=True, help="the PNG to write")
    args = p.parse_args(argv)
    rows = [
        json.loads(line) for path in args.rows for line in open(path) if line.strip()
    ]
    cases = list(dict.fromkeys((r["types"], r["shape"]) for r in rows))
    options = list(dict.fromkeys(r["options"] for r in rows))
    peak = max(
        max(r["coopmlir_tflops"], r["predicted_tflops"], r["cublas_tflops"] or 0)
        for r in rows
    )
    scale = HEIGHT / max(peak, 1.0)
    group = BAR * (len(options) + 1) + GAP
    canvas = Canvas(LEFT + group * len(cases) + GAP, TOP + HEIGHT + BOTTOM)
    base = TOP + HEIGHT
    for level in range(0, int(peak) + 1, 100):
        y = base - int(level * scale)
        canvas.fill_rect(LEFT, y, canvas.width - LEFT, 1, GRID)
        canvas.draw_text(2, y - 2, str(level), BLACK)
    for index, case in enumerate(cases):
        x = LEFT + GAP + index * group
        of_case = {r["options"]: r for r in rows if (r["types"], r["shape"]) == case}
        cublas = next((r["cublas_tflops"] for r in of_case.values()), None) or 0
        canvas.fill_rect(
            x, base - int(cublas * scale), BAR - 1, int(cublas * scale), GREY
        )
        for j, option in enumerate(options):
            row = of_case.get(option)
            if row is None:
                continue
            bx = x + BAR * (j + 1)
            height = int(row["coopmlir_tflops"] * scale)
            canvas.fill_rect(
                bx, base - height, BAR - 1, height, COLOURS[j % len(COLOURS)]
            )
            model = base - int(row["predicted_tflops"] * scale)
            canvas.fill_rect(bx, model, BAR - 1, 2, BLACK)
        canvas.draw_text(x, base + 6, str(index + 1), BLACK)
    canvas.save(args.output)
    print("| case | types | M x N x K |\n|---|---|---|")
    for index, (types, shape) in enumerate(cases):
        print(f"| {index + 1} | {types} | {shape} |")
    print("\n| bar colour (RGB) | options |\n|---|---|\n| grey | cuBLAS |")
    for j, option in enumerate(options):
        print(f"| {COLOURS[j % len(COLOURS)]} | {option} |")
    print("\nBlack ticks: the cost model's prediction for that bar.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
