"""coopmlir-layout: show which work-item holds which matrix element.

    coopmlir-layout M N [--subgroup-size S] [--use a|b|acc] [--type f32]
                        [--layout tinytc|row] [--png FILE] [--verbose]

prints the lane/component table in the form of the tinytc documentation: a
header row "p" with the lane numbers, then one row per vector component with
the "row,col" each lane holds there ("-,-" for padding). Components 0-3 are
named .x .y .z .w; component v >= 4 is named .v (.4, .5, ...) because vector
swizzle names stop at w. `--layout row` selects the row-per-invocation layout
of VK_QCOM_cooperative_matrix_conversion (column per invocation for use b).
`--png FILE` also draws the M x N matrix, each element coloured by its lane,
with the lane (top) and component (bottom) number in the cell.

Bad input prints one line naming the violated constraint and exits with 1.
"""

from __future__ import annotations

import argparse
import colorsys
import sys

from coopmlir.diagnostics import CompileError
from coopmlir.layout import (
    ELEMENT_BYTES,
    LAYOUT_KINDS,
    SUBGROUP_SIZES,
    USES,
    LaneMap,
    make_layout,
)
from coopmlir.tools.png_canvas import GLYPH_HEIGHT, Canvas, text_width
from coopmlir.tools.process import quiet_broken_pipe, stdout_or_error

PROG = "coopmlir-layout"
MAX_PICTURE_SIDE = 16384


def component_name(v: int) -> str:
    """Name of vector component v: .x .y .z .w, then .4 .5 ..."""
    return (".x", ".y", ".z", ".w")[v] if v < 4 else f".{v}"


def format_table(layout: LaneMap) -> str:
    """The lane/component table of `layout`, one line per component, aligned."""
    rows, cols = layout.element_map()
    header = ["p"] + [str(p) for p in range(layout.S)]
    lines = [header]
    for v in range(layout.V):
        cells = [
            "-,-" if rows[p, v] < 0 else f"{rows[p, v]},{cols[p, v]}"
            for p in range(layout.S)
        ]
        lines.append([component_name(v)] + cells)
    label_width = max(len(line[0]) for line in lines)
    cell_width = max(len(cell) for line in lines for cell in line[1:])
    return "\n".join(
        " ".join([line[0].ljust(label_width)] + [c.rjust(cell_width) for c in line[1:]])
        for line in lines
    )


def lane_color(lane: int) -> tuple[int, int, int]:
    """A light colour per lane; golden-ratio hue steps keep neighbours apart."""
    hue = (lane * 0.618033988749895) % 1.0
    r, g, b = colorsys.hsv_to_rgb(hue, 0.45, 0.97)
    return round(r * 255), round(g * 255), round(b * 255)


def draw_layout(layout: LaneMap) -> Canvas:
    """An M x N grid coloured by owning lane, lane and component in each cell."""
    lanes, comps = layout.owner_map()
    digits = max(len(str(layout.S - 1)), len(str(layout.V - 1)), len(str(layout.N - 1)))
    cell_w = text_width("0" * digits) + 4
    cell_h = 2 * GLYPH_HEIGHT + 5
    left = text_width(str(layout.M - 1)) + 4
    top = GLYPH_HEIGHT + 4
    width, height = left + layout.N * cell_w + 1, top + layout.M * cell_h + 1
    # Scale 2 for legibility unless that makes the picture huge.
    scale = 2 if max(width, height) * 2 <= 4096 else 1
    if max(width, height) * scale > MAX_PICTURE_SIDE:
        raise ValueError(
            f"picture of a {layout.M}x{layout.N} matrix would be {width}x{height} "
            f"pixels, more than {MAX_PICTURE_SIDE} per side"
        )
    canvas = Canvas(width * scale, height * scale)
    s = scale
    grid_color = (90, 90, 90)
    canvas.fill_rect(
        left * s, top * s, (width - left) * s, (height - top) * s, grid_color
    )
    for col in range(layout.N):
        canvas.draw_text((left + col * cell_w + 2) * s, 2 * s, str(col), scale=s)
    for row in range(layout.M):
        y = top + row * cell_h
        canvas.draw_text(2 * s, (y + 5) * s, str(row), scale=s)
        for col in range(layout.N):
            x = left + col * cell_w
            lane, comp = int(lanes[row, col]), int(comps[row, col])
            inner_w, inner_h = (cell_w - 1) * s, (cell_h - 1) * s
            canvas.fill_rect(
                (x + 1) * s, (y + 1) * s, inner_w, inner_h, lane_color(lane)
            )
            canvas.draw_text((x + 2) * s, (y + 2) * s, str(lane), scale=s)
            canvas.draw_text((x + 2) * s, (y + 8) * s, str(comp), (70, 70, 70), s)
    return canvas


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    # argparse exits with 2 on bad arguments; the tool reports and exits with 1.
    def error(self, message: str):
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Print which work-item (lane) and vector component holds "
        "each element of an M x N cooperative matrix.",
    )
    parser.add_argument("M", type=int, help="rows (a power of two for tinytc)")
    parser.add_argument("N", type=int, help="columns")
    parser.add_argument(
        "--subgroup-size",
        "-S",
        type=int,
        default=16,
        help=f"work-items per subgroup, one of {SUBGROUP_SIZES} (default 16)",
    )
    parser.add_argument("--use", choices=USES, default="acc", help="default acc")
    parser.add_argument(
        "--type",
        choices=tuple(ELEMENT_BYTES),
        default="f32",
        metavar="TYPE",
        help=f"element type: {', '.join(ELEMENT_BYTES)} (default f32)",
    )
    parser.add_argument(
        "--layout",
        choices=tuple(LAYOUT_KINDS),
        default="tinytc",
        help="tinytc (default) or row: one row per invocation "
        "(one column for use b), as in VK_QCOM_cooperative_matrix_conversion",
    )
    parser.add_argument("--png", metavar="FILE", help="also draw the map as PNG")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="print the layout parameters"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the tool on `argv` (default sys.argv[1:]); return the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        layout = make_layout(
            args.layout, args.M, args.N, args.subgroup_size, args.use, args.type
        )
        canvas = draw_layout(layout) if args.png else None
    except SystemExit as exit_:  # --help
        return int(exit_.code or 0)
    except (_UsageError, ValueError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    try:
        out = stdout_or_error("the table is written there")
        if args.verbose:
            print(layout.describe(), file=out)
        print(format_table(layout), file=out)
        out.flush()  # a closed pipe shows here, not in the interpreter's exit
    except BrokenPipeError:
        return quiet_broken_pipe()
    except CompileError as error:  # standard output closed
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    if canvas is not None:
        try:
            canvas.save(args.png)
        except OSError as error:
            print(f"{PROG}: error: cannot write {args.png}: {error}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
