"""The norms of the real torch-mlir exports (test/frontend/Inputs,
unedited): GPT-2's two LayerNorms and the SwiGLU layer's RMSNorm each
become one `coopmlir.layer_norm` / `rms_norm` (f32 and f16 models, whose
exports compute the variance in f64 or the RMS in f16), and each lowers to
one kernel: the only kernels with a 1/sqrt are the norm kernels. Matching
PyTorch is test_torch_models.py's (and test_frontend_exports.py's) job."""

from __future__ import annotations

import pytest
from support.frontend_exports import export_path
from xdsl.dialects import gpu, math

from coopmlir.dialects.norm import LayerNormOp, RmsNormOp
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend

#: export -> (layer norms, RMS norms, epsilon)
NORMS = {
    "gpt2-block": (2, 0, 1e-5),
    "gpt2-block-f16": (2, 0, 1e-5),
    "swiglu-mlp": (0, 1, 1e-6),
    "swiglu-mlp-f16": (0, 1, 1e-6),
}


def _module(name: str):
    return parse_module(export_path(name).read_text(), f"{name}.mlir")


@pytest.mark.parametrize("name", NORMS)
def test_each_norm_is_one_op(name):
    layers, rms, eps = NORMS[name]
    module = _module(name)
    RecognizeFrontend(bufferize=False).apply(make_context(), module)
    norms = [o for o in module.walk() if isinstance(o, LayerNormOp | RmsNormOp)]
    assert [type(o) for o in norms] == [LayerNormOp] * layers + [RmsNormOp] * rms
    for op in norms:
        # The f16 RMSNorm adds eps rounded to f16, as its export does.
        assert op.epsilon.value.data == pytest.approx(eps, rel=2e-2)
        assert len(op.inputs) == (3 if isinstance(op, LayerNormOp) else 2)
        assert op.input.type == op.output.type  # the model's own element type
    # What the norms computed is gone: no rsqrt is left outside them.
    assert not [o for o in module.walk() if isinstance(o, math.RsqrtOp)]


@pytest.mark.parametrize("name", ["gpt2-block-f16", "swiglu-mlp-f16"])
def test_each_norm_lowers_to_one_kernel(name):
    layers, rms, _ = NORMS[name]
    module = _module(name)
    LowerToCoopmat(target="h100-vulkan").apply(make_context(), module)
    kernels = [o for o in module.walk() if isinstance(o, gpu.FuncOp)]
    norm_kernels = [k for k in kernels if "_norm" in k.sym_name.data]
    assert len(norm_kernels) == layers + rms
    with_rsqrt = [
        k for k in kernels if any(isinstance(o, math.RsqrtOp) for o in k.walk())
    ]
    assert with_rsqrt == norm_kernels
