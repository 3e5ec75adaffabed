"""SplitPrologue and SpecializeFill (prologues.py, fills.py) against the
interpreter: what MLIR's elementwise fusion makes of linear -> bias + ReLU
-> linear (the bias and ReLU inside the second product's body), and a
weight dequantized inside a product's body, return the same values as
written, after recognize-frontend (tensors) and lowered (two kernels each,
on the simt target (fragments) and on h100-vulkan's SIMT-tiled kernel; the dequantize decoded in the
product's load: one kernel); odd sizes
included. The lit file's programs are rewritten to the sizes drawn."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from support.frontend_exports import INPUTS, arguments, expected, export_tolerance
from support.lowering import lowered_by, output_of, parse, returned
from support.mlir_tools import require_mlir_tool, run_mlir
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend
from coopmlir.tools.compare import compare

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
    # The dequantize is decoded in the product's load (weight_decode.py).
    assert len(launches) == (2 if case == 0 else 1)
    got = output_of(module, name, [*args, np.zeros_like(want)])
    bound = 4 * k * 2.0**-23 * (np.abs(want) + k) + 1e-5
    assert np.all(np.abs(got - want) <= bound)


# --------------------------------------------------------------------------
# Real exports after MLIR's own elementwise fusion
# --------------------------------------------------------------------------

#: Export -> kernels after `mlir-opt-22 --linalg-fuse-elementwise-ops`
#: (mlp-f16: the first layer's epilogue absorbed the second's extf, and the
#: second weight's transpose its extf; both split off again, so the second
#: product reads f16 on the matrix units).
FUSED_BY_MLIR = {"mlp": 2, "mlp-f16": 2, "linear-gelu-f16": 1}


@pytest.mark.parametrize("name", list(FUSED_BY_MLIR))
def test_exports_fused_by_mlir_lower_and_match_pytorch(name):
    require_mlir_tool("mlir-opt-22")
    text = (INPUTS / f"{name}.mlir").read_text()
    done = run_mlir("mlir-opt-22", "--linalg-fuse-elementwise-ops", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    narrow = name.endswith("-f16")
    module = lowered_by(
        parse_module(done.stdout, "fused.mlir"),
        LowerToCoopmat(target="generic" if narrow else "simt"),
    )
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == FUSED_BY_MLIR[name]
    if narrow:
        assert sum(o.name == "coopmat.mul_add" for o in module.walk()) >= 2
    want = expected(name)
    out = np.zeros(want.shape, want.dtype)
    run_function(module, "forward", [*arguments(name), out])
    comparison = compare("result0", out, want, export_tolerance(name))
    assert comparison.ok, comparison.report()


def test_split_widenings_compute_the_same():
    """widenings.py on its lit program: the same values as written, and
    the second product on f16 matrix units once lowered."""
    lit = LIT.parent / "recognize-frontend-widenings.mlir"
    source = lit.read_text()
    rng = np.random.default_rng(9)
    shapes = [(8, 16), (16, 32), (32,), (8, 32)]
    args = [rng.uniform(-1, 1, s).astype(np.float16) for s in shapes]
    (want,) = returned(parse(source), "mlp", args)
    (got,) = returned(
        lowered_by(source, RecognizeFrontend(bufferize=False)), "mlp", args
    )
    np.testing.assert_array_equal(got, want)  # the same f32 sums of f16 products
    module = lowered_by(source, LowerToCoopmat(target="generic"))
    assert sum(o.name == "coopmat.mul_add" for o in module.walk()) >= 2
    lowered = output_of(module, "mlp", [*args, np.zeros_like(want)])
    np.testing.assert_allclose(lowered, want, rtol=1e-5, atol=1e-5)
