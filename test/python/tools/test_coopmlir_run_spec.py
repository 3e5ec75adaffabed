"""coopmlir-run --spec NAME=VALUE and --sweep-spec: the interpreter runs a
spec-constants=true module for the given values (checked against the L0
module), lavapipe runs one binary for two value sets, and bad values are
refused with exit 1 and a message naming what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.run_tools import run_opt
from support.run_tools import run_run as run_tool
from support.vulkan_device import require_vulkan

EXAMPLE = str(Path(__file__).parents[3] / "examples" / "matmul.mlir")
OPTIONS = "spec-constants=true tile=32x16x16 subgroups=2x1"


@pytest.fixture(scope="module")
def l1(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("spec") / "l1.mlir"
    lowered = run_opt(
        EXAMPLE, f"--lower-to-coopmat=target=generic {OPTIONS}", "-o", str(path)
    )
    assert lowered.returncode == 0, lowered.stderr
    return str(path)


@pytest.mark.parametrize(
    "spec",
    [[], ["subgroups_m=4", "subgroups_n=3"], ["coopmat_m=8,coopmat_k=32"]],
    ids=str,
)
def test_interpreter_runs_the_values_given(l1, spec):
    flags = [f for value in spec for f in ("--spec", value)]
    result = run_tool(l1, "--entry", "matmul", "--check-against", EXAMPLE, *flags)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("ok   %") == 3


@pytest.mark.parametrize(
    "spec, message",
    [
        ("subgroups_m=3", "must divide M=64"),
        ("subgroups_q=1", "no specialization constant 'subgroups_q'"),
        ("subgroups_m=0", "must be a positive integer"),
    ],
)
def test_bad_values_exit_1_with_a_reason(l1, spec, message):
    result = run_tool(l1, "--entry", "matmul", "--spec", spec)
    assert result.returncode == 1
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_values_for_a_module_without_them_are_refused():
    result = run_tool(EXAMPLE, "--entry", "matmul", "--spec", "subgroups_m=2")
    assert result.returncode == 1
    assert "the module has no specialization constant subgroups_m" in result.stderr


def test_sweep_needs_a_device():
    result = run_tool(EXAMPLE, "--entry", "matmul", "--sweep-spec")
    assert result.returncode == 1
    assert "--sweep-spec runs on --device" in result.stderr


@pytest.mark.parametrize("spec", ["subgroups_m=1", "subgroups_m=4,subgroups_n=3"])
def test_lavapipe_runs_one_binary_for_each_value_set(spec):
    require_vulkan()
    result = run_tool(
        EXAMPLE,
        "--entry",
        "matmul",
        "--device",
        "vulkan",
        "--options",
        OPTIONS,
        "--check",
        "--spec",
        spec,
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %C" in result.stdout
