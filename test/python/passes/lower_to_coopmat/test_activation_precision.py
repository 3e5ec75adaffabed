"""activation_precision.py: f16 and bf16 activations computed in f32 and
rounded once (as PyTorch computes them), and constant_folding's quotient
fold; on the interpreter, before and after, and on lavapipe."""

from __future__ import annotations

import numpy as np
import pytest
from support.activation_kernels import elementwise_program, lowered, run_on_lavapipe
from support.frontend_exports import INPUTS, arguments, expected
from support.lowering import output_of, parse
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.dialects.registry import read_module
from coopmlir.interpreter import run_function
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.activation_precision import widen_activations
from coopmlir.passes.lower_to_coopmat.constant_folding import fold_quotients
from coopmlir.targets import get_target
from coopmlir.tools.compare import compare

# GELU's tanh form as torch-mlir exports it in f16 (test/frontend/Inputs/
# linear-gelu-tanh-f16.mlir): every op on f16, constants outside the body.
GELU_CONSTANTS = [
    "%three = arith.constant 3 : i64",
    "%c1 = arith.constant 4.471500e-02 : {t}",
    "%c0 = arith.constant 7.978520e-01 : {t}",
    "%one = arith.constant 1.000000e+00 : {t}",
    "%half = arith.constant 5.000000e-01 : {t}",
]
GELU_BODY = [
    "%x3 = math.fpowi %a, %three : {t}, i64",
    "%p = arith.mulf %x3, %c1 : {t}",
    "%s = arith.addf %a, %p : {t}",
    "%u = arith.mulf %s, %c0 : {t}",
    "%t = math.tanh %u : {t}",
    "%t1 = arith.addf %t, %one : {t}",
    "%h = arith.mulf %t1, %half : {t}",
    "%r = arith.mulf %a, %h : {t}",
]


def gelu_program(t: str = "f16", body: list[str] = GELU_BODY) -> str:
    return elementwise_program(t, body, GELU_CONSTANTS)


def body_ops(module) -> list[tuple[str, str]]:
    """(op name, result type) of the generic's body ops."""
    (generic,) = [op for op in module.walk() if isinstance(op, GenericOp)]
    return [
        (op.name, str(op.results[0].type) if op.results else "")
        for op in generic.body.block.ops
    ]


def gelu_rounded(x: np.ndarray) -> np.ndarray:
    """The export's GELU (its constants as f16 rounds them) in float64,
    rounded once to f16: what computing in f32 approaches."""
    x = x.astype(np.float64)
    c0, c1 = float(np.float16(0.797852)), float(np.float16(0.044715))
    return (0.5 * x * (1 + np.tanh(c0 * (x + c1 * x**3)))).astype(np.float16)


