"""A batch product whose B is one matrix broadcast over the batch becomes one
matrix product over all the rows (`SharedWeightProduct`).

`torch.matmul` of a 3-D activation that is not contiguous by a weight (the
GPT-2 block's output projection, after the heads are merged) is exported as

    %wb = linalg.generic {indexing_maps = [(b, k, n) -> (k, n), identity]}
        ins(%w : tensor<KxN>) outs(%e : tensor<BxKxN>) { linalg.yield %in }
    %y = linalg.batch_matmul ins(%x, %wb : tensor<BxMxK>, tensor<BxKxN>)
        outs(%acc : tensor<BxMxN>)

which copies the weight B times and runs B products of M rows. It becomes

    %x2 = tensor.collapse_shape %x [[0, 1], [2]] : BxMxK into (B*M)xK
    %acc2 = tensor.collapse_shape %acc [[0, 1], [2]]
    %y2 = linalg.matmul ins(%x2, %w) outs(%acc2)
    %y = tensor.expand_shape %y2 [[0, 1], [2]] output_shape [B, M, N]

the same sums in the same order (each output element is one K-term sum
either way). The broadcast goes when nothing else reads it.
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, TensorType, i64
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp, GenericOp, YieldOp
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import (
    BatchMatmulOp,
    MixedPrecisionMatmulOp,
)
from coopmlir.passes.recognize_frontend.unused import erase_unused

#: Batch and rows merged, the last dimension kept.
_ROWS = ArrayAttr(
    [
        ArrayAttr([IntegerAttr(0, i64), IntegerAttr(1, i64)]),
        ArrayAttr([IntegerAttr(2, i64)]),
    ]
)


def broadcast_matrix(value: SSAValue) -> SSAValue | None:
    """The matrix that `value`'s producer broadcasts over a leading batch
    dimension, or None: a copy `linalg.generic` reading it through
    (b, i, j) -> (i, j), or `linalg.broadcast` with `dimensions = [0]`."""
    op = value.owner
    if isinstance(op, BroadcastOp):
        dimensions = tuple(op.dimensions.get_values())
        return op.input if dimensions == (0,) else None
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    reads, writes = (m.data for m in op.indexing_maps.data)
    if writes != AffineMap.identity(3) or reads != AffineMap.from_callable(
        lambda b, i, j: (i, j)
    ):
        return None
    if any(str(t.data) != "parallel" for t in op.iterator_types.data):
        return None
    body = op.body.block
    yielded = body.last_op
    if not isinstance(yielded, YieldOp) or yielded.operands[0] is not body.args[0]:
        return None
    return op.inputs[0]


def _rows(value: SSAValue, rewriter: PatternRewriter, where: InsertPoint):
    """`value` (BxMxK) as (B*M)xK, by a tensor.collapse_shape put at `where`."""
    b, m, k = value.type.get_shape()  # type: ignore[union-attr]
    element = value.type.element_type  # type: ignore[union-attr]
    op = tensor.CollapseShapeOp(
        operands=[value],
        result_types=[TensorType(element, [b * m, k])],
        properties={"reassociation": _ROWS},
    )
    rewriter.insert(op, where)
    return op.results[0]


def _accumulator(acc: SSAValue, rewriter: PatternRewriter, where: InsertPoint):
    """The (B*M)xN accumulator: a fill of its own when `acc` is a fill (so
    that the product still starts from it in registers), else `acc`
    collapsed."""
    fill = acc.owner
    if not isinstance(fill, FillOp):
        return _rows(acc, rewriter, where)
    b, m, n = acc.type.get_shape()  # type: ignore[union-attr]
    empty = tensor.EmptyOp([], TensorType(acc.type.element_type, [b * m, n]))  # type: ignore[union-attr]
    new = FillOp([fill.inputs[0]], [empty.results[0]], [empty.results[0].type])
    rewriter.insert([empty, new], where)
    return new.results[0]


def _static(value: SSAValue) -> bool:
    return isinstance(value.type, TensorType) and value.type.has_static_shape()


class SharedWeightProduct(RewritePattern):
    """A batch_matmul on static tensors whose B broadcasts one matrix over
    the batch becomes a matmul over the collapsed rows (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: BatchMatmulOp, rewriter: PatternRewriter) -> None:
        maps = tuple(m.data for m in op.get_indexing_maps().data)
        if not op.res or maps != tuple(op.get_default_indexing_maps()):
            return
        weight = broadcast_matrix(op.inputs[1])
        x, acc = op.inputs[0], op.outputs[0]
        if weight is None or not (_static(x) and _static(acc)):
            return
        here = InsertPoint.before(op)
        rows = _rows(x, rewriter, here)  # first: the fill stays next to the product
        into = _accumulator(acc, rewriter, here)
        product = MixedPrecisionMatmulOp(
            [rows, weight], [into], [into.type], cast=op.cast
        )
        product.location = op.location
        rewriter.insert(product, here)
        result = op.res[0].type
        expand = tensor.ExpandShapeOp(
            product.results[0], [], _ROWS, list(result.get_shape()), result
        )
        dropped = (op.inputs[1].owner, acc.owner)
        rewriter.replace(op, expand)
        for producer in dropped:
            erase_unused(rewriter, producer)
