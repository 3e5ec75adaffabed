"""Math ops expanded into ones GLSL.std.450 has, on scalars: `log1p` and
`expm1` (log1p_expm1.py), `erf` (no
instruction: from `erfc_of_magnitude`, 2 to the power of a polynomial fitted
to log2 erfc, within 7e-8 in f32), `fpowi` with a constant exponent
(square-and-multiply, a reciprocal for a negative one), and an f32 `tanh`
(`tanh`, `tanh_ops`: within 2 ulp from exp and arithmetic). GLSL has a
Tanh, but NVIDIA's driver makes the f32 one slow: a GEMM's fused GELU (tanh
form, f32) cost 36% over the plain GEMM with it and 15% with the expansion
(bench/RESULTS.md "Fourteenth session"); attention's soft cap uses it too.
An f16 tanh keeps the instruction: expanded in f32 it measured slower
(GPT-2's f16 fc1 + GELU 0.190 against 0.174 ms). `scalar_op` emits one
scalar op of a linalg body that a kernel inlines, expanded where it must
be. bf16 has no arithmetic on the devices (SPV_KHR_bfloat16 converts
only): with `widen_bf16`, bf16 values are computed in f32 (`widened_bf16`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    AnyFloat,
    BFloat16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import KernelBuilder
from coopmlir.passes.lower_to_coopmat.log1p_expm1 import expm1, log1p

#: Math ops GLSL has no instruction for, which `scalar_op` expands.
EXPANDED_MATH: tuple[type[Operation], ...] = (
    math.ErfOp,
    math.FPowIOp,
    math.Log1pOp,
    math.ExpM1Op,
)

#: The arith ops of a body that compute on floats (their operands or
#: results): what an epilogue may hold besides constants, casts and math
#: ops, and what activation_precision.py computes in f32.
FLOAT_ARITH_OPS: tuple[type[Operation], ...] = (
    arith.AddfOp,
    arith.SubfOp,
    arith.MulfOp,
    arith.DivfOp,
    arith.NegfOp,
    arith.MaximumfOp,
    arith.MinimumfOp,
    arith.MaxnumfOp,
    arith.MinnumfOp,
    arith.CmpfOp,
    arith.SelectOp,
)

#: erfc(a) = 2^P(a) on [0, _ERFC_EDGE], P(a) = a (c1 + a (c2 + ... + a c8)): the
#: coefficients of a fit of log2 erfc in f64 towards the least largest
#: absolute error of 2^P (test/python/support/erfc_fit.py makes them),
#: rounded to f32: |2^P - erfc| <= 1.6e-8 exactly, <= 7e-8 in f32 (half an
#: ulp of 1 is 6e-8), where Abramowitz and Stegun's 7.1.26, used before, gave
#: 5.3e-7 in f32 and cost a division more. Above the edge P falls faster
#: than log2 erfc (erfc(4.5) = 2e-10) and below -151 from 7.3 on, where 2^P
#: is 0 in f32 (erfc_fit.beyond_the_edge checks it): no select of 0 is needed.
_ERFC_EDGE = 4.5
_ERFC_LOG2 = (
    -1.6279085874557495,
    -0.9184163808822632,
    -0.14848169684410095,
    0.028253857046365738,
    -0.0007748352363705635,
    -0.001489314716309309,
    0.00044546835124492645,
    -4.5353830500971526e-05,
)


def erfc_of_magnitude(
    a: SSAValue,
    constant: Callable[[float], SSAValue],
    emit: Callable[[Operation], object],
    scale: float = 1.0,
    log2_factor: float = 0.0,
) -> SSAValue:
    """2^log2_factor erfc(scale a) of `a` = |u| >= 0 (`_ERFC_LOG2`, each
    coefficient times its power of `scale` > 0, log2_factor added to P):
    one exp2, no division, no select; 0 from 7.3 / scale on (inf
    included), a NaN stays NaN."""

    def e(op: Operation) -> SSAValue:
        emit(op)
        return op.results[0]

    coefficients = [c * scale ** (i + 1) for i, c in enumerate(_ERFC_LOG2)]
    poly = constant(coefficients[-1])
    for coefficient in reversed(coefficients[:-1]):
        poly = e(math.FmaOp(poly, a, constant(coefficient)))
    if log2_factor:
        return e(math.Exp2Op(e(math.FmaOp(poly, a, constant(log2_factor)))))
    return e(math.Exp2Op(e(arith.MulfOp(poly, a))))


def erf(b: KernelBuilder, x: SSAValue) -> SSAValue:
    """erf(x) = sign(x) (1 - erfc(|x|)) (`erfc_of_magnitude`)."""
    t_ = x.type
    assert isinstance(t_, AnyFloat)

    def c(v: float) -> SSAValue:
        return b.constant(v, t_)

    def e(op: Operation) -> SSAValue:
        return b.emit(op).results[0]

    q = erfc_of_magnitude(e(math.AbsFOp(x)), c, b.emit)
    negative = e(arith.CmpfOp(x, c(0.0), "olt"))
    return e(
        arith.SelectOp(negative, e(arith.SubfOp(q, c(1.0))), e(arith.SubfOp(c(1.0), q)))
    )


#: tanh(x) = x (1 + x^2 P(x^2)) for |x| < _TANH_SMALL: P's coefficients, a
#: weighted least-squares fit of (tanh(x) - x) / x^3 on [0, 0.55] in f64
#: (rounded to f32: at most 1.25 ulp there; 1.8 ulp above, where
#: 1 - 2 / (exp(2|x|) + 1) does not cancel).
_TANH_SMALL = 0.55
_TANH_P = (
    -0.33333316445350647,
    0.13332581520080566,
    -0.05385196954011917,
    0.02107064798474312,
    -0.006273126229643822,
)


def tanh(b: KernelBuilder, x: SSAValue) -> SSAValue:
    """tanh(x) of an f32 from exp and arithmetic (`tanh_ops`); other
    types keep GLSL's instruction (module doc)."""
    if not isinstance(x.type, Float32Type):
        return b.emit(math.TanhOp(x)).results[0]
    return _tanh(x, lambda v: b.constant(v, Float32Type()), lambda op: b.emit(op))


