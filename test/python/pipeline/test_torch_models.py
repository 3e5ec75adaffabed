"""The frontend suite (issue 25 part 6): each PyTorch module of
support/torch_models.py, in f32 and f16, exported by torch-mlir in the test
and compared with PyTorch's own output: in tensor form on the interpreter,
and lowered by coopmlir's pipeline on the interpreter and on lavapipe
(coopmlir.tools.torch_frontend). The export must also equal, structurally,
what test/frontend/Inputs keeps (test_frontend_exports.py runs those where
torch is absent).

Needs torch==2.13.0 and torch-mlir (`make` installs them); skipped without
them, a failure with COOPMLIR_REQUIRE_TORCH=1 (.ci/run).
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from support.frontend_exports import export_tolerance
from support.pytorch import require_torch, torch_models
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.tools.compare import compare
from coopmlir.tools.torch_frontend import to_numpy

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
    # issue 26
    "linear-relu-odd",
    "bottleneck",
    "swiglu-mlp",
    "sdpa-head32",
    "sdpa-head12",
    # issue 29
    "sdpa-gqa",
    "mqa-repeat-interleave",
    "gqa-expand",
    "softcap-attention",
    "sliding-window",
    "alibi",
]
BF16 = ["sdpa-causal-bf16", "gpt2-block-bf16"]
#: Issue 28: weight-only quantized linears, f16 only (decoded in the load).
QUANTIZED = ["int8-linear-f16", "int4-linear-f16"]
#: Issue 26: SDPA with an explicit mask passed in (a row fully masked).
MASKED = ["sdpa-mask-bool", "sdpa-mask-float"]
NAMES = [m + suffix for m in MODULES for suffix in ("", "-f16")] + BF16 + QUANTIZED
NAMES += MASKED
#: Issue 29: gpt-oss's attention sinks, as its eager code writes them.
SINKS = ["attention-sinks", "attention-sinks-f16", "gqa-sinks"]
NAMES += [*SINKS, "cat-column-attention"]
#: Issue 26: A cast (and scaled) to f16 in the product's load.
NAMES += ["cast-linear-f16", "bf16-cast-linear-f16"]
#: Activations exported with math.log1p (expanded: log1p_expm1.py).
NAMES += [f"linear-{a}{s}" for a in ("softplus", "mish") for s in ("", "-f16")]
#: Pooling, 1-D convolution, GroupNorm and ResNet's stem.
LAYERS = ["maxpool2d", "avgpool2d", "conv1d", "groupnorm", "resnet-stem"]
NAMES += [f"{m}{s}" for m in LAYERS for s in ("", "-f16")]
#: Modules without a product on the matrix units: loop kernels only.
WITHOUT_PRODUCTS = {"maxpool2d", "avgpool2d", "groupnorm"}


def module_of(name: str) -> str:
    return name.removesuffix("-f16").removesuffix("-bf16")


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


@pytest.mark.parametrize("name", NAMES)
def test_export_runs_in_tensor_form_and_matches_pytorch(name):
    """The export as torch-mlir wrote it, on the interpreter."""
    torch = require_torch()
    module, inputs = case(name)
    text = exported(name)
    saved = INPUTS / f"{name}.mlir"
    assert without_resources(text) == without_resources(saved.read_text())
    with torch.no_grad():
        expected = to_numpy(module(*inputs))
    arguments = [to_numpy(x) for x in inputs]
    (result,) = run_function(parse_module(text), "forward", arguments)
    assert result.dtype == expected.dtype and result.shape == expected.shape
    comparison = compare(
        "result0",
        np.asarray(result),
        expected,
        export_tolerance(name),
        bf16=name.endswith("-bf16"),
    )
    assert comparison.ok, comparison.report()


DEVICES = ["interpreter", "lavapipe"]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("name", NAMES)
def test_lowered_export_matches_pytorch(name, device):
    """Lowered by coopmlir's pipeline, run on the interpreter (f16 for the
    generic target's cooperative matrices, f32 on the SIMT target) or on
    lavapipe (the device's own target), against PyTorch."""
    from coopmlir.tools.torch_frontend import check_export

    tolerance = export_tolerance(name)
    narrow = name.endswith(("-f16", "-bf16"))
    if device == "lavapipe":
        require_vulkan()
        check = check_export(
            exported(name), *_flat(case(name)), device="vulkan", tolerance=tolerance
        )
    else:
        # The generic target has f16 matrices only: bf16 runs on h100-vulkan's.
        target = "simt" if not narrow else "generic"
        if name.endswith("-bf16"):
            target = "h100-vulkan"
        check = check_export(
            exported(name), *_flat(case(name)), target=target, tolerance=tolerance
        )
    assert check.ok, check.report()
    lowered = str(check.lowered)
    assert "linalg." not in lowered, "a linalg op is left in host code"
    if device == "interpreter" and narrow and module_of(name) not in WITHOUT_PRODUCTS:
        # Issue 25's "done when": f16 contractions on the matrix units.
        assert "coopmat.mul_add" in lowered


@pytest.mark.parametrize("name", SINKS)
def test_recognized_sinks_are_the_modules_parameter(name):
    """The `sinks` the attention takes are the module's learned logits."""
    require_torch()
    from support.lowering import lowered_by

    from coopmlir.dialects.attention import AttentionOp
    from coopmlir.passes.recognize_frontend import RecognizeFrontend

    module, _ = case(name)
    lowered = lowered_by(exported(name), RecognizeFrontend())
    (op,) = [o for o in lowered.walk() if isinstance(o, AttentionOp)]
    want = module.sinks.detach().float().numpy()
    np.testing.assert_array_equal(np.float32(op.variants.sinks), want)
    if name == "gqa-sinks":  # K and V keep their 2 heads: no repeat computed
        assert op.key.type.get_shape()[-3] == 2  # type: ignore[union-attr]
