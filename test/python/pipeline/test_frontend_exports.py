"""torch-mlir's linalg-on-tensors exports, as torch-mlir wrote them
(test/frontend/Inputs/NAME.mlir: weights as dense_resource blobs, linalg.transpose,
expand/collapse_shape, a max-with-index reduction), parse, verify and run on
the interpreter, matching PyTorch's own output saved next to them
(NAME.arg0.npy, NAME.expected.npy). No torch is needed here.

The exports came from PyTorch 2.13 (CPU) and torch-mlir 20261001 through
`torch_mlir.fx.export_and_import(module, x, output_type="linalg-on-tensors",
func_name="forward")`; test/frontend/README.md says how to make them again.
"""

import re

import pytest
from support.frontend_exports import EXPORTS as ALL_EXPORTS
from support.frontend_exports import INPUTS, arguments, expected, export_tolerance

from coopmlir.dialects.registry import read_module
from coopmlir.interpreter import run_function
from coopmlir.tools.compare import compare

#: The modules exported: nn.Linear(16, 8) + ReLU, a 16-32-8 MLP with ReLU,
#: single-head attention (d=16) with an explicit softmax, nn.Conv2d(4, 8, 3,
#: padding=1) on NCHW.
EXPORTS = ["linear-relu", "mlp", "attention", "conv2d-3x3"]

#: Every export in Inputs/ (test/frontend/README.md lists the modules), each
#: also in f16 (compare() takes the f16 tolerance from the result's dtype).


@pytest.mark.parametrize("name", ALL_EXPORTS)
def test_export_matches_pytorch(name):
    module = read_module(str(INPUTS / f"{name}.mlir"))
    want = expected(name)
    (result,) = run_function(module, "forward", arguments(name))
    assert result.dtype == want.dtype and result.shape == want.shape
    # coopmlir-run --check's measure and f32 tolerance: PyTorch sums in f32,
    # the interpreter exactly and rounds once.
    comparison = compare(
        "result0", result, want, export_tolerance(name), bf16=name.endswith("-bf16")
    )
    assert comparison.ok, comparison.report()


def test_exports_are_as_torch_mlir_wrote_them():
    """The inputs stay unedited: weights in the resource section, the ops
    this intake exists for."""
    text = {name: (INPUTS / f"{name}.mlir").read_text() for name in EXPORTS}
    assert all("dense_resource<torch_tensor_" in t for t in text.values())
    assert all("dialect_resources" in t for t in text.values())
    assert "linalg.transpose" in text["linear-relu"]
    assert "output_shape" in text["attention"]
    assert "linalg.index" in text["attention"]
    assert "linalg.conv_2d_nchw_fchw" in text["conv2d-3x3"]


