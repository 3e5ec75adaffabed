"""recognize-frontend's operand rewrites on the real torch-mlir exports
(test/frontend/Inputs, unedited), on tensors (`bufferize=false`): the f16
products read f16 (no widening generic before any product), every
`nn.Linear`'s transpose is folded into its matmul, the NCHW convolutions
stay NCHW (no transposes); and the rewritten export still computes what
PyTorch computed, and what the export computed before the rewrite (on the
interpreter): bit for bit, but for a convolution's bias, now added after
the sum (one rounding of the accumulator's type)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from support.frontend_exports import arguments, expected, export_path

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.recognize_frontend import RecognizeFrontend
from coopmlir.passes.recognize_frontend.precision import widened
from coopmlir.tools.compare import compare


@dataclass(frozen=True)
class Expected:
    products: list[str]  # the element type each product reads, in order
    transposes: int  # linalg.transpose ops left (convolutions' layouts)
    attentions: int = 0  # coopmlir.attention ops (issue 26)


EXPORTS = {
    "linear-relu-f16": Expected(["f16"], 0),
    "linear-gelu-f16": Expected(["f16"], 0),
    "mlp-f16": Expected(["f16", "f16"], 0),
    "mlp": Expected(["f32", "f32"], 0),
    # Q, K, V projections; Q K^T, the softmax and P V are one attention.
    "attention-f16": Expected(["f16"] * 3, 0, 1),
    # The qkv projection, then one attention; its heads are transposed
    # copies of the qkv slices (Q, K, V), and O is transposed back.
    "sdpa-causal-f16": Expected(["f16"], 4, 1),
    "sdpa-causal-bf16": Expected(["bf16"], 4, 1),
    "sdpa": Expected(["f32"], 4, 1),
    # qkv, the output projection and the MLP's two layers.
    "gpt2-block-f16": Expected(["f16"] * 4, 4, 1),
    # Convolutions stay NCHW (lower-to-coopmat reads them in place): no
    # transposes; the bottleneck's batch norms fold to constants.
    "conv2d-3x3": Expected(["f32"], 0),
    "conv2d-3x3-f16": Expected(["f16"], 0),
    "conv2d-1x1-f16": Expected(["f16"], 0),
    "resnet-block-f16": Expected(["f16", "f16"], 0),
    "bottleneck-f16": Expected(["f16", "f16", "f16"], 0),
}

_PRODUCTS = ("linalg.matmul", "linalg.batch_matmul", "linalg.conv_2d_nchw_fchw")


def _rewritten(text: str, path: Path):
    module = parse_module(text, str(path))
    RecognizeFrontend(bufferize=False).apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("name", EXPORTS)
def test_products_read_narrow_inputs_and_layouts_in_place(name):
    path = export_path(name)
    text = path.read_text()
    module = _rewritten(text, path)
    ops = list(module.walk())
    products = [op for op in ops if op.name in _PRODUCTS]
    narrow = [str(p.operand_types[0].element_type) for p in products]
    assert narrow == EXPORTS[name].products
    assert not any(widened(v) for p in products for v in p.inputs)
    held = Counter(op.name for op in ops)
    assert held["linalg.transpose"] == EXPORTS[name].transposes
    assert held["linalg.conv_2d_nhwc_fhwc"] == 0
    assert held["coopmlir.attention"] == EXPORTS[name].attentions

    x = arguments(name)
    (before,) = run_function(parse_module(text, str(path)), "forward", x)
    (after,) = run_function(module, "forward", x)
    want = expected(name)
    bf16 = name.endswith("-bf16")  # numpy holds bf16 results as f32
    tolerance = 2e-2 if want.dtype == np.float16 or bf16 else 1e-4
    if EXPORTS[name].attentions:
        # The attention's softmax runs in f32 (an f16 model's export in f16).
        same = compare(
            "before", np.asarray(after), np.asarray(before), tolerance, bf16=bf16
        )
        assert same.ok, same.report()
    else:
        # A convolution's bias moved after it rounds once more.
        rounding = 2.0**-10 if before.dtype == np.float16 else 2.0**-22
        moved_bias = any(op.name == "linalg.conv_2d_nchw_fchw" for op in ops)
        bound = rounding * float(np.abs(before).max()) if moved_bias else 0.0
        np.testing.assert_allclose(after, before, rtol=0, atol=bound)
    torch = compare("torch", np.asarray(after), want, tolerance, bf16=bf16)
    assert torch.ok, torch.report()
