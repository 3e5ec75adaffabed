"""coopmlir-run from the command line: inputs, outputs, checks, bad input."""

from __future__ import annotations

import numpy as np
from run_tools import run_run as run_tool

MATMUL = """\
func.func @matmul(%A: memref<16x8xf16>, %B: memref<8x4xf16>, %C: memref<16x4xf32>) {
  linalg.matmul ins(%A, %B : memref<16x8xf16>, memref<8x4xf16>) outs(%C : memref<16x4xf32>)
  func.return
}
"""

# Same signature, but computes C = A*B + C + 1: a wrong "lowering".
WRONG = MATMUL.replace(
    "  func.return",
    """  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %x = memref.load %C[%c0, %c0] : memref<16x4xf32>
  %y = arith.addf %x, %one : f32
  memref.store %y, %C[%c0, %c0] : memref<16x4xf32>
  func.return""",
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_runs_on_given_inputs_and_saves_outputs(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    rng = np.random.default_rng(5)
    given = {
        "A": rng.standard_normal((16, 8)).astype(np.float16),
        "B": rng.standard_normal((8, 4)).astype(np.float16),
        "C": rng.standard_normal((16, 4)).astype(np.float32),
    }
    flags = []
    for name, value in given.items():
        np.save(tmp_path / f"{name}.npy", value)
        flags += ["--input", f"{name}={tmp_path / name}.npy"]
    out = tmp_path / "out"
    result = run_tool(path, "--entry", "matmul", *flags, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    assert "%C: float32[16, 4]" in result.stdout
    A, B = given["A"].astype(np.float64), given["B"].astype(np.float64)
    expected = (A @ B + given["C"]).astype(np.float32)
    np.testing.assert_array_equal(np.load(out / "C.npy"), expected)
    np.testing.assert_array_equal(np.load(out / "A.npy"), given["A"])


def test_random_inputs_follow_the_seed(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    for seed, folder in (("3", "x"), ("3", "y"), ("4", "z")):
        args = [
            "--entry",
            "matmul",
            "--seed",
            seed,
            "--output-dir",
            str(tmp_path / folder),
        ]
        assert run_tool(path, *args).returncode == 0
    x, y, z = (np.load(tmp_path / f / "A.npy") for f in "xyz")
    assert np.array_equal(x, y) and not np.array_equal(x, z)
    assert np.abs(x).max() > 0


def test_check_against_passes_for_the_same_semantics(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(path, "--entry", "matmul", "--check-against", path)
    assert result.returncode == 0, result.stderr
    assert "ok   %C" in result.stdout


def test_check_against_fails_for_a_wrong_module(tmp_path):
    wrong = write(tmp_path, "wrong.mlir", WRONG)
    ref = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(wrong, "--entry", "matmul", "--check-against", ref)
    assert result.returncode == 1
    assert "FAIL %C: max abs error 1" in result.stdout


def test_bad_inputs_are_named(tmp_path):
    path = write(tmp_path, "mm.mlir", MATMUL)
    np.save(tmp_path / "bad.npy", np.ones((3, 3), np.float16))
    np.save(tmp_path / "f32.npy", np.ones((16, 8), np.float32))
    cases = [
        (["--entry", "nope"], "no function @nope in the module (@matmul)"),
        (
            ["--entry", "matmul", "--input", f"Q={tmp_path / 'bad.npy'}"],
            "no argument %Q",
        ),
        (
            ["--entry", "matmul", "--input", f"A={tmp_path / 'bad.npy'}"],
            "input has shape (3, 3), expected (16, 8)",
        ),
        (
            ["--entry", "matmul", "--input", f"A={tmp_path / 'f32.npy'}"],
            "input has dtype float32, expected float16",
        ),
        (["--entry", "matmul", "--input", "A=/nonexistent.npy"], "cannot load"),
    ]
    for args, message in cases:
        result = run_tool(path, *args)
        assert result.returncode == 1, (args, result)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.stderr


def test_malformed_module_and_unsupported_op(tmp_path):
    bad = write(tmp_path, "bad.mlir", "func.func @f( {\n")
    result = run_tool(bad, "--entry", "f")
    assert result.returncode == 1 and f"{bad}:1:" in result.stderr
    unsupported = write(
        tmp_path,
        "u.mlir",
        """\
func.func @f(%x: f32) -> f32 {
  %y = math.atan %x : f32
  func.return %y : f32
}
""",
    )
    result = run_tool(unsupported, "--entry", "f")
    assert result.returncode == 1
    assert "math.atan" in result.stderr and "Traceback" not in result.stderr


def test_device_run_matches_the_interpreter(tmp_path):
    """coopmlir-run --device vulkan: lowered for the queried device (lavapipe
    in CI), run there, compared with the interpreter."""
    from vulkan_device import require_vulkan

    require_vulkan()
    path = write(tmp_path, "mm.mlir", MATMUL)
    result = run_tool(path, "--entry", "matmul", "--device", "vulkan", "--check")
    assert result.returncode == 0, result.stderr
    assert "kernel @matmul grid" in result.stdout
    assert "ok   %C" in result.stdout
