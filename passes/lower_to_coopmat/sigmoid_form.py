"""`1 + tanh(u)` in element-wise bodies becomes `2 / (1 + exp(-2 u))`.

The two are equal (1 + tanh(u) = 2 sigmoid(2u)); the second needs one exp
and one division and no tanh. It is the tanh form of GELU,
`0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))`, as PyTorch exports
`gelu(approximate="tanh")` and as cuBLASLt's epilogue computes it. On the
H200 a GEMM's fused GELU cost 36% over the plain GEMM through GLSL's f32
Tanh, 15% through scalar_expansions.tanh and 6% in this form (bench/
RESULTS.md "Fourteenth session"). It is also the more accurate one where
tanh(u) nears -1: no cancellation in the sum.

In f32 bodies the exp is an exp2 with the argument's constants folded in
(constant_folding.py): `u = c0 (x + c1 x^3)` and `-2u` and the exp's own
log2(e) become `x (B + A x^2)`, three instructions where there were seven.

`sigmoid_forms` rewrites every `linalg.generic` body of a module in place,
once everything is planned (lower-to-coopmat), so that each kernel that
inlines a body (fused epilogues, loop kernels) emits the cheaper form. A
tanh with another use stays.
"""

from __future__ import annotations

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import AnyFloat, Float32Type, FloatAttr, ModuleOp
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir import Operation, SSAValue
from xdsl.rewriter import InsertPoint, Rewriter

from coopmlir.passes.lower_to_coopmat.constant_folding import (
    constant_value,
    remove_dead,
    scaled,
)

LOG2_E = 1.4426950408889634


def _is_one(value: SSAValue) -> bool:
    return constant_value(value) == 1.0


def one_plus(add: Operation, kind: type[Operation]) -> Operation | None:
    """The op of type `kind` (a math op of one operand) of `add` = `f(u) +
    1` (either order), where the sum is its only use (erfc_form too)."""
    if not isinstance(add, arith.AddfOp):
        return None
    for f_side, other in ((add.lhs, add.rhs), (add.rhs, add.lhs)):
        owner = f_side.owner
        if isinstance(owner, kind) and _is_one(other):
            if owner.results[0].has_one_use():
                return owner
    return None


def sigmoid_forms(module: ModuleOp) -> None:
    """Rewrite `1 + tanh(u)` as `2 / (1 + exp(-2 u))` in every generic body."""
    for generic in [op for op in module.walk() if isinstance(op, GenericOp)]:
        for add in list(generic.body.block.ops):
            tanh = one_plus(add, math.TanhOp)
            if tanh is None or not isinstance(t := tanh.results[0].type, AnyFloat):
                continue  # vectors stay
            if isinstance(t, Float32Type):
                # exp(-2u) = 2^(-2 log2(e) u), u's constants folded in.
                ops = scaled(tanh.operands[0], -2.0 * LOG2_E)
                ops.append(grown := math.Exp2Op(ops[-1].results[0]))
            else:
                minus_two = arith.ConstantOp(FloatAttr(-2.0, t))
                ops = [minus_two, arith.MulfOp(tanh.operands[0], minus_two.result)]
                ops.append(grown := math.ExpOp(ops[-1].results[0]))
            one = arith.ConstantOp(FloatAttr(1.0, t))
            two = arith.ConstantOp(FloatAttr(2.0, t))
            denominator = arith.AddfOp(grown, one)
            quotient = arith.DivfOp(two, denominator)
            ops += [one, two, denominator, quotient]
            Rewriter.insert_op(ops, InsertPoint.before(add))
            add.results[0].replace_all_uses_with(quotient.result)
            Rewriter.erase_op(add)
            Rewriter.erase_op(tanh)
            remove_dead(generic.body.block)  # what `scaled` folded away
