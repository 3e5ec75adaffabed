"""The norms of the real torch-mlir exports (test/frontend/Inputs,
unedited): GPT-2's two LayerNorms and the SwiGLU layer's RMSNorm each
become one `coopmlir.layer_norm` / `rms_norm` (f32 and f16 models, whose
exports compute the variance in f64 or the RMS in f16), and each lowers to
one kernel: the only kernels with a 1/sqrt are the norm kernels; the
rewritten export computes what the export computes. Matching PyTorch
lowered is test_torch_models.py's job."""

from __future__ import annotations

import pytest
from support.error_model import assert_close
from support.frontend_exports import arguments, export_path
from xdsl.dialects import gpu, math

from coopmlir.dialects.norm import LayerNormOp, RmsNormOp
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
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


@pytest.mark.parametrize("name", NORMS)
def test_the_fused_norms_compute_what_the_export_computes(name):
    """On the interpreter, in tensor form: the export as torch-mlir wrote it
    and after the rewrite agree (the norm ops compute in f32 where an f16
    export computes RMSNorm in f16, hence the f16 bound)."""
    before = _module(name)
    after = _module(name)
    RecognizeFrontend(bufferize=False).apply(make_context(), after)
    (want,) = run_function(before, "forward", arguments(name))
    (got,) = run_function(after, "forward", arguments(name))
    assert_close(got, want, 2e-2 if name.endswith("f16") else 1e-5, name)
