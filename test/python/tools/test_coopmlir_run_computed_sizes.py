"""coopmlir-run --device on functions on tensors whose result sizes are
computed from the arguments (a convolution without padding: OH = H - 2; a
matmul whose output sizes are integer arithmetic on tensor.dim): the
out-param is allocated from the sizes evaluated on the host, the SIMT kernel
runs on lavapipe, and the result is compared with numpy (float64) at
several run-time sizes; the interpreter runs the same file."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from support.run_tools import run_run
from support.tensor_programs import DYNAMIC_CONV, TENSOR_DYNAMIC
from support.vulkan_device import require_vulkan

#: A small tile keeps the kernel quick on lavapipe.
OPTIONS = "size-hint=64x16x16"


def _save(tmp_path, arrays: dict[str, np.ndarray]) -> list[str]:
    flags = []
    for name, array in arrays.items():
        np.save(tmp_path / f"{name}.npy", array)
        flags += ["--input", f"{name}={tmp_path / name}.npy"]
    return flags


def _run(*args: str) -> subprocess.CompletedProcess:
    """coopmlir-run, which must succeed."""
    result = run_run(*args)
    assert result.returncode == 0, result.stderr
    return result


def _conv3x3(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """NHWC x HWCF, stride 1, no padding, in float64: each output pixel is
    the product of its 3x3xC window with the filter."""
    windows = np.lib.stride_tricks.sliding_window_view(
        x.astype(np.float64), (3, 3), axis=(1, 2)
    )
    return np.einsum("nhwcij,ijcf->nhwf", windows, w.astype(np.float64))


@pytest.mark.parametrize("size", [(1, 3, 4), (2, 7, 5)])
def test_conv_without_padding_runs_at_any_size(tmp_path, size):
    """`tensor.empty(%n, %h - 2, %w - 2)` as the result: on lavapipe and on
    the interpreter, against numpy."""
    require_vulkan()
    rng = np.random.default_rng(sum(size))
    x = rng.standard_normal((*size, 16)).astype(np.float16)
    w = rng.standard_normal((3, 3, 16, 8)).astype(np.float16)
    want = _conv3x3(x, w)
    bound = 1e-5 * (_conv3x3(np.abs(x), np.abs(w)) + 1)
    source = tmp_path / "conv.mlir"
    source.write_text(DYNAMIC_CONV)
    flags = ["--entry", "conv", *_save(tmp_path, {"x": x, "w": w})]
    device = tmp_path / "device"
    ran = _run(str(source), *flags, "--device", "vulkan", "--options", OPTIONS,
               "--check", "--output-dir", str(device))  # fmt: skip
    assert "ok   %result0" in ran.stdout
    interpreted = tmp_path / "interpreted"
    _run(str(source), *flags, "--output-dir", str(interpreted))
    for out in (device, interpreted):
        result = np.load(out / "result0.npy")
        assert result.shape == want.shape, out.name
        assert np.all(np.abs(result - want) <= bound), out.name


# TENSOR_DYNAMIC (the product, its sizes straight from tensor.dim) with the
# output's rows and columns computed two roundabout ways from A's and B's
# sizes: floordivsi/ceildivsi/muli/subi/maxsi on index, and
# index_cast/divsi/remsi on i64.
ARITHMETIC_MATMUL = TENSOR_DYNAMIC.replace(
    "  %e = tensor.empty(%m, %n)",
    """\
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c1_i64 = arith.constant 1 : i64
  %m4 = arith.muli %m, %c4 : index
  %m4_3 = arith.subi %m4, %c3 : index
  %up = arith.ceildivsi %m4_3, %c4 : index
  %down = arith.floordivsi %m4, %c4 : index
  %rows = arith.maxsi %up, %down : index
  %n64 = arith.index_cast %n : index to i64
  %q = arith.divsi %n64, %c1_i64 : i64
  %r = arith.remsi %n64, %c1_i64 : i64
  %cols64 = arith.addi %q, %r : i64
  %cols = arith.index_cast %cols64 : i64 to index
  %e = tensor.empty(%rows, %cols)""",
)


def test_matmul_sized_by_arithmetic_runs_on_the_device(tmp_path):
    """On lavapipe, against numpy and (--check-against) the interpreter
    running the plainly sized module on the same inputs."""
    require_vulkan()
    assert "%rows, %cols" in ARITHMETIC_MATMUL  # TENSOR_DYNAMIC's line was found
    rng = np.random.default_rng(3)
    a = rng.uniform(-1, 1, (13, 7)).astype(np.float16)
    b = rng.uniform(-1, 1, (7, 5)).astype(np.float16)
    source = tmp_path / "matmul.mlir"
    source.write_text(ARITHMETIC_MATMUL)
    reference = tmp_path / "plain.mlir"
    reference.write_text(TENSOR_DYNAMIC)
    out = tmp_path / "out"
    result = _run(
        str(source),
        "--entry",
        "matmul",
        *_save(tmp_path, {"A": a, "B": b}),
        "--device",
        "vulkan",
        "--options",
        OPTIONS,
        "--check-against",
        str(reference),
        "--output-dir",
        str(out),
    )
    assert "ok   %result0" in result.stdout
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(np.load(out / "result0.npy"), want, atol=1e-5)
