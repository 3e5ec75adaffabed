"""SplitPrologue and SpecializeFill (prologues.py, fills.py) against the
interpreter: what MLIR's elementwise fusion makes of linear -> bias + ReLU
-> linear (the bias and ReLU inside the second product's body), and a
weight dequantized inside a product's body, return the same values as
written, after recognize-frontend (tensors) and lowered (two kernels each,
on the simt target (fragments) and on h100-vulkan's SIMT-tiled kernel); odd sizes
included. The lit file's programs are rewritten to the sizes drawn."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from support.lowering import lowered_by, output_of, parse, returned
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-prologue.mlir"
CASES = LIT.read_text().split("// -----")


def _sized(text: str, m: int, n: int, k: int) -> str:
    """The lit program with M = m, N = n (the last product's), K = k in
    place of 16, 24 and 32 in its tensor types (@relu_prologue's first
    product is K x K)."""
    sizes = {"16": str(m), "24": str(n), "32": str(k)}

    def resize(match: re.Match) -> str:
        dims = match.group(1).split("x")
        return "tensor<" + "x".join(sizes.get(d, d) for d in dims) + "x"

    return re.sub(r"tensor<((?:\d+x)*\d+)x", resize, text)


def _arguments(name: str, m: int, n: int, k: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    if name == "relu_prologue":
        shapes = [(m, k), (k, k), (k,), (k, n)]
        return [rng.uniform(-1, 1, s).astype(np.float32) for s in shapes]
    return [
        rng.uniform(-1, 1, (m, k)).astype(np.float32),
        rng.integers(-128, 128, (k, n)).astype(np.int8),
        rng.uniform(0, 0.1, n).astype(np.float32),
    ]


@pytest.mark.parametrize("shape", [(16, 24, 32), (20, 40, 24), (33, 17, 19)])
@pytest.mark.parametrize("case", [0, 1], ids=["relu_prologue", "dequantize"])
@pytest.mark.parametrize("target", ["simt", "h100-vulkan"])
def test_split_prologue_computes_the_same(case, shape, target):
    m, n, k = shape
    source = _sized(CASES[case], m, n, k)
    name = "relu_prologue" if case == 0 else "dequantize"
    args = _arguments(name, m, n, k, seed=sum(shape))
    (want,) = returned(parse(source), name, args)
    recognized = lowered_by(source, RecognizeFrontend(bufferize=False))
    products = [o for o in recognized.walk() if o.name == "linalg.matmul"]
    assert len(products) == (2 if case == 0 else 1)
    assert all(
        len(o.get_iterator_types()) == 2
        for o in recognized.walk()
        if isinstance(o, GenericOp)
    )
    (got,) = returned(recognized, name, args)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    module = lowered_by(source, LowerToCoopmat(target=target))
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 2
    got = output_of(module, name, [*args, np.zeros_like(want)])
    bound = 4 * k * 2.0**-23 * (np.abs(want) + k) + 1e-5
    assert np.all(np.abs(got - want) <= bound)
