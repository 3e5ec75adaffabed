"""Tests of the coopmlir-layout command-line tool."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from coopmlir.layout import TinytcLayout
from coopmlir.tools.coopmlir_layout import lane_color, main
from coopmlir.tools.png_canvas import PNG_SIGNATURE

REPO = Path(__file__).resolve().parents[3]

# The tinytc coopmatrix layout documentation's first table (4x15, S=16), cells
# right-aligned to the widest.
TABLE_4X15 = """\
p     0    1    2    3    4    5    6    7    8    9   10   11   12   13   14   15
.x  0,0  1,0  2,0  3,0  0,1  1,1  2,1  3,1  0,2  1,2  2,2  3,2  0,3  1,3  2,3  3,3
.y  0,4  1,4  2,4  3,4  0,5  1,5  2,5  3,5  0,6  1,6  2,6  3,6  0,7  1,7  2,7  3,7
.z  0,8  1,8  2,8  3,8  0,9  1,9  2,9  3,9 0,10 1,10 2,10 3,10 0,11 1,11 2,11 3,11
.w 0,12 1,12 2,12 3,12 0,13 1,13 2,13 3,13 0,14 1,14 2,14 3,14  -,-  -,-  -,-  -,-
"""

# The tinytc coopmatrix layout documentation's second table (1x17, S=16).
TABLE_1X17 = """\
p     0    1    2    3    4    5    6    7    8    9   10   11   12   13   14   15
.x  0,0  0,1  0,2  0,3  0,4  0,5  0,6  0,7  0,8  0,9 0,10 0,11 0,12 0,13 0,14 0,15
.y 0,16  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-  -,-
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_document_tables(capsys):
    assert run(capsys, "4", "15", "--subgroup-size", "16") == (0, TABLE_4X15, "")
    assert run(capsys, "1", "17") == (0, TABLE_1X17, "")


def test_verbose_prints_parameters(capsys):
    code, out, _ = run(capsys, "4", "15", "-v")
    assert code == 0
    assert out.splitlines()[0] == (
        "tinytc 4x15 f32 use=acc S=16: I=4 J=16 K=1 K1=1 K2=1 V=4 "
        "needs_mask=True vnni=False"
    )


def test_components_beyond_w_are_numbered(capsys):
    code, out, _ = run(capsys, "8", "8", "-S", "8")
    labels = [line.split()[0] for line in out.splitlines()]
    assert code == 0
    assert labels == ["p", ".x", ".y", ".z", ".w", ".4", ".5", ".6", ".7"]


def test_row_layout(capsys):
    code, out, _ = run(capsys, "2", "3", "-S", "8", "--use", "a", "--layout", "row")
    assert code == 0
    assert out == (
        "p    0   1   2   3   4   5   6   7\n"
        ".x 0,0 1,0 -,- -,- -,- -,- -,- -,-\n"
        ".y 0,1 1,1 -,- -,- -,- -,- -,- -,-\n"
        ".z 0,2 1,2 -,- -,- -,- -,- -,- -,-\n"
    )


@pytest.mark.parametrize(
    "argv, message",
    [
        (["3", "15"], "rows M=3 must be a power of two"),
        (["4", "0"], "cols N=0 must be an integer >= 1"),
        (["4", "15", "-S", "12"], "subgroup size S=12 must be a power of two"),
        (["4", "x"], "invalid int value: 'x'"),
        (["4", "15", "--use", "c"], "invalid choice: 'c'"),
        (["4", "15", "--type", "f8"], "invalid choice: 'f8'"),
        (["4"], "required"),
        (["17", "4", "--use", "a", "--layout", "row"], "rows M=17 must be <="),
    ],
)
def test_bad_input_exits_with_1(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert err.startswith("coopmlir-layout: error: ") and message in err
    assert "Traceback" not in err


def test_help_exits_with_0(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--subgroup-size" in out


def read_png(path: Path) -> tuple[int, int, bytes]:
    """(width, height, RGB pixels) of an 8-bit RGB PNG with filter 0 rows."""
    data = path.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height, depth, color, *_ = struct.unpack(">IIBBBBB", data[16:29])
    assert (depth, color) == (8, 2)
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        crc = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])[0]
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    assert kind == b"IEND"
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    assert len(raw) == height * stride and all(
        raw[r * stride] == 0 for r in range(height)
    )
    pixels = b"".join(raw[r * stride + 1 : (r + 1) * stride] for r in range(height))
    return width, height, pixels


def test_png(capsys, tmp_path):
    path = tmp_path / "layout.png"
    code, out, _ = run(capsys, "4", "15", "--png", str(path))
    assert code == 0 and out == TABLE_4X15
    width, height, pixels = read_png(path)
    # Cells are 11x15 pixels (two digits of 3+1 pixels, margins, grid line)
    # after a 7-pixel row-label column and a 9-pixel column-label row, plus
    # a closing grid line, all drawn at scale 2.
    assert (width, height) == (2 * (7 + 15 * 11 + 1), 2 * (9 + 4 * 15 + 1))
    layout = TinytcLayout(4, 15)
    for row, col in [(0, 0), (3, 14), (2, 5)]:
        # A pixel in the cell's right margin, clear of the digits.
        x, y = 2 * (7 + col * 11 + 10) + 1, 2 * (9 + row * 15 + 7)
        pixel = tuple(pixels[3 * (y * width + x) : 3 * (y * width + x) + 3])
        assert pixel == lane_color(layout.owner_of(row, col)[0])


def test_png_write_error(capsys, tmp_path):
    code, _, err = run(capsys, "4", "15", "--png", str(tmp_path / "no" / "x.png"))
    assert code == 1 and "cannot write" in err


def test_module_entry_point():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "coopmlir.tools.coopmlir_layout"]
    good = subprocess.run(
        [*command, "4", "15", "--subgroup-size", "16"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert (good.returncode, good.stdout, good.stderr) == (0, TABLE_4X15, "")
    bad = subprocess.run(
        [*command, "4", "15", "--subgroup-size", "12"],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "subgroup size S=12" in bad.stderr
