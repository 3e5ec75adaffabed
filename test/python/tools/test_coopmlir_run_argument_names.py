"""coopmlir-run names arguments as the file spells them: `--input` and the
outputs accept every name MLIR prints, and names that are prefixes of each
other (`%cst`, `%cst_1`, which xDSL's name hints both call `cst`) stay apart."""

from __future__ import annotations

import numpy as np
from support.run_tools import run_run as run_tool

# Weights turned into arguments keep the names torch-mlir gave the constants.
NAMED_LIKE_CONSTANTS = """\
func.func @f(%cst: memref<4xf32>, %cst_1: memref<4xf32>, %cst_0: memref<4xf32>, %0: memref<4xf32>, %arg0_1: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %cst_1[%c0] : memref<4xf32>
  func.return %x : f32
}
"""


def test_names_that_share_a_prefix_take_their_own_inputs(tmp_path):
    path = tmp_path / "f.mlir"
    path.write_text(NAMED_LIKE_CONSTANTS)
    flags = []
    for value, name in enumerate(["cst", "cst_1", "cst_0", "0", "arg0_1"]):
        np.save(tmp_path / f"in{value}.npy", np.full(4, value, np.float32))
        flags += ["--input", f"%{name}={tmp_path / f'in{value}.npy'}"]
    out = tmp_path / "out"
    result = run_tool(str(path), "--entry", "f", *flags, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    # The result reads %cst_1, which was given 1 (not %cst's 0).
    assert "%result0: float32[] min 1 max 1" in result.stdout
    for value, name in enumerate(["cst", "cst_1", "cst_0", "0", "arg0_1"]):
        np.testing.assert_array_equal(np.load(out / f"{name}.npy"), value)


def test_an_unknown_name_lists_the_names_as_spelled(tmp_path):
    path = tmp_path / "f.mlir"
    path.write_text(NAMED_LIKE_CONSTANTS)
    np.save(tmp_path / "x.npy", np.zeros(4, np.float32))
    result = run_tool(
        str(path), "--entry", "f", "--input", f"cst_2={tmp_path / 'x.npy'}"
    )
    assert result.returncode == 1
    assert (
        "no argument %cst_2 (arguments: %0, %arg0_1, %cst, %cst_0, %cst_1)"
    ) in result.stderr


def test_an_empty_input_file_is_bad_input(tmp_path):
    path = tmp_path / "f.mlir"
    path.write_text(NAMED_LIKE_CONSTANTS)
    (tmp_path / "empty.npy").write_bytes(b"")
    result = run_tool(
        str(path), "--entry", "f", "--input", f"cst={tmp_path / 'empty.npy'}"
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "--input cst=" in result.stderr and "cannot load" in result.stderr
