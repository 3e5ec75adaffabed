"""`1 + erf(u)` in element-wise bodies becomes erfc(-u), computed as
`u < 0 ? q : 2 - q` with q = erfc(|u|) (scalar_expansions.erfc_of_magnitude).

The two are equal; the second takes one exp2 and a polynomial, where erf(u)
and then the sum took an exp and a division, and it is the more accurate:
within 7e-8 of 1 + erf(u) in f32, where erf(u) then the sum was within
5.3e-7 (erf's error, and its rounding near -1, where the sum cancels).
It is the erf form of GELU, `0.5 x (1 + erf(x / sqrt(2)))`, as PyTorch
exports `gelu` and as `torch.nn.functional.gelu` computes it.

`erfc_forms` rewrites every `linalg.generic` body of a module in place,
beside sigmoid_form's rewrite and for the same reason: each kernel that
inlines a body then emits the cheaper form. u = x c or x / (1 / c) with a
constant c > 0 (GELU's 1 / sqrt(2)) is folded into P's coefficients
(constant_folding.py): no product or division of x is left.
A bf16 body computes it in f32
(its constants would round to bf16) and rounds the sum to bf16, as its own
add would. An erf with another use stays.
"""

from __future__ import annotations

from math import log2 as math_log2

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    ModuleOp,
)
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.passes.lower_to_coopmat.constant_folding import (
    constant_value,
    remove_dead,
    times_constant,
)
from coopmlir.passes.lower_to_coopmat.scalar_expansions import erfc_of_magnitude
from coopmlir.passes.lower_to_coopmat.sigmoid_form import one_plus


def one_plus_erf_ops(u: SSAValue, t: Attribute, factor: float = 1.0) -> list[Operation]:
    """The ops of `factor (1 + erf(u))` for `u` of type `t` (f16, f32 or
    bf16) and a power of two `factor` (its log2 added to P, exactly); the
    last one's result is the sum, of type `t`."""
    compute = Float32Type() if isinstance(t, BFloat16Type) else t
    ops: list[Operation] = []

    def emit(op: Operation) -> SSAValue:
        ops.append(op)
        return op.results[0]

    def constant(v: float) -> SSAValue:
        return emit(arith.ConstantOp(FloatAttr(v, compute)))  # pyright: ignore

    scale = 1.0
    product = times_constant(u)
    if product is not None and product[1] > 0:
        # u = x c: erfc(c |x|), c folded into P's coefficients, which are
        # rounded to the body's type once either way.
        u, scale = product
    if compute != t:
        u = emit(arith.ExtFOp(u, compute))
    log2_factor = float(round(math_log2(factor)))
    q = erfc_of_magnitude(emit(math.AbsFOp(u)), constant, emit, scale, log2_factor)
    negative = emit(arith.CmpfOp(u, constant(0.0), "olt"))
    twice = constant(2.0 * factor)
    result = emit(arith.SelectOp(negative, q, emit(arith.SubfOp(twice, q))))
    if compute != t:
        emit(arith.TruncFOp(result, t))
    return ops


def power_of_two_factor(value: SSAValue) -> tuple[Operation, SSAValue | None, float]:
    """(product, w, k) where `value`'s only use is `product` = value k or
    value (w k) (either order, w k used once), k a power of two (GELU's
    0.5); else (value's owner, None, 1.0): no factor."""
    uses = list(value.uses)
    product = uses[0].operation if len(uses) == 1 else None
    if isinstance(product, arith.MulfOp):
        other = product.rhs if product.lhs == value else product.lhs
        known = constant_value(other)
        if known is not None and _is_power_of_two(known):
            return product, None, known
        found = times_constant(other)
        if found is not None and _is_power_of_two(found[1]):
            return product, found[0], found[1]
    assert value.owner is not None
    return value.owner, None, 1.0  # pyright: ignore


def _is_power_of_two(k: float) -> bool:
    return k > 0 and math_log2(k) == round(math_log2(k))


def erfc_forms(module: ModuleOp) -> None:
    """Rewrite `1 + erf(u)` as erfc(-u) in every generic body, a power-of-two
    factor of the sum (GELU's 0.5) folded into P."""
    floats = (Float16Type, Float32Type, BFloat16Type)
    for generic in [op for op in module.walk() if isinstance(op, GenericOp)]:
        for add in list(generic.body.block.ops):
            erf = one_plus(add, math.ErfOp)
            if erf is None or not isinstance(t := erf.results[0].type, floats):
                continue  # vectors and f64 stay
            replaced, w, factor = power_of_two_factor(add.results[0])
            ops = one_plus_erf_ops(erf.operands[0], t, factor)
            if w is not None:  # (w k) (1 + erf(u)) = w (k (1 + erf(u)))
                ops.append(arith.MulfOp(w, ops[-1].results[0]))
            Rewriter.insert_op(ops, InsertPoint.before(replaced))
            replaced.results[0].replace_all_uses_with(ops[-1].results[0])
            for op in (replaced, add) if replaced is not add else (add,):
                Rewriter.erase_op(op)
            Rewriter.erase_op(erf)
            remove_dead(generic.body.block)  # u = x c and w k, folded in
