"""Widenings that MLIR's elementwise fusion merges into other element-wise
ops, split off again so that a product reads the narrow tensors
(`ReadNarrowInputs`, precision.py) and its matrix units take them:

- `SplitTrailingWidening`: an element-wise generic read by a product whose
  body ends in `arith.extf` of an f16/bf16 value (a layer's epilogue that
  absorbed the next layer's widening) yields the narrow value into a
  narrow tensor, and an identity `extf` generic widens that;
- `SplitPermutedWidening`: a generic that only widens its one input read
  through a permutation (a weight's transpose and extf merged) becomes
  `linalg.transpose` of the narrow input and the identity `extf` generic,
  which ReadTransposedInputs then folds into the product's maps.

Both only re-separate what was one op before the fusion: the program
computes the same values. A widening that no product then drops is fused
back by FuseElementwise.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    BFloat16Type,
    DenseArrayBase,
    Float16Type,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.attrs import IteratorTypeAttr
from xdsl.dialects.linalg.ops import GenericOp, TransposeOp, YieldOp
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import ContractionOp

_NARROW = (Float16Type, BFloat16Type)


def _parallel(op: GenericOp) -> bool:
    return all(str(t.data) == "parallel" for t in op.get_iterator_types())


def _feeds_products_only(op: GenericOp) -> bool:
    uses = list(op.res[0].uses)
    return bool(uses) and all(
        isinstance(u.operation, ContractionOp)
        and u.operation.operands[u.index] in u.operation.inputs
        for u in uses
    )


def widening(narrow: SSAValue, wide: Attribute) -> tuple[tensor.EmptyOp, GenericOp]:
    """tensor.empty and the identity element-wise `extf` of `narrow` to
    `wide` elements."""
    t = narrow.type
    assert isinstance(t, TensorType)
    rank = t.get_num_dims()
    empty = tensor.EmptyOp([], TensorType(wide, t.get_shape()))
    body = Block(arg_types=[t.element_type, wide])
    cast = arith.ExtFOp(body.args[0], wide)
    body.add_ops([cast, YieldOp(cast.result)])
    identity = AffineMapAttr(AffineMap.identity(rank))
    generic = GenericOp(
        [narrow],
        [empty.tensor],
        Region(body),
        [identity, identity],
        ArrayAttr([IteratorTypeAttr.parallel()] * rank),
        [empty.tensor.type],
    )
    return empty, generic


class SplitTrailingWidening(RewritePattern):
    """An element-wise generic that only products read, ending in `extf`
    of a narrow value -> the generic into a narrow tensor, then the
    identity `extf` generic (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        if len(op.res) != 1 or not _parallel(op) or not _feeds_products_only(op):
            return
        block = op.body.block
        yielded = block.last_op
        assert isinstance(yielded, YieldOp)
        (value,) = yielded.operands
        cast = value.owner
        if not isinstance(cast, arith.ExtFOp) or cast.parent_block() is not block:
            return
        narrow = cast.input.type
        if not isinstance(narrow, _NARROW) or value.uses.get_length() != 1:
            return
        if len(op.inputs) == 1 and cast.input is block.args[0]:
            return  # already the plain widening
        if block.args[-1].uses:
            return
        t = op.res[0].type
        assert isinstance(t, TensorType)
        out = tensor.EmptyOp([], TensorType(narrow, t.get_shape()))
        new_block = Block(arg_types=[*(a.type for a in block.args[:-1]), narrow])
        mapping: dict[SSAValue, SSAValue] = dict(
            zip(block.args[:-1], new_block.args[:-1], strict=True)
        )
        for inner in block.ops:
            if inner is cast or inner is yielded:
                continue
            new_block.add_op(inner.clone(value_mapper=mapping))
        new_block.add_op(YieldOp(mapping.get(cast.input, cast.input)))
        narrow_op = GenericOp(
            list(op.inputs),
            [out.tensor],
            Region(new_block),
            list(op.get_indexing_maps()),
            op.get_iterator_types(),
            [out.tensor.type],
        )
        empty, wide = widening(narrow_op.res[0], t.element_type)
        rewriter.insert([out], InsertPoint.before(op))
        rewriter.replace(op, [narrow_op, empty, wide], [wide.res[0]])


class SplitPermutedWidening(RewritePattern):
    """A generic that widens its one input read through a permutation, and
    that only products read -> `linalg.transpose` of the input, then the
    identity `extf` generic (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        if len(op.inputs) != 1 or len(op.res) != 1 or not _parallel(op):
            return
        if not _feeds_products_only(op):
            return
        in_map, out_map = (m.data for m in op.get_indexing_maps())
        rank = out_map.num_dims
        if out_map != AffineMap.identity(rank) or in_map == out_map:
            return
        if len(in_map.results) != rank or not all(
            isinstance(e, AffineDimExpr) for e in in_map.results
        ):
            return
        permutation = [e.position for e in in_map.results]  # type: ignore[attr-defined]
        if sorted(permutation) != list(range(rank)):
            return
        block = op.body.block
        body = list(block.ops)
        if len(body) != 2 or not isinstance(body[0], arith.ExtFOp):
            return
        if body[0].input is not block.args[0] or body[1].operands[0] is not (
            body[0].result
        ):
            return
        source = op.inputs[0]
        t = source.type
        assert isinstance(t, TensorType)
        shape = list(op.res[0].type.get_shape())  # type: ignore[attr-defined]
        init = tensor.EmptyOp([], TensorType(t.element_type, shape))
        transpose = TransposeOp(
            source,
            init.tensor,
            DenseArrayBase.from_list(i64, _transpose_permutation(in_map)),
            TensorType(t.element_type, shape),
        )
        empty, wide = widening(transpose.results[0], body[0].result.type)
        rewriter.replace(op, [init, transpose, empty, wide], [wide.res[0]])


def _transpose_permutation(in_map: AffineMap) -> list[int]:
    """linalg.transpose's `permutation` (output dim i is input dim perm[i])
    for a generic reading its input at `in_map` with an identity output:
    output (d0..) = input at in_map, so input dim j holds loop in_map[j]."""
    positions = [e.position for e in in_map.results]  # type: ignore[attr-defined]
    return [positions.index(i) for i in range(len(positions))]
