"""erf in kernels (scalar_expansions.erfc_of_magnitude, erfc_form.py): one
exp2 of a polynomial fitted to log2 erfc, no division.

- The coefficients are what test/python/support/erfc_fit.py makes.
- An f32 `math.erf` is within 1e-7 of math.erf on every value class
  (tiny, subnormal, the fit's edge, large, inf, NaN, signed zeros) on the
  interpreter (L1) and on lavapipe (after spirv-val).
- `1 + erf(u)` (the erf form of GELU) becomes erfc(-u) in every body: GELU
  loop kernels in f32, f16 and bf16 and GELU epilogues of a matmul match the
  float64 GELU, also where erf(u) nears -1; an erf with another use is left
  to the expansion.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from support import erfc_fit
from support.activation_kernels import (
    elementwise_program,
    fused_epilogue,
    lowered,
    run_on_lavapipe,
    unary_program,
)
from support.lowering import output_of

from coopmlir.passes.lower_to_coopmat.scalar_expansions import (
    _ERFC_EDGE,
    _ERFC_LOG2,
)

# The erf form of GELU as torch-mlir exports it (f16 and bf16 alike: the
# constants are in the body's type).
GELU_CONSTANTS = [
    "%c = arith.constant 0.7071067811865476 : {t}",
    "%half = arith.constant 0.5 : {t}",
    "%one = arith.constant 1.0 : {t}",
]
GELU_BODY = [
    "%u = arith.mulf %a, %c : {t}",
    "%e = math.erf %u : {t}",
    "%e1 = arith.addf %e, %one : {t}",
    "%h = arith.mulf %e1, %half : {t}",
]


def gelu_program(t: str, erf_used_again: bool = False) -> str:
    """The erf GELU element-wise, optionally plus erf(u) (a second use)."""
    if erf_used_again:
        tail = ["%g = arith.mulf %a, %h : {t}", "%r = arith.addf %g, %e : {t}"]
    else:
        tail = ["%r = arith.mulf %a, %h : {t}"]
    return elementwise_program(t, GELU_BODY + tail, GELU_CONSTANTS)


NUMPY = {"f32": np.float32, "f16": np.float16, "bf16": np.float32}


def names(module) -> list[str]:
    return [op.name for op in module.walk()]


def special_values() -> np.ndarray:
    info = np.finfo(np.float32)
    magnitudes = np.concatenate(
        [
            [0.0, info.smallest_subnormal, info.tiny, 1e-30, 1e-8, 1e-4],
            np.linspace(_ERFC_EDGE - 0.05, _ERFC_EDGE + 0.05, 101),
            np.geomspace(1e-3, 10.0, 300),
            [20.0, 1e4, info.max, np.inf],
        ]
    )
    values = np.concatenate([magnitudes, -magnitudes, [np.nan]]).astype(np.float32)
    return np.resize(values, 1024)


def erf64(x: np.ndarray) -> np.ndarray:
    return np.array([math.erf(float(v)) for v in x])


def assert_erf(got: np.ndarray, x: np.ndarray, within: float) -> None:
    np.testing.assert_array_equal(np.isnan(got), np.isnan(x))
    finite = ~np.isnan(x)
    error = np.abs(got[finite].astype(np.float64) - erf64(x[finite]))
    worst = int(np.argmax(error))
    assert error[worst] <= within, f"erf({x[finite][worst]!r}): off by {error[worst]}"


def test_the_coefficients_are_the_fits():
    fitted = np.float32(erfc_fit.fit())
    np.testing.assert_allclose(fitted, np.float32(_ERFC_LOG2), rtol=1e-5)
    assert erfc_fit.EDGE == _ERFC_EDGE


@pytest.mark.parametrize("scale", [1.0, 1 / math.sqrt(2)])
def test_beyond_the_edge_two_to_the_p_is_below_erfc_then_zero(scale):
    """What lets the expansion go without a select of 0 above the fit's
    edge: in f32 (P's coefficients with GELU's scale folded in too), 2^P is
    at most erfc at the edge (2e-10) everywhere above it, and 0 from 7.3
    (in units of the unscaled argument) to inf."""
    coefficients = [c * scale ** (i + 1) for i, c in enumerate(_ERFC_LOG2)]
    largest, zero_from = erfc_fit.beyond_the_edge(coefficients, _ERFC_EDGE / scale)
    assert largest <= math.erfc(_ERFC_EDGE)
    assert zero_from * scale < 7.3


def test_the_kernel_computes_erf_with_one_exp2_and_no_division():
    module = lowered(unary_program("math.erf", "f32"))
    ops = names(module)
    assert "math.erf" not in ops and ops.count("math.exp2") == 1
    assert "arith.divf" not in ops and "math.exp" not in ops
    x = special_values()
    got = output_of(module, "f", [x, np.zeros_like(x)])
    # Measured at most 6.0e-8 (half an ulp of 1 is 6e-8).
    assert_erf(got, x, 1e-7)
    assert np.all(got[x == np.inf] == 1.0) and np.all(got[x == -np.inf] == -1.0)


def test_on_lavapipe():
    """The driver's exp2 within Vulkan's precision (3 ulp of 2^P)."""
    x = special_values()
    got = run_on_lavapipe(lowered(unary_program("math.erf", "f32")), x)
    assert_erf(got, x, 3e-7)


def gelu64(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    return 0.5 * x * np.array([math.erfc(-float(v) / math.sqrt(2)) for v in x])


@pytest.mark.parametrize("dtype", ["f32", "f16", "bf16"])
def test_the_gelu_loop_kernel_takes_the_erfc_form(dtype):
    module = lowered(gelu_program(dtype))
    ops = names(module)
    assert "math.erf" not in ops and "arith.divf" not in ops
    assert ops.count("math.exp2") == 1
    # Only x times 0.5 (1 + erf(u)): u = x / sqrt 2 is folded into P's
    # coefficients (constant_folding.py) and 0.5 into its constant term
    # (log2 0.5 = -1), in every type; no select of 0 above the fit's edge.
    assert ops.count("arith.mulf") == 1 and ops.count("arith.select") == 1
    x = np.linspace(-12, 12, 1024).astype(NUMPY[dtype])
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    want = gelu64(x)
    eps = {"f32": 2.0**-23, "f16": 2.0**-10, "bf16": 2.0**-7}[dtype]
    # Each of the body's roundings in its type, |x| each at most.
    np.testing.assert_array_less(np.abs(got - want), 3 * eps * np.abs(x) + 1e-30)


def test_where_erf_nears_minus_one():
    """GELU(x) for x in [-6.3, -1]: 1 + erf(x / sqrt 2) is 6e-10 .. 0.3,
    which erf then the sum rounded to multiples of 6e-8 (A and S 7.1.26
    was within 5.3e-7 of it in f32). erfc(-u) is within 7e-8 of it, and
    within 3e-6 relative while it is above 3e-3 (x >= -3)."""
    module = lowered(gelu_program("f32"))
    x = np.linspace(-3, -1, 1024).astype(np.float32)
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    # Measured 3.0e-6.
    np.testing.assert_allclose(got, gelu64(x), rtol=5e-6)
    x = np.linspace(-6.3, -3, 1024).astype(np.float32)
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    # Measured 3.5e-8: 0.5 |x| times erfc's 7e-8 at most.
    np.testing.assert_allclose(got, gelu64(x), rtol=0, atol=0.5 * 6.3 * 7e-8)


@pytest.mark.parametrize(
    ("op", "c"),
    [("mulf", 0.5), ("mulf", -0.5), ("divf", 1.4142135623730951), ("divf", -2.0)],
)
def test_one_plus_erf_of_a_scaled_value(op, c):
    """1 + erf(x c) or erf(x / c) (torch-mlir's f32 GELU divides by sqrt
    2): a positive factor is folded into P (erfc(c |x|), no product or
    division of x left), a negative one is not (|c x| is not c |x|); each
    matches math.erf."""
    body = [
        f"%u = arith.{op} %a, %c : {{t}}",
        "%e = math.erf %u : {t}",
        "%r = arith.addf %one, %e : {t}",
    ]
    constants = [f"%c = arith.constant {c} : {{t}}", "%one = arith.constant 1.0 : {t}"]
    module = lowered(elementwise_program("f32", body, constants))
    ops = names(module)
    folded = c > 0
    # P's last product (no factor of the sum here), and c x where not folded.
    assert ops.count("arith.mulf") == (1 if folded or op == "divf" else 2)
    assert ops.count("arith.divf") == (1 if op == "divf" and not folded else 0)
    x = np.linspace(-12, 12, 1024).astype(np.float32)
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    factor = c if op == "mulf" else 1 / c
    want = 1 + erf64(factor * x.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=0, atol=1.5e-7)


@pytest.mark.parametrize(
    ("factor", "folded"), [("0.5", True), ("4.0", True), ("0.3", False)]
)
def test_a_power_of_two_factor_of_the_sum_goes_into_p(factor, folded):
    """k (1 + erf(u)) and (w k) (1 + erf(u)) for k a power of two: log2 k
    is added to P (exactly), 2 - q becomes 2k - q; no product by k is
    left. Another k stays a product. Each matches math.erf."""
    body = [
        "%e = math.erf %a : {t}",
        "%s = arith.addf %one, %e : {t}",
        "%h = arith.mulf %a, %k : {t}",
        "%r = arith.mulf %h, %s : {t}",
    ]
    constants = [
        f"%k = arith.constant {factor} : {{t}}",
        "%one = arith.constant 1.0 : {t}",
    ]
    module = lowered(elementwise_program("f32", body, constants))
    ops = names(module)
    # x times k (1 + erf(x)); else also P's last product and x k.
    assert ops.count("arith.mulf") == (1 if folded else 3)
    x = np.linspace(-9, 9, 1024).astype(np.float32)
    got = output_of(module, "f", [x, np.zeros_like(x)]).astype(np.float64)
    k = float(factor)
    want = k * x * (1 + erf64(x.astype(np.float64)))
    np.testing.assert_allclose(got, want, rtol=2e-7, atol=1.5e-7 * k * 9)


def test_an_erf_with_another_use_stays_an_erf():
    """The rewrite needs the sum as the erf's only use; the erf is then
    expanded on its own (one exp2 each, no division), still right."""
    module = lowered(gelu_program("f32", erf_used_again=True))
    ops = names(module)
    assert "math.erf" not in ops and ops.count("math.exp2") == 1
    x = np.linspace(-6, 6, 1024).astype(np.float32)
    want = gelu64(x) + erf64(x / math.sqrt(2))
    got = output_of(module, "f", [x, np.zeros_like(x)])
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=2e-7)
    # Both arith.subf of erf's sign(x) (1 - q): the form was not taken.
    assert ops.count("arith.subf") == 2


@pytest.mark.parametrize("inputs", ["f16", "bf16"])
def test_the_gelu_epilogue_of_a_matmul(inputs):
    """The f32 erf GELU fused into a matmul (f16 or bf16 operands and
    output): the component loop holds the erfc form and the result is within
    the epilogue's tolerance of the float64 GELU."""
    module, case = fused_epilogue("gelu-erf", inputs)
    ops = names(module)
    assert "math.erf" not in ops and "math.exp2" in ops
    args = case.arguments(np.random.default_rng(5))
    case.check(output_of(module, "epilogue", args), args, "L1")
