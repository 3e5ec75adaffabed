"""lower-to-coopmat as a user meets it: options, errors, the example."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S
from support.lowering import parse
from support.matmul_programs import matmul_source
from support.run_tools import run_opt
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

EXAMPLE = Path(__file__).parents[4] / "examples" / "matmul.mlir"


def test_example_lowers_and_reparses():
    first = run_opt(str(EXAMPLE), "--lower-to-coopmat")
    assert first.returncode == 0, first.stderr
    assert "gpu.launch_func @matmul_kernels::@matmul" in first.stdout
    assert "coopmat.mul_add" in first.stdout and "linalg" not in first.stdout
    again = subprocess.run(
        [sys.executable, "-m", "coopmlir.tools.coopmlir_opt"],
        input=first.stdout,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout


def test_output_is_deterministic():
    flags = ("--lower-to-coopmat=target=h100-vulkan stages=2",)
    assert run_opt(str(EXAMPLE), *flags).stdout == run_opt(str(EXAMPLE), *flags).stdout


def test_explain_prints_a_remark_at_the_matmul():
    result = run_opt(str(EXAMPLE), "--lower-to-coopmat=explain=true")
    assert result.returncode == 0
    assert f"{EXAMPLE}:5:3: remark: lower-to-coopmat: 64x48x32 f16*f16->f32: " in (
        result.stderr
    )
    assert "predicted efficiency" in result.stderr


@pytest.mark.parametrize(
    "option, message",
    [
        ("target=a100", "unknown target 'a100'; known targets: generic, h100-vulkan"),
        ("tile=64x64", "tile='64x64' must be 3 positive integers like 16x16x16"),
        ("stages=5", "stages=5 must be 0, 1, 2, 3 or 4"),
    ],
)
def test_bad_options_are_errors(option, message):
    result = run_opt(str(EXAMPLE), f"--lower-to-coopmat={option}")
    assert result.returncode == 1
    assert f"error: lower-to-coopmat: {message}" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_an_error_leaves_the_module_unchanged():
    # The first matmul is fine, the second (s8 on generic) is not.
    good = matmul_source(32, 32, 32, "f16-f32", fill=False)
    bad = matmul_source(16, 16, 16, "s8-s32", fill=False).replace("@matmul", "@g")
    module = parse(good + bad)
    before = str(module)
    with pytest.raises(CompileError, match="s8 x s8 -> s32 is not supported"):
        LowerToCoopmat().apply(Context(), module)
    assert str(module) == before


def test_workgroup_size_and_grid_follow_the_configuration():
    module = parse(matmul_source(100, 70, 30, "f16-f32", fill=False))
    LowerToCoopmat(tile="64x32x16", subgroups="2x2", stages=1).apply(Context(), module)
    text = str(module)
    # grid: ceil(70 / 32) = 3 along x, ceil(100 / 64) = 2 along y; 4 x 32 threads.
    assert "kernel attributes {known_block_size = array<i32: 128, 1, 1>" in text
    launch = next(op for op in module.walk() if op.name == "gpu.launch_func")
    sizes = [o.owner.value.value.data for o in launch.operands[:6]]
    assert sizes == [3, 2, 1, 128, 1, 1]
