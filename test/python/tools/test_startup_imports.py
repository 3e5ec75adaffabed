"""Start-up stays light: each tool, run in a fresh interpreter, imports only
what its work needs. No time is asserted; what is checked is which modules
the process holds when the tool returns (bench/RESULTS-startup.md has the
CPU seconds these imports cost)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S

MATMUL = str(Path(__file__).parents[3] / "examples" / "matmul.mlir")

#: What no tool needs to start: numpy, the interpreters, the Vulkan runtime,
#: the spirv dialect and the passes (imported when they run).
HEAVY = (
    "numpy",
    "vulkan",
    "xdsl.interpreter",
    "xdsl.transforms.",
    "coopmlir.interpreter",
    "coopmlir.runtime",
    "coopmlir.dialects.spirv",
    "coopmlir.passes.",
)


def modules_after(tool: str, *args: str) -> set[str]:
    """The modules a fresh interpreter holds after `tool`'s main(args)
    returns (its output swallowed)."""
    code = f"""
        import contextlib, io, json, sys
        from coopmlir.tools.{tool} import main
        with contextlib.redirect_stdout(io.StringIO()):
            code = main({list(args)!r})
        print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}))
    """
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0, result.stderr
    return set(report["modules"])


def imported(modules: set[str], prefixes) -> list[str]:
    """The modules named by `prefixes`: a prefix ending in `.` names a
    package's submodules, any other one a module and its submodules."""
    return sorted(m for m in modules if any(_named(m, p) for p in prefixes))


def _named(module: str, prefix: str) -> bool:
    if prefix.endswith("."):
        return module.startswith(prefix)
    return module == prefix or module.startswith(prefix + ".")


def test_importing_coopmlir_imports_no_xdsl():
    code = "import json, sys, coopmlir; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    assert result.returncode == 0, result.stderr
    assert imported(set(json.loads(result.stdout)), ("xdsl", *HEAVY)) == []


@pytest.mark.parametrize(
    "args",
    [["--help"], ["--version"], [MATMUL]],
    ids=["help", "version", "parse-print"],
)
def test_coopmlir_opt_starts_without_passes(args):
    """--help reads the passes' options from their source (pass_source.py);
    parsing and printing need no pass."""
    assert imported(modules_after("coopmlir_opt", *args), HEAVY) == []


def test_a_lowering_imports_its_pass_and_nothing_heavy():
    modules = modules_after("coopmlir_opt", MATMUL, "--lower-to-coopmat")
    assert "coopmlir.passes.lower_to_coopmat" in modules
    later = (
        "coopmlir.passes.convert_to_spirv",
        "coopmlir.passes.coopmat_to_simt",
        "coopmlir.passes.lower_to_spirv",
    )
    rest = [p for p in HEAVY if p != "coopmlir.passes."]
    # xDSL's dead-code elimination (2 ms), which recognize-frontend's greedy
    # epilogue rewrites run, is the one transform a lowering loads.
    dce = "xdsl.transforms.dead_code_elimination"
    heavy = imported(modules, (*rest, *later))
    assert [m for m in heavy if m not in (dce, "xdsl.transforms")] == []


def test_coopmlir_layout_help_is_light():
    assert imported(modules_after("coopmlir_layout", "--help"), HEAVY) == []


def test_coopmlir_run_imports_the_interpreter_but_no_pass():
    """An interpreter run needs numpy and the interpreter; passes and the
    Vulkan runtime are for --device."""
    modules = modules_after("coopmlir_run", MATMUL, "--entry", "matmul")
    assert {"numpy", "coopmlir.interpreter"} <= modules
    heavy = ("vulkan", "coopmlir.dialects.spirv", "coopmlir.passes.")
    assert imported(modules, (*heavy, "coopmlir.runtime.vulkan")) == []
