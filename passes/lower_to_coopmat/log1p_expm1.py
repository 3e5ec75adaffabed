"""`math.log1p` and `math.expm1` expanded into GLSL's Log and Exp, which
have neither. torch-mlir exports `F.softplus` and `F.mish` with log1p.

log(1 + x) and exp(x) - 1 cancel near 0, and GLSL's Log has only an
absolute error bound (2^-21) near 1, so each takes a series there:

- log1p(x) = 2 atanh(s) = 2 s (1 + s^2/3 + s^4/5 + s^6/7 + s^8/9) with
  s = x / (2 + x), while 1 + x is in [1/sqrt(2), sqrt(2)] (|s| <= 0.172:
  the next term is 2e-9 of the sum); log(1 + x) elsewhere, where the
  rounding of 1 + x moves the result by at most 6e-8. GLSL's Log is
  undefined at 0 and below: x = -1 gives -inf and x < -1 NaN by selects.
- expm1(x) = x (1 + x (1/2 + x (1/6 + ... + x / 10!))) while |x| < ln(2)
  (the next term is 7e-9 of the result), exp(x) - 1 elsewhere, where
  e^x >= 2 or <= 1/2 and the difference loses at most one bit.

Both keep -0, inf and NaN as numpy does (test_log1p_expm1.py).
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable

from xdsl.dialects import arith, math
from xdsl.ir import Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder

#: 1 + x in [1/sqrt(2), sqrt(2)]: x in (_LOG1P_BELOW, _LOG1P_ABOVE).
_LOG1P_BELOW = pymath.sqrt(0.5) - 1
_LOG1P_ABOVE = pymath.sqrt(2.0) - 1
#: |x| below this: expm1's Taylor series.
_EXPM1_SMALL = pymath.log(2.0)


def _builders(b: KernelBuilder, x: SSAValue):
    t = x.type

    def c(v: float) -> SSAValue:
        return b.constant(v, t)

    def e(op: Operation) -> SSAValue:
        return b.emit(op).results[0]

    return c, e


def log1p(b: KernelBuilder, x: SSAValue) -> SSAValue:
    """log(1 + x) of a float `x` (module doc)."""
    c, e = _builders(b, x)
    s = e(arith.DivfOp(x, e(arith.AddfOp(c(2.0), x))))
    square = e(arith.MulfOp(s, s))
    poly = _horner(e, c, square, [1 / 9, 1 / 7, 1 / 5, 1 / 3])
    twice = e(arith.AddfOp(s, s))
    near = e(math.FmaOp(twice, e(arith.MulfOp(square, poly)), twice))
    far = e(math.LogOp(e(arith.AddfOp(c(1.0), x))))
    above = e(arith.CmpfOp(x, c(_LOG1P_BELOW), "ogt"))
    below = e(arith.CmpfOp(x, c(_LOG1P_ABOVE), "olt"))
    result = e(arith.SelectOp(e(arith.AndIOp(above, below)), near, far))
    negative = e(arith.CmpfOp(x, c(-1.0), "olt"))
    result = e(arith.SelectOp(negative, c(pymath.nan), result))
    minus_one = e(arith.CmpfOp(x, c(-1.0), "oeq"))
    return e(arith.SelectOp(minus_one, c(-pymath.inf), result))


def expm1(b: KernelBuilder, x: SSAValue) -> SSAValue:
    """exp(x) - 1 of a float `x` (module doc)."""
    c, e = _builders(b, x)
    inverse = [1 / pymath.factorial(n) for n in range(10, 1, -1)]  # 1/10! .. 1/2
    poly = _horner(e, c, x, inverse)
    near = e(arith.MulfOp(x, e(math.FmaOp(x, poly, c(1.0)))))  # -0 stays -0
    far = e(arith.SubfOp(e(math.ExpOp(x)), c(1.0)))
    small = e(arith.CmpfOp(e(math.AbsFOp(x)), c(_EXPM1_SMALL), "olt"))
    return e(arith.SelectOp(small, near, far))


def _horner(
    e: Callable[[Operation], SSAValue],
    c: Callable[[float], SSAValue],
    x: SSAValue,
    coefficients: list[float],
) -> SSAValue:
    """c0 x^n + ... + cn for `coefficients` c0..cn, highest power first."""
    poly = c(coefficients[0])
    for coefficient in coefficients[1:]:
        poly = e(math.FmaOp(poly, x, c(coefficient)))
    return poly
