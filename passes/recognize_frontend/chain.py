"""The matmul-chain front end (`FuseChain`), the MLP case: `matmul ->
element-wise -> matmul -> ...` on tensors becomes one `coopmlir.chain`.

Recognized, from the last product back: plain `linalg.matmul`s on tensors
from a zero fill, each fed by all-parallel single-input `linalg.generic`s
(arith and math bodies, f32 in; the last may truncate to the input type)
on the previous product's f32 result, every intermediate used once. Each
function between two products becomes a region of the chain.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import Float32Type
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.chain import YieldOp as ChainYieldOp
from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.passes.recognize_frontend.products import (
    replace_fused,
    zero_filled_product,
)

F32 = Float32Type()


class FuseChain(RewritePattern):
    """The last product of a matmul chain (module doc) and the products and
    generics before it become one `coopmlir.chain` (at the last product's
    location); the fills, `tensor.empty`s and constants only they used go
    too."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ContractionOp, rewriter: PatternRewriter) -> None:
        matched = _match(op)
        if matched is not None:
            replace_fused(rewriter, op, *matched)


def _plain_product(op: Operation | None) -> bool:
    """A (M x K) @ (K x N) on tensors from a zero fill."""
    product = zero_filled_product(op, (False, False, False))
    return product is not None and product[0].batch == 0


def _activation(value: SSAValue) -> GenericOp | None:
    """The single-input, all-parallel, identity-mapped generic making `value`."""
    op = value.owner
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    if value.uses.get_length() != 1:
        return None
    kinds = {str(t.data) for t in op.iterator_types.data}
    maps = [m.data for m in op.indexing_maps.data]
    if kinds != {"parallel"} or any(m != AffineMap.identity(2) for m in maps):
        return None
    body = list(op.body.block.ops)
    if any(o.dialect_name() not in ("arith", "math") for o in body[:-1]):
        return None
    return op


def _match(last: ContractionOp) -> tuple[ChainOp, set[Operation]] | None:
    """The `coopmlir.chain` that `last` ends, and the ops it covers."""
    if not _plain_product(last) or any(
        isinstance(use.operation, ContractionOp | GenericOp)
        for r in last.res
        for use in r.uses
    ):
        return None  # not the end of a chain: fused from its end
    products, functions = [last], []
    while True:
        value, generics = products[0].inputs[0], []
        while (generic := _activation(value)) is not None:
            generics.insert(0, generic)
            value = generic.inputs[0]
        producer = value.owner
        if not generics or value.uses.get_length() != 1 or not _plain_product(producer):
            break
        assert isinstance(producer, ContractionOp)
        if producer.res[0].type.element_type != F32:  # type: ignore[union-attr]
            break
        region = _function(generics, products[0].inputs[0].type)
        if region is None:
            break
        products.insert(0, producer)
        functions.insert(0, (region, generics))
    if not functions:
        return None
    out = last.outputs[0].owner
    assert isinstance(out, FillOp)
    inputs = [products[0].inputs[0], *(p.inputs[1] for p in products)]
    fused = ChainOp(inputs, out.outputs[0], [r for r, _ in functions])
    return fused, {*products, *(g for _, gs in functions for g in gs)}


def _function(generics: list[GenericOp], next_type: Attribute) -> Region | None:
    """The generics' bodies as one f32 -> f32 function (constants from outside
    cloned in; a final truncf to the next product's input type dropped: the
    kernel rounds there), or None if they are not that."""
    block = Block(arg_types=[F32])
    current: SSAValue = block.args[0]
    for i, generic in enumerate(generics):
        body = generic.body.block
        if body.args[0].type != F32:
            return None
        mapping: dict[SSAValue, SSAValue] = {body.args[0]: current}
        ops = list(body.ops)
        yielded = ops[-1]
        assert isinstance(yielded, YieldOp)
        for op in ops[:-1]:
            for operand in op.operands:
                if operand in mapping or operand.owner.parent_block() is body:
                    continue
                if not isinstance(operand.owner, arith.ConstantOp):
                    return None
                copy = operand.owner.clone()
                block.add_op(copy)
                mapping[operand] = copy.result
            if (
                isinstance(op, arith.TruncFOp)
                and op is ops[-2]
                and i == len(generics) - 1
            ):
                mapping[op.result] = mapping[op.input]
                continue
            copy = op.clone(value_mapper=mapping)
            block.add_op(copy)
            mapping.update(zip(op.results, copy.results, strict=True))
        current = mapping.get(yielded.operands[0], yielded.operands[0])
        if current.type != F32:
            return None
    if next_type.element_type == F32 and any(  # type: ignore[union-attr]
        isinstance(o, arith.TruncFOp) for g in generics for o in g.body.block.ops
    ):
        return None
    block.add_op(ChainYieldOp(current))
    return Region(block)