def ulps_from(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """|got - want| in f16 ulps of want."""
    spacing = np.spacing(np.abs(want.astype(np.float16))).astype(np.float64)
    return np.abs(got.astype(np.float64) - want.astype(np.float64)) / spacing


def test_the_f16_gelu_body_is_computed_in_f32():
    """One extension where the body reads x, one rounding where it yields;
    every other op in f32. On the interpreter the result is the rounded
    GELU within an ulp, where the f16 chain is several off. (Below x = -4,
    1 + tanh(u) cancels in f32 too, as in PyTorch's own f16 GELU; the
    kernels compute 2 / (1 + exp(-2u)) instead: sigmoid_form.py.)"""
    module = parse(gelu_program())
    x = np.linspace(-4, 8, 1024).astype(np.float16)
    before = output_of(module, "f", [x, np.zeros_like(x)])
    widen_activations(module)
    ops = body_ops(module)
    f16_results = [name for name, t in ops if t == "f16"]
    assert f16_results == ["arith.truncf"]
    assert [name for name, _ in ops].count("arith.extf") == 1
    assert ("math.tanh", "f32") in ops and ("math.fpowi", "f32") in ops
    after = output_of(module, "f", [x, np.zeros_like(x)])
    want = gelu_rounded(x)
    assert ulps_from(after, want).max() <= 1.0
    assert ulps_from(before, want).max() >= 2.0  # what it leaves behind


@pytest.mark.parametrize(
    "body",
    [
        ["%r = math.tanh %a : {t}"],  # f16's tanh instruction is kept
        ["%p = arith.mulf %a, %c1 : {t}", "%r = arith.addf %p, %one : {t}"],
        ["%p = math.absf %a : {t}", "%r = arith.mulf %p, %half : {t}"],
    ],
    ids=["lone-tanh", "no-math", "no-function"],
)
def test_other_f16_bodies_are_left_alone(body):
    module = parse(gelu_program(body=body))
    ops = body_ops(module)
    widen_activations(module)
    assert body_ops(module) == ops


def test_exact_f16_math_keeps_the_f16_chain():
    module = lowered(gelu_program(), exact_f16_math=True)
    names = [op.name for op in module.walk()]
    assert "math.exp" in names and "math.exp2" not in names


def test_a_rounding_the_program_writes_stays():
    """A truncf to f16 inside an f32 body (with a math op on f16 after it)
    is a rounding point: the value is rounded, then widened."""
    body = [
        "%w = arith.extf %a : {t} to f32",
        "%w2 = arith.mulf %w, %w : f32",
        "%n = arith.truncf %w2 : f32 to {t}",
        "%e = math.exp %n : {t}",
        "%r = arith.mulf %e, %half : {t}",
    ]
    module = parse(gelu_program(body=body))
    widen_activations(module)
    names = [name for name, _ in body_ops(module)]
    assert names.count("arith.truncf") == 2  # the program's, and the result's
    x = np.linspace(-2, 2, 1024).astype(np.float16)
    got = output_of(module, "f", [x, np.zeros_like(x)])
    square = (x.astype(np.float32) ** 2).astype(np.float16).astype(np.float32)
    want = (np.exp(square) * np.float32(0.5)).astype(np.float16)
    assert ulps_from(got, want).max() <= 1.0


def test_bf16_silu_is_one_division():
    """SiLU as x * sigmoid(x) = x * (1 / (1 + exp(-x))) in bf16: computed in
    f32 with `x / (1 + exp(-x))`: one division, no multiply."""
    body = [
        "%n = arith.negf %a : {t}",
        "%e = math.exp %n : {t}",
        "%d = arith.addf %e, %one : {t}",
        "%s = arith.divf %one, %d : {t}",
        "%r = arith.mulf %a, %s : {t}",
    ]
    module = parse(gelu_program("bf16", body))
    widen_activations(module)
    fold_quotients(module)
    names = [name for name, _ in body_ops(module)]
    assert names.count("arith.divf") == 1 and "arith.mulf" not in names
    x = np.linspace(-20, 20, 1024).astype(np.float32)
    x = x.view(np.uint32) & np.uint32(0xFFFF0000)  # bf16 values
    got = output_of(module, "f", [x.view(np.float32), np.zeros(1024, np.float32)])
    silu = x.view(np.float32) / (1 + np.exp(-x.view(np.float32).astype(np.float64)))
    np.testing.assert_allclose(got, silu, rtol=2**-8, atol=1e-30)


def test_the_f16_gelu_loop_kernel_on_lavapipe():
    """The lowered kernel (validated by spirv-val) in its sigmoid form: no
    cancellation, the rounded GELU within an ulp from -8 to 8."""
    x = np.linspace(-8, 8, 1024).astype(np.float16)
    got = run_on_lavapipe(lowered(gelu_program()), x)
    assert ulps_from(got, gelu_rounded(x)).max() <= 1.0


@pytest.mark.parametrize("name", ["linear-gelu-tanh-f16", "linear-gelu-f16"])
def test_the_lowered_export_against_pytorch(name):
    """The unedited f16 exports, lowered for the H100 (the GELU fused into
    the product's epilogue, in f32): PyTorch's own output within an f16 ulp
    (the export's f16 chain on the interpreter is 9 to 16 ulps off), and
    within coopmlir-run --check's f16 tolerance of the interpreted export."""
    module = read_module(str(INPUTS / f"{name}.mlir"))
    (source,) = run_function(module, "forward", arguments(name))
    LowerToCoopmat().lower(module, get_target("h100-vulkan"))
    want = expected(name)
    result = output_of(module, "forward", [*arguments(name), np.zeros_like(want)])
    assert ulps_from(result, want).max() <= 1.0
    assert ulps_from(source, want).max() >= 4.0  # the f16 chain, as exported
    comparison = compare("result0", result, source, None)  # coopmlir-run --check's
    assert comparison.ok, comparison.report()


# torch.log(x.abs() + 1) as torch-mlir exports it in f16: one generic per
# PyTorch op, each rounding its result to f16.
TWO_OPS = """
#map = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<1024xf16>) -> tensor<1024xf16> {
  %one = arith.constant 1.0 : f16
  %e0 = tensor.empty() : tensor<1024xf16>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%x : tensor<1024xf16>) outs(%e0 : tensor<1024xf16>) {
  ^bb0(%in: f16, %out: f16):
    %m = math.absf %in : f16
    %p = arith.addf %m, %one : f16
    linalg.yield %p : f16
  } -> tensor<1024xf16>
  %e1 = tensor.empty() : tensor<1024xf16>
  %l = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<1024xf16>) outs(%e1 : tensor<1024xf16>) {
  ^bb0(%in: f16, %out: f16):
    %r = math.log %in : f16
    linalg.yield %r : f16
  } -> tensor<1024xf16>
  func.return %l : tensor<1024xf16>
}
"""


def test_each_front_end_op_keeps_its_rounding():
    """Element-wise fusion merges the two ops into one body and marks the
    first one's result (elementwise_fusion.ROUNDED); computed in f32, the
    body rounds it to f16 before the log, as PyTorch does: the kernel's
    result is PyTorch's exactly, where one rounding at the end would be up
    to an ulp off."""
    module = lowered(TWO_OPS)
    names = [op.name for op in module.walk()]
    assert names.count("gpu.func") == 1  # one fused kernel
    assert "math.log" in names  # computed in f32 (below), the sum rounded
    x = np.linspace(-40, 40, 1024).astype(np.float16)
    got = output_of(module, "f", [x, np.zeros_like(x)])
    rounded = (np.abs(x) + np.float16(1)).astype(np.float16)
    want = np.log(rounded.astype(np.float64)).astype(np.float16)
    np.testing.assert_array_equal(got, want)
    once = np.log(np.abs(x).astype(np.float64) + 1).astype(np.float16)
    assert np.any(once != want)  # what the marks prevent
    assert "coopmlir.rounded" not in str(module)