#: Issue 26 part 1: each attention export's attention is one fused kernel,
#: on a target with attention fragments for its type (f32: lavapipe's SIMT
#: fragments; f16, bf16: h100-vulkan's), and at most this many kernels in
#: all (the projections, norms, MLP; SDPA's heads are read and written in
#: place of their transposed copies: sdpa is projection, attention and the
#: copy of O into the result).
ATTENTION_KERNELS = {
    ("attention", "lavapipe"): 5,
    ("attention-f16", "h100-vulkan"): 6,
    ("sdpa", "lavapipe"): 3,
    ("sdpa-f16", "h100-vulkan"): 3,
    ("sdpa-causal", "lavapipe"): 3,
    ("sdpa-causal-f16", "h100-vulkan"): 3,
    ("sdpa-causal-bf16", "h100-vulkan"): 3,
    # Its scale 32**-0.25 is a truncf of an f64 constant.
    ("sdpa-head32-f16", "h100-vulkan"): 3,
    ("sdpa-head32", "lavapipe"): 3,
    ("gpt2-block", "lavapipe"): 7,
    ("gpt2-block-f16", "h100-vulkan"): 7,
    ("gpt2-block-bf16", "h100-vulkan"): 7,
    # Issue 29: grouped-query attention (Q, K, V projections, attention, O's
    # copy into the result); MQA's 24 query rows are ragged, so Q and O
    # keep their transposed copies.
    ("sdpa-gqa", "lavapipe"): 5,
    ("sdpa-gqa-f16", "h100-vulkan"): 5,
    ("gqa-expand", "lavapipe"): 5,
    ("gqa-expand-f16", "h100-vulkan"): 5,
    ("mqa-repeat-interleave", "lavapipe"): 7,
    ("mqa-repeat-interleave-f16", "h100-vulkan"): 7,
    # The variants: Gemma-2's soft-cap (f32: its triu mask is an explicit
    # [S, L] mask, made by kernels of its own) and the sliding window.
    ("softcap-attention", "lavapipe"): 5,
    ("sliding-window", "lavapipe"): 3,
    ("sliding-window-f16", "h100-vulkan"): 3,
    ("alibi", "lavapipe"): 3,
    ("alibi-f16", "h100-vulkan"): 3,
    # An attn_mask passed in, a row fully masked: PyTorch's guard is the
    # attention's own rule (the boolean mask is made additive by a kernel).
    # gpt-oss's sinks (Q, K, V projections, the causal mask, attention).
    ("attention-sinks", "lavapipe"): 5,
    ("attention-sinks-f16", "h100-vulkan"): 5,
    ("gqa-sinks", "lavapipe"): 7,
    ("sdpa-mask-float", "lavapipe"): 3,
    ("sdpa-mask-bool", "lavapipe"): 4,
}


@pytest.mark.parametrize(("name", "target"), ATTENTION_KERNELS)
def test_attention_export_is_one_fused_kernel(name, target):
    from support.lowering import lowered_by
    from xdsl.dialects import gpu

    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

    module = lowered_by(
        (INPUTS / f"{name}.mlir").read_text(), LowerToCoopmat(target=target)
    )
    kernels = [k for k in module.walk() if isinstance(k, gpu.FuncOp)]
    fused = [k for k in kernels if k.sym_name.data.endswith("_attention")]
    assert len(fused) == 1, [k.sym_name.data for k in kernels]
    assert len(kernels) <= ATTENTION_KERNELS[name, target]
    # No softmax is left outside it: the only other exponentials are those
    # of GPT-2's tanh GELU, 1 + tanh(u) = 2 / (1 + exp(-2u)) (sigmoid_form.py).
    for kernel in kernels:
        if kernel is fused[0]:
            continue
        for exp in [o for o in kernel.walk() if o.name == "math.exp"]:
            scaled = exp.operands[0].owner
            assert scaled.name == "arith.mulf", kernel.sym_name.data
            factors = [v.owner for v in scaled.operands]
            assert any(
                f.name == "arith.constant" and f.value.value.data == -2.0
                for f in factors
            ), kernel.sym_name.data


@pytest.mark.parametrize("name", ["int8-linear-f16", "int4-linear-f16"])
@pytest.mark.parametrize("target", ["generic", "simt", "skinny"])
def test_quantized_export_decodes_its_weight_in_the_load(name, target):
    """Issue 28: the weight-only quantized linears are one kernel reading the
    stored bytes (i8; u8 nibbles and zero points), the f16 weight never in
    memory, matching PyTorch; at their M = 16 also the skinny kernel, which
    decodes in registers (the default takes it from 256 x 256 weights)."""
    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

    module = read_module(str(INPUTS / f"{name}.mlir"))
    options = dict(target="lavapipe", skinny=True) if target == "skinny" else {}
    lower = LowerToCoopmat(**(options or dict(target=target)))
    lower.apply(None, module)  # type: ignore[arg-type]
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 1
    assert "xi8>" in str(launches[0])
    assert (target == "skinny") == ("_skinny" in str(launches[0]))
    assert not any(o.name == "memref.alloc" for o in module.walk())
    want = expected(name)
    out = [*arguments(name), want * 0]
    run_function(module, "forward", out)
    comparison = compare("result0", out[-1], want, export_tolerance(name))
    assert comparison.ok, comparison.report()


