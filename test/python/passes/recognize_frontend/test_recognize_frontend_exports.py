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


EXPORTS = {
    "linear-relu-f16": Expected(["f16"], 0),
    "linear-gelu-f16": Expected(["f16"], 0),
    "mlp-f16": Expected(["f16", "f16"], 0),
    "mlp": Expected(["f32", "f32"], 0),
    # Q, K, V projections, Q K^T (K's transpose folded) and P V.
    "attention-f16": Expected(["f16"] * 5, 0),
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

    x = arguments(name)
    (before,) = run_function(parse_module(text, str(path)), "forward", x)
    (after,) = run_function(module, "forward", x)
    rounding = 2.0**-10 if before.dtype == np.float16 else 2.0**-22
    moved_bias = any(op.name == "linalg.conv_2d_nchw_fchw" for op in ops)
    bound = rounding * float(np.abs(before).max()) if moved_bias else 0.0
    np.testing.assert_allclose(after, before, rtol=0, atol=bound)
    want = expected(name)
    tolerance = 2e-2 if want.dtype == np.float16 else 1e-4
    torch = compare("torch", np.asarray(after), want, tolerance)
    assert torch.ok, torch.report()