def tanh_ops(x: SSAValue) -> list[Operation]:
    """The ops of `tanh` on the f32 `x`, constants included, for a body
    built as a list (an apply's: attention's soft cap); the last yields."""
    ops: list[Operation] = []

    def constant(v: float) -> SSAValue:
        ops.append(op := arith.ConstantOp(FloatAttr(v, Float32Type())))
        return op.result

    _tanh(x, constant, ops.append)
    return ops


def _tanh(
    x: SSAValue,
    constant: Callable[[float], SSAValue],
    emit: Callable[[Operation], object],
) -> SSAValue:
    """x (1 + x^2 P(x^2)) for small |x|, else sign(x) (1 - 2 / (exp(2|x|)
    + 1)) (exp overflows to 1 exactly; a NaN stays NaN; -0 stays -0)."""
    c = constant

    def e(op: Operation) -> SSAValue:
        emit(op)
        return op.results[0]

    square = e(arith.MulfOp(x, x))
    poly = c(_TANH_P[-1])
    for coefficient in reversed(_TANH_P[:-1]):
        poly = e(arith.AddfOp(e(arith.MulfOp(poly, square)), c(coefficient)))
    small = e(arith.MulfOp(x, e(arith.AddfOp(c(1.0), e(arith.MulfOp(square, poly))))))
    ax = e(math.AbsFOp(x))
    grown = e(math.ExpOp(e(arith.AddfOp(ax, ax))))
    large = e(
        arith.SubfOp(c(1.0), e(arith.DivfOp(c(2.0), e(arith.AddfOp(grown, c(1.0))))))
    )
    negative = e(arith.CmpfOp(x, c(0.0), "olt"))
    signed = e(arith.SelectOp(negative, e(arith.NegfOp(large)), large))
    # An ordered compare is false for a NaN: it takes the large branch,
    # whose exp keeps it a NaN.
    near_zero = e(arith.CmpfOp(ax, c(_TANH_SMALL), "olt"))
    return e(arith.SelectOp(near_zero, small, signed))


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


