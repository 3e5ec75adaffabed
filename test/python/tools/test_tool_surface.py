"""The surface around the compiler (issue 30): closed standard streams, a
reader that goes away, an --output-dir that cannot be made, a 0-d .npy for
a scalar argument, and infinities in a comparison. Each is a clear error
with exit code 1 or correct behaviour, never a traceback or exit 70."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from support.hang_guard import HANG_GUARD_S

from coopmlir.tools.compare import compare

COPY = """func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  func.return
}
"""

SCALAR = """func.func @f(%s: f32, %x: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  memref.store %s, %x[%c0] : memref<2xf32>
  func.return
}
"""


def tool(module: str, *args: str, cwd: Path, close: str = "", pipe_to=None):
    """Run `python -m module args` in a shell that closes fd 0 or 1 (`close`:
    '<&-' or '>&-'), or pipes stdout into `pipe_to`; (exit code, stderr)."""
    command = " ".join([sys.executable, "-m", module, *args])
    if pipe_to:
        command = f"set -o pipefail; {command} | {pipe_to}"
    result = subprocess.run(
        ["bash", "-c", f"{command} {close}"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    return result.returncode, result.stderr


def coopmlir_run(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "coopmlir.tools.coopmlir_run", "m.mlir", "--entry", "f"]
        + list(args),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )


def test_closed_stdout_is_an_error_not_a_crash(tmp_path):
    (tmp_path / "m.mlir").write_text(COPY)
    code, err = tool("coopmlir.tools.coopmlir_opt", "m.mlir", cwd=tmp_path, close=">&-")
    assert code == 1 and "standard output is closed" in err, err
    # with -o the output has somewhere to go
    code, err = tool(
        "coopmlir.tools.coopmlir_opt",
        "m.mlir",
        "-o",
        "out.mlir",
        cwd=tmp_path,
        close=">&-",
    )
    assert code == 0, err
    assert "linalg.copy" in (tmp_path / "out.mlir").read_text()


def test_closed_stdin_is_an_error_not_a_crash(tmp_path):
    code, err = tool("coopmlir.tools.coopmlir_opt", cwd=tmp_path, close="<&-")
    assert code == 1 and "standard input is closed" in err, err


def test_layout_table_into_a_closed_pipe_or_stream(tmp_path):
    code, err = tool(
        "coopmlir.tools.coopmlir_layout", "256", "256", cwd=tmp_path, pipe_to="head -1"
    )
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert code == 1  # as a tool stopped by SIGPIPE: not a success, no noise
    code, err = tool(
        "coopmlir.tools.coopmlir_layout", "16", "16", cwd=tmp_path, close=">&-"
    )
    assert code == 1 and "standard output is closed" in err, err


def test_output_dir_that_cannot_be_made_is_refused_before_the_run(tmp_path):
    (tmp_path / "m.mlir").write_text(COPY)
    (tmp_path / "file").write_text("")
    code, err = tool(
        "coopmlir.tools.coopmlir_run",
        "m.mlir",
        "--entry",
        "f",
        "--output-dir",
        "file/sub",
        cwd=tmp_path,
    )
    assert code == 1 and "--output-dir file/sub" in err and "not a directory" in err, (
        err
    )
    assert "%b" not in err  # refused before anything ran


def test_scalar_argument_from_a_0d_npy(tmp_path):
    (tmp_path / "m.mlir").write_text(SCALAR)
    np.save(tmp_path / "s.npy", np.float32(2.5))
    result = coopmlir_run(tmp_path, "--input", "s=s.npy", "--output-dir", "out")
    assert result.returncode == 0, result.stderr
    assert np.load(tmp_path / "out" / "x.npy")[0] == np.float32(2.5)


def test_infinities_and_nans_compare_as_ieee_values():
    inf, nan = np.inf, np.nan
    same = np.array([inf, -inf, 1.0, nan], np.float32)
    assert compare("x", same, same.copy()).ok  # equal infinities are equal
    assert not compare("x", np.array([-inf, 1.0]), np.array([inf, 1.0])).ok
    assert not compare("x", np.array([inf, 1.0]), np.array([3.0, 1.0])).ok
    assert not compare(
        "x", np.array([nan, 1.0]), np.array([1.0, 1.0])
    ).ok  # NaN positions
    assert not compare("x", np.array([1.0, 1.0]), np.array([nan, 1.0])).ok
    # an infinity elsewhere does not scale a real error away
    assert not compare("x", np.array([inf, 2.0]), np.array([inf, 1.0])).ok


def test_check_against_itself_with_infinite_inputs(tmp_path):
    (tmp_path / "m.mlir").write_text(COPY)
    np.save(tmp_path / "a.npy", np.array([np.inf, -np.inf, np.nan, 1.0], np.float32))
    result = coopmlir_run(tmp_path, "--input", "a=a.npy", "--check-against", "m.mlir")
    assert result.returncode == 0, result.stdout + result.stderr