#: Issue 29: the grouped-query exports and their K/V heads. SDPA's
#: enable_gqa, repeat_interleave and Llama's expand + reshape all export a
#: 5-D broadcast and a collapse: the attention reads the K/V projections'
#: heads themselves, and no repeated K/V is left to compute.
GROUPED = {"sdpa-gqa": 2, "gqa-expand": 2, "mqa-repeat-interleave": 1}


@pytest.mark.parametrize("name", [n + s for n in GROUPED for s in ("", "-f16")])
def test_grouped_heads_read_without_a_repeat(name):
    from support.lowering import lowered_by

    from coopmlir.dialects.attention import AttentionOp
    from coopmlir.passes.recognize_frontend import RecognizeFrontend

    text = (INPUTS / f"{name}.mlir").read_text()
    assert re.search(r"tensor<(\d+x){5}f", text), "the export repeats K/V in 5-D"
    module = lowered_by(text, RecognizeFrontend())
    (attention,) = [op for op in module.walk() if isinstance(op, AttentionOp)]
    key_heads = attention.key.type.get_shape()[-3]  # type: ignore[union-attr]
    assert key_heads == GROUPED[name.removesuffix("-f16")]
    ranks = {
        len(t.get_shape())
        for op in module.walk()
        for t in (*op.operand_types, *op.result_types)
        if hasattr(t, "get_shape")
    }
    assert 5 not in ranks, "a repeated K/V is left"


def test_variant_exports_become_properties():
    """Gemma-2's s / cap, tanh, * cap is `softcap`; the boolean mask
    (j <= i) & (j > i - 8) is `causal, window = 8`; ALiBi's bias from
    arange and the slopes buffer is `alibi` with those slopes."""
    from support.lowering import lowered_by

    from coopmlir.dialects.attention import AttentionOp
    from coopmlir.passes.recognize_frontend import RecognizeFrontend

    found = {}
    names = ("softcap-attention", "sliding-window", "sliding-window-f16", "alibi")
    for name in (*names, "alibi-f16"):
        module = lowered_by((INPUTS / f"{name}.mlir").read_text(), RecognizeFrontend())
        (op,) = [o for o in module.walk() if isinstance(o, AttentionOp)]
        v = op.variants
        found[name] = (v.softcap, v.window, op.causal is not None, v.alibi)
        assert v.sinks is None
    slopes = tuple(2.0 ** (-8.0 * (h + 1) / 4) for h in range(4))
    assert found == {
        "softcap-attention": (5.0, None, False, None),
        "sliding-window": (None, 8, True, None),
        "sliding-window-f16": (None, 8, True, None),
        "alibi": (None, None, False, slopes),
        "alibi-f16": (None, None, False, slopes),  # powers of 2: exact in f16
    }


@pytest.mark.parametrize(
    "name", ["attention-sinks", "attention-sinks-f16", "gqa-sinks"]
)
def test_sink_column_becomes_the_sinks_property(name):
    """gpt-oss's `cat([s, sinks], -1)`, the row max subtracted, softmax and
    `[..., :-1]` is one attention with `sinks` (its values are the export's
    constant; test_torch_models checks them against the module's) and no
    concatenation left."""
    from support.lowering import lowered_by

    from coopmlir.dialects.attention import AttentionOp
    from coopmlir.passes.recognize_frontend import RecognizeFrontend

    text = (INPUTS / f"{name}.mlir").read_text()
    assert "tensor.concat" in text and "tensor.extract_slice" in text
    module = lowered_by(text, RecognizeFrontend())
    (op,) = [o for o in module.walk() if isinstance(o, AttentionOp)]
    heads = op.query.type.get_shape()[-3]  # type: ignore[union-attr]
    assert op.variants.sinks is not None and len(op.variants.sinks) == heads
    assert not any(o.name == "tensor.concat" for o in module.walk())