def scalar_op(
    b: KernelBuilder,
    op: Operation,
    operands: Sequence[SSAValue],
    widen_bf16: bool = False,
) -> SSAValue:
    """`op` (one result, not linalg.index) of a body on the scalars
    `operands`: constants rebuilt in the kernel, erf, tanh, fpowi, log1p
    and expm1 expanded,
    any other op cloned; with `widen_bf16`, bf16 values are f32 ones
    (`widened_bf16`; the caller extends bf16 loads)."""
    if isinstance(op, arith.ConstantOp):
        t = op.value.type  # pyright: ignore
        return b.constant(op.value.value.data, computed_type(t) if widen_bf16 else t)  # pyright: ignore
    if isinstance(op, math.ErfOp):
        return erf(b, operands[0])
    if isinstance(op, math.TanhOp):
        return tanh(b, operands[0])
    if isinstance(op, math.FPowIOp):
        exponent = constant_exponent(op)
        assert exponent is not None  # the planner checked it
        return power(b, operands[0], exponent)
    if isinstance(op, math.Log1pOp):
        return log1p(b, operands[0])
    if isinstance(op, math.ExpM1Op):
        return expm1(b, operands[0])
    if widen_bf16:
        return widened_bf16(b, op, operands)
    mapping = dict(zip(op.operands, operands, strict=True))
    return b.emit(op.clone(value_mapper=mapping)).results[0]


def computed_type(t: Attribute) -> Attribute:
    """The type a kernel computes a value of type `t` in (bf16: f32)."""
    return Float32Type() if isinstance(t, BFloat16Type) else t


def widened_bf16(
    b: KernelBuilder, op: Operation, operands: Sequence[SSAValue]
) -> SSAValue:
    """`op` (a scalar op of a linalg body) on `operands`, its bf16 values
    computed in f32: `extf` from bf16 is its operand, `truncf` to bf16
    rounds and extends back, any other bf16 result is an f32 one."""
    bf16 = BFloat16Type()
    if isinstance(op, arith.ExtFOp) and op.operands[0].type == bf16:
        if operands[0].type == op.results[0].type:
            return operands[0]
    if isinstance(op, arith.TruncFOp) and op.results[0].type == bf16:
        rounded = b.emit(arith.TruncFOp(operands[0], bf16)).results[0]
        return b.emit(arith.ExtFOp(rounded, Float32Type())).results[0]
    if not any(r.type == bf16 for r in op.results):
        mapping = dict(zip(op.operands, operands, strict=True))
        return b.emit(op.clone(value_mapper=mapping)).results[0]
    wide = op.create(
        operands=list(operands),
        result_types=[computed_type(r.type) for r in op.results],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
    )
    return b.emit(wide).results[0]


def inline_body(
    b: KernelBuilder,
    body: Block,
    env: dict[SSAValue, SSAValue],
    widen_bf16: bool = False,
) -> list[SSAValue]:
    """The values `body` yields, its ops emitted on scalars (`scalar_op`,
    `widen_bf16` passed on); `env` holds its arguments (and any op's result
    given, e.g. a `linalg.index`, which is then not emitted); values from
    outside must be constants."""

    def get(v: SSAValue) -> SSAValue:
        if v in env:
            return env[v]
        owner = v.owner
        assert isinstance(owner, arith.ConstantOp)  # the planner checked it
        return scalar_op(b, owner, [], widen_bf16)

    for op in body.ops:
        if op is body.last_op:
            return [get(v) for v in op.operands]
        if op.results[0] in env:
            continue
        operands = [get(v) for v in op.operands]
        env[op.results[0]] = scalar_op(b, op, operands, widen_bf16)
    raise AssertionError("a linalg body ends with linalg.yield")
