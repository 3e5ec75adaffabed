"""`tensor.concat` as MLIR's concat decomposition writes it: a `tensor.empty`
of the result and one `tensor.insert_slice` per input, which
bufferize-matmul bufferizes as copies into views of one buffer.

Run after FuseAttention, which reads gpt-oss's sink column as a concat; a
concat it leaves (a near miss, or any model's `torch.cat`) is computed.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, TensorType
from xdsl.dialects.linalg.ops import GenericOp, IteratorTypeAttr, YieldOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import ContractionOp


@dataclass(frozen=True)
class DecomposeConcat(RewritePattern):
    """A concat of statically shaped tensors becomes inserts into an empty
    tensor of its type (at its location); a dynamic one is left for
    bufferize-matmul to refuse with its location."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tensor.ConcatOp):
            return
        types = [op.result.type, *(x.type for x in op.inputs)]
        if not all(isinstance(t, TensorType) and t.has_static_shape() for t in types):
            return
        dim = op.dim.value.data
        new: list[Operation] = [empty := tensor.EmptyOp([], op.result.type)]
        dest, offset = empty.tensor, 0
        for x in op.inputs:
            shape = x.type.get_shape()  # type: ignore[union-attr]
            offsets = [offset if d == dim else 0 for d in range(len(shape))]
            new.append(
                insert := tensor.InsertSliceOp.from_static_parameters(
                    x, dest, offsets, shape
                )
            )
            dest, offset = insert.result, offset + shape[dim]
        for created in new:
            created.location = op.location
        rewriter.replace_op(op, new, [dest])


@dataclass(frozen=True)
class CopyStridedSlice(RewritePattern):
    """A `tensor.extract_slice` that keeps part of its source's last
    dimension (a strided view once bufferized, which a product cannot read:
    `[..., :-1]` of the concat above) read by anything but another view is
    copied into a tensor of its own by an element-wise generic when a
    contraction reads it (through reshapes)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, tensor.ExtractSliceOp) or op.sizes:
            return
        source, result = op.source.type, op.result.type
        if not isinstance(source, TensorType) or not isinstance(result, TensorType):
            return
        if source.get_shape()[-1] == result.get_shape()[-1]:
            return
        if not _read_by_product(op.result):
            return  # loop kernels and transposes read strided views themselves
        rank = len(result.get_shape())
        identity = AffineMapAttr(AffineMap.identity(rank))
        empty = tensor.EmptyOp([], result)
        block = Block(arg_types=[result.element_type, result.element_type])
        block.add_op(YieldOp(block.args[0]))
        copy = GenericOp(
            [op.result],
            [empty.tensor],
            Region(block),
            ArrayAttr([identity, identity]),
            ArrayAttr([IteratorTypeAttr.parallel()] * rank),
            [result],
        )
        for created in (empty, copy):
            created.location = op.location
        rewriter.insert([empty, copy], InsertPoint.after(op))
        op.result.replace_uses_with_if(copy.res[0], lambda u: u.operation is not copy)


def _read_by_product(value: SSAValue) -> bool:
    """Whether a contraction reads `value`, itself or through reshapes."""
    for use in value.uses:
        user = use.operation
        if isinstance(user, ContractionOp):
            return True
        if isinstance(user, tensor.CollapseShapeOp | tensor.ExpandShapeOp):
            if _read_by_product(user.result):
                return True
    return False
