"""Math ops that GLSL.std.450 has no instruction for, expanded into ones it
has, on scalars: `erf` (Abramowitz and Stegun's formula 7.1.26, |error| <=
1.5e-7, about f32's precision near 1) and `fpowi` with a constant exponent
(square-and-multiply, a reciprocal for a negative one)."""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, IntegerAttr
from xdsl.ir import Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder

# Abramowitz and Stegun, Handbook of Mathematical Functions, 7.1.26.
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def erf(b: KernelBuilder, x: SSAValue) -> SSAValue:
    """erf(x) = sign(x) (1 - t (a1 + t (a2 + ... t a5)) exp(-x^2)),
    t = 1 / (1 + p |x|)."""
    t_ = x.type
    assert isinstance(t_, AnyFloat)

    def c(v: float) -> SSAValue:
        return b.constant(v, t_)

    def e(op: Operation) -> SSAValue:
        return b.emit(op).results[0]

    ax = e(math.AbsFOp(x))
    t = e(arith.DivfOp(c(1.0), e(arith.AddfOp(c(1.0), e(arith.MulfOp(c(_ERF_P), ax))))))
    poly = c(_ERF_A[-1])
    for a in reversed(_ERF_A[:-1]):
        poly = e(arith.AddfOp(c(a), e(arith.MulfOp(t, poly))))
    poly = e(arith.MulfOp(t, poly))
    gauss = e(math.ExpOp(e(arith.NegfOp(e(arith.MulfOp(x, x))))))
    y = e(arith.SubfOp(c(1.0), e(arith.MulfOp(poly, gauss))))
    negative = e(arith.CmpfOp(x, c(0.0), "olt"))
    return e(arith.SelectOp(negative, e(arith.NegfOp(y)), y))


def constant_exponent(op: math.FPowIOp) -> int | None:
    """The exponent of `op` where it is an `arith.constant`."""
    owner = op.rhs.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def power(b: KernelBuilder, x: SSAValue, exponent: int) -> SSAValue:
    """x ** exponent for a constant integer exponent: square-and-multiply
    (at most 2 log2 |exponent| products), then 1 / that if it is negative."""
    t = x.type
    assert isinstance(t, AnyFloat)
    result: SSAValue | None = None
    square, n = x, abs(exponent)
    while n:
        if n & 1:
            result = (
                square
                if result is None
                else b.emit(arith.MulfOp(result, square)).results[0]
            )
        n >>= 1
        if n:
            square = b.emit(arith.MulfOp(square, square)).results[0]
    if result is None:
        return b.constant(1.0, t)
    if exponent < 0:
        return b.emit(arith.DivfOp(b.constant(1.0, t), result)).results[0]
    return result
