"""The SwiGLU of a gated mixture-of-experts export fused into one gated
`coopmlir.grouped_matmul` (after `FuseGroupedProduct`, grouped.py, has
named each product).

torch-mlir exports `F.silu(bmm(Wg[ids], x)) * bmm(Wu[ids], x)` as two
grouped products of the same rows (each with its own sort of the same
ids) and an element-wise generic (an f16 model widens the gate first):

    %g = coopmlir.grouped_matmul {scatter} ins(%x, %Wg, %rows, %offsets) ...
    %u = coopmlir.grouped_matmul {scatter} ins(%x, %Wu, %rows2, %offsets2) ...
    %y = linalg.generic ins(extf(%g), extf(%g), %u) {
      silu = a * (1 / (exp(-a) + 1))  (or a / (1 + exp(-a))), in f32
      yield truncf(silu) * b }

becomes

    %y = coopmlir.grouped_matmul {scatter} ins(%x, %Wg, %Wu, %rows, %offsets) ...

one kernel whose accumulators take silu(g) * u in f32, rounded once (the
export rounds g, silu(g) and u to f16 on the way: the fused result is the
more exact one). Anything else in the body, products of other rows or
weights, or another use of g or u leaves the program as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, math, tensor
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Block, BlockArgument, Operation, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.passes.recognize_frontend.attention_export import float_constant
from coopmlir.passes.recognize_frontend.unused import erase_unused

_CASTS = (arith.ExtFOp, arith.TruncFOp)


def _uncast(value: SSAValue) -> SSAValue:
    """`value` through any float widening or narrowing."""
    while isinstance(value.owner, _CASTS):
        value = value.owner.input
    return value


def _one(value: SSAValue) -> bool:
    return float_constant(value) == 1.0


def _operands(op: Operation | Block, kind: type) -> tuple[SSAValue, SSAValue] | None:
    return (op.operands[0], op.operands[1]) if isinstance(op, kind) else None


def _one_plus_exp_neg(value: SSAValue) -> SSAValue | None:
    """a where `value` is exp(-a) + 1 (either order), else None."""
    pair = _operands(value.owner, arith.AddfOp)
    if pair is None:
        return None
    for e, one in (pair, pair[::-1]):
        if _one(one) and isinstance(e.owner, math.ExpOp):
            negated = e.owner.operand
            if isinstance(negated.owner, arith.NegfOp):
                return _uncast(negated.owner.operand)
    return None


def _silu_argument(value: SSAValue, op: GenericOp) -> SSAValue | None:
    """a where `value` is silu(a) as a * (1 / (1 + exp(-a))) or
    a / (1 + exp(-a)) in the body of `op` (casts looked through; the two
    a's may be block arguments of the same input), else None."""

    def same(x: SSAValue, y: SSAValue) -> bool:
        return x is y or _input(op, x) is _input(op, y) is not None

    value = _uncast(value)
    quotient = _operands(value.owner, arith.DivfOp)
    if quotient is not None:
        a = _one_plus_exp_neg(quotient[1])
        return a if a is not None and same(a, _uncast(quotient[0])) else None
    product = _operands(value.owner, arith.MulfOp)
    if product is None:
        return None
    for a, sigmoid in (product, product[::-1]):
        inverse = _operands(sigmoid.owner, arith.DivfOp)
        if inverse is not None and _one(inverse[0]):
            inner = _one_plus_exp_neg(inverse[1])
            if inner is not None and same(inner, _uncast(a)):
                return inner
    return None


def _input(op: GenericOp, value: SSAValue) -> SSAValue | None:
    """The input of `op` that `value`, a block argument of its body, reads."""
    block = op.body.block
    if not isinstance(value, BlockArgument) or value.owner is not block:
        return None
    return op.inputs[value.index] if value.index < len(op.inputs) else None


def _widened(value: SSAValue) -> SSAValue:
    """The source of `value` when it is an element-wise generic that only
    widens it (an f16 model's extf), else `value`."""
    op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1:
        return value
    block = op.body.block
    first = block.first_op
    if (
        isinstance(first, arith.ExtFOp)
        and first.input is block.args[0]
        and isinstance(block.last_op, YieldOp)
        and block.last_op.operands[0] is first.result
    ):
        return op.inputs[0]
    return value


def _same_rows(g: GroupedMatmulOp, u: GroupedMatmulOp) -> bool:
    """Whether both products take the same rows of the same tokens (the
    same rows and offsets, or sorts of the same ids) with the same flags."""
    if g.x is not u.x or (g.scatter is None) != (u.scatter is None):
        return False
    if (g.weights_kn is None) != (u.weights_kn is None):
        return False
    if (g.f16_sums is None) != (u.f16_sums is None):  # one accumulator type
        return False
    if g.rows is u.rows and g.offsets is u.offsets:
        return True
    sorts = [v.owner for v in (g.rows, g.offsets, u.rows, u.offsets)]
    if not all(isinstance(s, SortByExpertOp) for s in sorts):
        return False
    gs, us = sorts[0], sorts[2]
    return (
        sorts[1] is gs
        and sorts[3] is us
        and gs.ids is us.ids  # type: ignore[union-attr]
        and g.rows is gs.results[0]  # type: ignore[union-attr]
        and u.rows is us.results[0]  # type: ignore[union-attr]
    )


@dataclass(frozen=True)
class FuseGroupedSwiglu(RewritePattern):
    """silu(grouped gate) * grouped up, element-wise (module doc) -> one
    gated coopmlir.grouped_matmul."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        if len(op.res) != 1 or not isinstance(op.res[0].type, TensorType):
            return
        rank = len(op.res[0].type.get_shape())
        if any(m.data != AffineMap.identity(rank) for m in op.indexing_maps):
            return
        block = op.body.block
        yielded = block.last_op
        if not isinstance(yielded, YieldOp) or len(yielded.operands) != 1:
            return
        product = _operands(_uncast(yielded.operands[0]).owner, arith.MulfOp)
        if product is None:
            return
        for silu, up in (product, product[::-1]):
            gate = _silu_argument(silu, op)
            if gate is None:
                continue
            gate_input, up_input = _input(op, gate), _input(op, _uncast(up))
            if gate_input is None or up_input is None:
                continue
            found = self._products(op, gate_input, up_input)
            if found is not None:
                self._rewrite(op, *found, rewriter)
                return

    @staticmethod
    def _products(
        op: GenericOp, gate: SSAValue, up: SSAValue
    ) -> tuple[GroupedMatmulOp, GroupedMatmulOp] | None:
        """The gate and up products behind inputs `gate` and `up` of `op`."""
        g, u = _widened(gate).owner, _widened(up).owner
        if not isinstance(g, GroupedMatmulOp) or not isinstance(u, GroupedMatmulOp):
            return None
        if g is u or g.gated or u.gated or not _same_rows(g, u):
            return None
        if g.res[0].type != u.res[0].type:
            return None
        if g.weights[0].type != u.weights[0].type:
            return None
        # No other reader of either product (its widening read only here).
        for product in (g, u):
            for use in product.res[0].uses:
                reader = use.operation
                if reader is op:
                    continue
                if (
                    not reader.results
                    or _widened(reader.results[0]) is reader.results[0]
                ):
                    return None
                if any(r.operation is not op for r in reader.results[0].uses):
                    return None
        return g, u

    @staticmethod
    def _rewrite(
        op: GenericOp,
        g: GroupedMatmulOp,
        u: GroupedMatmulOp,
        rewriter: PatternRewriter,
    ) -> None:
        where = InsertPoint.before(op)
        out_type = op.res[0].type
        assert isinstance(out_type, TensorType)
        init = tensor.EmptyOp([], out_type)
        fused = GroupedMatmulOp(
            [g.x, g.weights[0], u.weights[0], g.rows, g.offsets],
            init.tensor,
            weights_kn=g.weights_kn is not None,
            scatter=g.scatter is not None,
            f16_sums=g.f16_sums is not None,
        )
        rewriter.insert(init, where)
        rewriter.insert(fused, where)
        producers = [v.owner for v in op.operands]
        rewriter.replace(op, [], [fused.res[0]])
        for producer in dict.fromkeys(producers):  # widenings, the empty
            if isinstance(producer, Operation):
                erase_unused(rewriter, producer)
        # The separate products and u's sort (the fused one reads g's).
        for product in (g, u):
            if product.res[0].uses:
                continue
            operands = [v.owner for v in product.operands]
            rewriter.erase(product)
            for producer in dict.fromkeys(operands):
                if isinstance(producer, SortByExpertOp) and not any(
                    r.uses for r in producer.results
                ):
                    outputs = [v.owner for v in producer.outputs]
                    rewriter.erase(producer)
                    for empty in outputs:
                        if isinstance(empty, Operation):
                            erase_unused(rewriter, empty)
                elif isinstance(producer, Operation):
                    erase_unused(rewriter, producer)
