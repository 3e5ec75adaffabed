"""Constants folded into an activation's argument, for sigmoid_form.py and
erfc_form.py.

A fused epilogue pays for every arithmetic instruction per output element
(about 0.5% of the product each at GPT-2's fc1 shape; bench/RESULTS.md
"Fifteenth session"). GELU's tanh form computes u = c0 (x + c1 x^3) and
then exp(-2u), which the driver computes as 2^(-2 log2(e) u): six
instructions before the exp2 where `x (B + A x^2)` with B = -2 log2(e) c0
and A = B c1 needs three (`scaled`). The values folded away must have no
other use; `remove_dead` erases them once the new ops are in place.
"""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import Float32Type, FloatAttr, IntegerAttr, ModuleOp
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

F32 = Float32Type()


def constant_value(value: SSAValue) -> float | None:
    """The value of a float `arith.constant`, or of `math.sqrt` of one
    (torch-mlir's f16 GELU computes sqrt(2) in its body), rounded to its
    type as the program computes it; else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, FloatAttr):
        return owner.value.value.data
    if isinstance(owner, math.SqrtOp):
        operand = constant_value(owner.operand)
        if operand is not None and operand >= 0:
            return FloatAttr(operand**0.5, owner.result.type).value.data
    return None


def times_constant(value: SSAValue) -> tuple[SSAValue, float] | None:
    """(w, c) where `value` = w * c (either order) or w / (1 / c), c from an
    f32 constant and `value` used once. (The value it folds into is an
    approximation either way: w * c's own rounding is not kept.)"""
    owner = value.owner
    if not value.has_one_use():
        return None
    if isinstance(owner, arith.DivfOp):
        divisor = constant_value(owner.rhs)
        if divisor:  # as torch-mlir exports GELU's x / sqrt(2)
            return owner.lhs, 1.0 / divisor
        return None
    if not isinstance(owner, arith.MulfOp):
        return None
    for w, c in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
        known = constant_value(c)
        if known is not None:
            return w, known
    return None


def _is_cube_of(value: SSAValue, x: SSAValue) -> bool:
    """Whether `value` (used once) is x^3: `fpowi(x, 3)` or (x x) x."""
    owner = value.owner
    if not value.has_one_use():
        return False
    if isinstance(owner, math.FPowIOp):
        exponent = owner.rhs.owner
        return (
            owner.lhs == x
            and isinstance(exponent, arith.ConstantOp)
            and isinstance(exponent.value, IntegerAttr)
            and exponent.value.value.data == 3
        )
    if not isinstance(owner, arith.MulfOp):
        return False
    for square, other in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
        inner = square.owner
        if (
            other == x
            and square.has_one_use()
            and isinstance(inner, arith.MulfOp)
            and inner.lhs == x
            and inner.rhs == x
        ):
            return True
    return False


def cubic(value: SSAValue) -> tuple[SSAValue, float] | None:
    """(x, c1) where `value` = x + c1 x^3 (either order of each op), every
    value in it used once but x."""
    owner = value.owner
    if not isinstance(owner, arith.AddfOp) or not value.has_one_use():
        return None
    for x, term in ((owner.lhs, owner.rhs), (owner.rhs, owner.lhs)):
        found = times_constant(term)
        if found is not None and _is_cube_of(found[0], x):
            return x, found[1]
    return None


def scaled(u: SSAValue, k: float) -> list[Operation]:
    """The ops of k u for the f32 `u`, its own constants folded in where u
    = c0 (x + c1 x^3) (three instructions) or u = c0 w (one); the last
    op's result is the product."""
    ops: list[Operation] = []

    def emit(op: Operation) -> SSAValue:
        ops.append(op)
        return op.results[0]

    def constant(v: float) -> SSAValue:
        return emit(arith.ConstantOp(FloatAttr(v, F32)))

    product = times_constant(u)
    if product is None:
        emit(arith.MulfOp(u, constant(k)))
        return ops
    w, c0 = product
    polynomial = cubic(w)
    if polynomial is None:
        emit(arith.MulfOp(w, constant(c0 * k)))
        return ops
    x, c1 = polynomial
    square = emit(arith.MulfOp(x, x))
    inner = emit(math.FmaOp(square, constant(c1 * c0 * k), constant(c0 * k)))
    emit(arith.MulfOp(inner, x))
    return ops


def remove_dead(block: Block) -> None:
    """Erase the block's arith and math ops whose results are unused, last
    first, so that chains go too (a linalg body has no other effects)."""
    for op in reversed(list(block.ops)):
        if op is block.last_op:
            continue
        name = op.name
        if (name.startswith("arith.") or name.startswith("math.")) and not any(
            r.uses for r in op.results
        ):
            Rewriter.erase_op(op)


def fold_quotients(module: ModuleOp) -> None:
    """`fold_quotients_in` every generic body of `module`."""
    for generic in [op for op in module.walk() if isinstance(op, GenericOp)]:
        fold_quotients_in(generic.body.block)


def fold_quotients_in(block: Block) -> None:
    """In f32: `(c / d) k` becomes `(c k) / d` and `w k (c / d)` becomes `w /
    d` where c k = 1 (c and k constants, every folded value used once).
    sigmoid_form's `2 / (1 + e)` is multiplied by GELU's 0.5 and x (as
    epilogue_cases and torch-mlir write GELU) or is SiLU's sigmoid times x:
    one division, no multiplies, per element."""
    for op in list(block.ops):
        if not isinstance(op, arith.MulfOp) or op.result.type != F32:
            continue
        for q_side, other in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            quotient = q_side.owner
            if not (isinstance(quotient, arith.DivfOp) and q_side.has_one_use()):
                continue
            c = constant_value(quotient.lhs)
            if c is None:
                continue
            k = constant_value(other)
            if k is not None:
                numerator = arith.ConstantOp(FloatAttr(c * k, F32))
                ops = [numerator, arith.DivfOp(numerator.result, quotient.rhs)]
            else:
                w, k = times_constant(other) or (other, 1.0)
                if c * k != 1.0:
                    continue
                ops = [arith.DivfOp(w, quotient.rhs)]
            Rewriter.insert_op(ops, InsertPoint.before(op))
            op.result.replace_all_uses_with(ops[-1].results[0])
            Rewriter.erase_op(op)
            break
    remove_dead(block)
