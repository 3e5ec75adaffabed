"""coopmlir.tools.torch_frontend: the Python entry point from a PyTorch
module to a checked run (the model grid is pipeline/test_torch_models.py).
Tests that need torch skip without it (support/pytorch.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from support.hang_guard import HANG_GUARD_S
from support.pytorch import torch_models
from support.vulkan_device import require_vulkan


def run_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )


def test_coopmlir_does_not_import_torch():
    result = run_python("""
        import sys
        import coopmlir, coopmlir.tools.torch_frontend, coopmlir.tools.coopmlir_run
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "torch_mlir")))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_without_torch_the_error_says_how_to_install_it():
    # torch hidden: `import torch` fails as where it is not installed.
    result = run_python("""
        import sys
        sys.modules["torch"] = None
        from coopmlir.tools.torch_frontend import compile_and_check
        try:
            compile_and_check(object())
        except ImportError as err:
            print(err)
    """)
    assert result.returncode == 0, result.stderr
    assert "needs torch and torch-mlir" in result.stdout
    assert "pip install 'coopmlir[frontend]'" in result.stdout
    assert "pip install --no-deps torch-mlir" in result.stdout


def matmul(dtype: str):
    models = torch_models()
    return models.cases()["matmul" if dtype == "f32" else "matmul-f16"]


@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_a_module_compiles_and_matches_pytorch_on_the_interpreter(dtype):
    from coopmlir.tools.torch_frontend import compile_and_check

    module, inputs = matmul(dtype)
    check = compile_and_check(module, *inputs)
    assert check.ok, check.report()
    assert check.device == "the interpreter (target generic)"
    assert "func.func @forward" in check.exported
    assert [c.name for c in check.comparisons] == ["result0"]
    lowered = str(check.lowered)
    assert "gpu.launch_func" in lowered and "linalg.matmul" not in lowered


def test_a_wrong_export_fails_the_comparison():
    from coopmlir.tools.torch_frontend import check_export, export

    module, inputs = matmul("f32")
    exported = export(module, *inputs)
    # The accumulator starts at 1 instead of 0: every element is off by one.
    wrong = exported.replace(
        "arith.constant 0.000000e+00 : f32", "arith.constant 1.0 : f32"
    )
    assert wrong != exported
    check = check_export(wrong, module, *inputs)
    assert not check.ok
    assert "FAIL %result0" in check.report()


def test_a_module_runs_on_the_vulkan_device():
    require_vulkan()
    from coopmlir.tools.torch_frontend import compile_and_check

    module, inputs = matmul("f16")
    check = compile_and_check(module, *inputs, device="vulkan")
    assert check.ok, check.report()
    assert "device 0" in check.device


def test_an_unknown_device_is_refused():
    from coopmlir.tools.torch_frontend import check_export

    with pytest.raises(ValueError, match="interpreter or vulkan"):
        check_export("", None, device="cuda")


def test_a_bad_export_is_a_located_error():
    from coopmlir.diagnostics import CompileError
    from coopmlir.tools.torch_frontend import check_export

    module, inputs = matmul("f32")
    with pytest.raises(
        CompileError, match=r"<torch-mlir export of Matmul>:1:\d+: error"
    ):
        check_export("func.func @forward(%x: ) {", module, *inputs)
