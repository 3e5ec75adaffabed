"""FuseElementwise (elementwise_fusion.py) against the interpreter: a
chain of element-wise generics on tensors (broadcast, transpose, math)
and its fused form return the same values on random inputs; a matmul
followed by bias + GELU generics still becomes one kernel (the fused
generic is the matmul's epilogue) and matches the program."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from support.lowering import interpreted, lowered_by, parse, returned
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.pattern_rewriter import PatternRewriteWalker

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend.elementwise_fusion import FuseElementwise

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-elementwise.mlir"


def _fused(source: str):
    module = parse(source)
    PatternRewriteWalker(FuseElementwise()).rewrite_module(module)
    module.verify()
    return module


def test_a_fused_chain_returns_the_same_values():
    source = LIT.read_text().split("// -----")[0]
    module = _fused(source)
    assert sum(isinstance(o, GenericOp) for o in module.walk()) == 1
    rng = np.random.default_rng(5)
    args = [
        rng.uniform(-2, 2, (4, 8)).astype(np.float32),
        rng.uniform(-2, 2, 8).astype(np.float32),
    ]
    (want,) = returned(parse(source), "chain", args)
    (got,) = returned(module, "chain", args)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_unfusable_generics_stay():
    source = LIT.read_text().split("// -----")[1]
    module = _fused(source)
    assert sum(isinstance(o, GenericOp) for o in module.walk()) == 4
    args = [np.random.default_rng(6).uniform(-2, 2, (4, 8)).astype(np.float32)]
    for got, want in zip(
        returned(module, "not_fused", args),
        returned(parse(source), "not_fused", args),
        strict=True,
    ):
        np.testing.assert_array_equal(got, want)


LINEAR_GELU = """
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%x: tensor<32x16xf16>, %w: tensor<16x32xf16>, %bias: tensor<32xf32>) -> tensor<32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %e1 = tensor.empty() : tensor<32x32xf32>
  %e2 = tensor.empty() : tensor<32x32xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<32x16xf16>, tensor<16x32xf16>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
  %b = linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<32x32xf32>, tensor<32xf32>) outs(%e1 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %bb: f32, %o: f32):
    %s = arith.addf %in, %bb : f32
    linalg.yield %s : f32
  } -> tensor<32x32xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<32x32xf32>) outs(%e2 : tensor<32x32xf32>) {
  ^bb0(%in: f32, %o: f32):
    %half = arith.constant 0.5 : f32
    %r = arith.constant 0.70710678 : f32
    %one = arith.constant 1.0 : f32
    %t = arith.mulf %in, %r : f32
    %er = math.erf %t : f32
    %p = arith.addf %er, %one : f32
    %h = arith.mulf %in, %half : f32
    %y = arith.mulf %h, %p : f32
    linalg.yield %y : f32
  } -> tensor<32x32xf32>
  func.return %g : tensor<32x32xf32>
}
"""


def test_bias_and_gelu_after_a_matmul_stay_its_epilogue():
    module = lowered_by(
        LINEAR_GELU, LowerToCoopmat(tile="32x32x16", subgroups="2x2", stages=0)
    )
    launches = [o for o in module.walk() if o.name == "gpu.launch_func"]
    assert len(launches) == 1 and not any(
        o.name.startswith("linalg.") for o in module.walk()
    )
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (32, 16)).astype(np.float16)
    w = rng.uniform(-1, 1, (16, 32)).astype(np.float16)
    bias = rng.uniform(-1, 1, 32).astype(np.float32)
    (want,) = returned(parse(LINEAR_GELU), "f", [x, w, bias])
    got = interpreted(module, "f", [x, w, bias, np.zeros((32, 32), np.float32)])[-1]
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-3)
