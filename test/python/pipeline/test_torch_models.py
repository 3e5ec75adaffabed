"""The frontend suite (issue 25 part 6): each PyTorch module of
support/torch_models.py, in f32 and f16, exported by torch-mlir in the test
and compared with PyTorch's own output: in tensor form on the interpreter,
and lowered by coopmlir's pipeline on the interpreter and on lavapipe
(coopmlir.tools.torch_frontend). The export must also equal, structurally,
what test/frontend/Inputs keeps (test_frontend_exports.py runs those where
torch is absent).

Needs torch==2.13.0 and torch-mlir (`make` installs them); skipped without
them, a failure with COOPMLIR_REQUIRE_TORCH=1 (.ci/run). What does not run
today is a strict xfail naming the missing piece: the change that adds it
turns the test into an XPASS failure, and its mark is then removed here.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from support.pytorch import require_torch, torch_models
from support.tiers import covering
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.tools.compare import compare

INPUTS = Path(__file__).parents[2] / "frontend" / "Inputs"

#: The modules of issue 25 (support/torch_models.py), then a bare product.
MODULES = [
    "linear-relu",
    "linear-gelu",
    "linear-gelu-tanh",
    "mlp",
    "attention",
    "sdpa",
    "sdpa-causal",
    "conv2d-3x3",
    "conv2d-1x1",
    "gpt2-block",
    "resnet-block",
    "matmul",
]
NAMES = [m + suffix for m in MODULES for suffix in ("", "-f16")]

#: What the interpreter lacks today to run a module's export in tensor form.
INTERPRETER_GAPS = {
    "linear-gelu-tanh": "the interpreter has no math.fpowi (issue 25 part 1)",
    "sdpa": "the interpreter has no tensor.extract_slice (issue 25 part 1)",
    "sdpa-causal": "the interpreter has no tensor.extract_slice (issue 25 part 1)",
    "gpt2-block": "the interpreter has no tensor.extract_slice (issue 25 part 1)",
}

#: Every export but the bare product stops in the pipeline today: its weights
#: (dense_resource constants), transposes and shared outs are not bufferized,
#: its other linalg ops get no kernels, its transposes and extf are not folded.
LOWERING_GAP = (
    "lowers once bufferization of exports (issue 25 parts 1, 4), kernels for "
    "every linalg op (part 2) and transpose/extf folding (parts 1, 3) merge"
)
LOWERS_TODAY = {"matmul"}


def module_of(name: str) -> str:
    return name.removesuffix("-f16")


def expected_failure(name: str, gaps: dict[str, str]) -> list:
    reason = gaps.get(module_of(name))
    if reason is None:
        return []
    return [pytest.mark.xfail(strict=True, raises=InterpretationFailure, reason=reason)]


def case(name: str):
    return torch_models().cases()[name]


@functools.cache
def exported(name: str) -> str:
    """The export of module `name`, made once per process."""
    from coopmlir.tools.torch_frontend import export

    return export(*_flat(case(name)))


def _flat(pair):
    module, inputs = pair
    return (module, *inputs)


def without_resources(text: str) -> str:
    """The ops of an export, without its weights' blobs."""
    return text.split("{-#")[0].rstrip()


def test_the_grid_covers_every_module():
    assert sorted(NAMES) == sorted(case_name for case_name in torch_models().cases())


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=expected_failure(n, INTERPRETER_GAPS)) for n in NAMES],
)
def test_export_runs_in_tensor_form_and_matches_pytorch(name):
    """The export as torch-mlir wrote it, on the interpreter."""
    torch = require_torch()
    module, inputs = case(name)
    text = exported(name)
    saved = INPUTS / f"{name}.mlir"
    assert without_resources(text) == without_resources(saved.read_text())
    with torch.no_grad():
        expected = module(*inputs).numpy()
    arguments = [x.numpy() for x in inputs]
    (result,) = run_function(parse_module(text), "forward", arguments)
    assert result.dtype == expected.dtype and result.shape == expected.shape
    comparison = compare("result0", np.asarray(result), expected)
    assert comparison.ok, comparison.report()


DEVICES = ["interpreter", "lavapipe"]


def lowered_grid() -> list:
    """Names x devices: the default tier runs each module once (alternating
    devices) and the bare product everywhere; the heavy tier the rest."""
    params = []
    for param in covering(NAMES, DEVICES, ids=[str, str]):
        name, device = param.values
        marks = list(param.marks)
        if module_of(name) in LOWERS_TODAY:
            marks = []
        else:
            gap = pytest.mark.xfail(
                strict=True, raises=CompileError, reason=LOWERING_GAP
            )
            marks.append(gap)
        params.append(pytest.param(name, device, marks=marks, id=param.id))
    return params


@pytest.mark.parametrize(("name", "device"), lowered_grid())
def test_lowered_export_matches_pytorch(name, device):
    """Lowered by coopmlir's pipeline, run on the interpreter (f16 for the
    generic target's cooperative matrices, f32 on the SIMT target) or on
    lavapipe (the device's own target), against PyTorch."""
    from coopmlir.tools.torch_frontend import check_export

    if device == "lavapipe":
        require_vulkan()
        check = check_export(exported(name), *_flat(case(name)), device="vulkan")
    else:
        target = "generic" if name.endswith("-f16") else "simt"
        check = check_export(exported(name), *_flat(case(name)), target=target)
    assert check.ok, check.report()
    assert "linalg." not in str(check.lowered)
