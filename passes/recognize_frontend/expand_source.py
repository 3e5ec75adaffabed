"""Unit dimensions a generic reads through (`GenericReadsExpandSource`): an
input of a `linalg.generic` on tensors that is a `tensor.expand_shape`
adding only size-1 dimensions, indexed there by the constant 0, is read
from the expand's source, the map keeping its other results.

An eval-mode BatchNorm that torch-mlir exports reads its per-channel
vectors so:

    %e = tensor.expand_shape %v [[0, 1, 2]] output_shape [16, 1, 1]
        : tensor<16xf32> into tensor<16x1x1xf32>
    linalg.generic {maps = [..., (d0, d1, d2, d3) -> (d1, 0, 0), ...]}
        ins(..., %e, ...)

becomes `ins(..., %v, ...)` with the map `(d0, d1, d2, d3) -> (d1)`: a
per-channel vector, which a convolution's epilogue reads as such.
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr, TensorType
from xdsl.dialects.linalg.ops import GenericOp
from xdsl.ir.affine import AffineConstantExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from coopmlir.passes.recognize_frontend.unused import erase_unused


def _kept_results(expand: tensor.ExpandShapeOp, reads: AffineMap) -> list[int] | None:
    """The results of `reads` (a map into the expand's result) that index
    the source's dimensions, if every other one is a constant 0 on a
    dimension of size 1 that the expand added; None otherwise."""
    source, result = expand.src.type, expand.result.type
    if not isinstance(source, TensorType) or not isinstance(result, TensorType):
        return None
    src_shape, shape = source.get_shape(), result.get_shape()
    kept = []
    for group, size in zip(expand.reassociation, src_shape, strict=True):
        dims = [d.value.data for d in group]  # type: ignore[attr-defined]
        wide = [d for d in dims if shape[d] != 1] or dims[:1]
        if len(wide) != 1 or shape[wide[0]] != size:
            return None
        for d in dims:
            if d == wide[0]:
                continue
            expr = reads.results[d]
            if not (isinstance(expr, AffineConstantExpr) and expr.value == 0):
                return None
        kept.append(wide[0])
    return kept


class GenericReadsExpandSource(RewritePattern):
    """A generic's input that adds unit dimensions -> its source (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        if not op.res:
            return
        maps = [m.data for m in op.get_indexing_maps()]
        inputs = list(op.inputs)
        expands = []
        for position, value in enumerate(inputs):
            expand = value.owner
            if (
                not isinstance(expand, tensor.ExpandShapeOp)
                or expand.dynamic_output_shape
            ):
                continue
            kept = _kept_results(expand, maps[position])
            if kept is None:
                continue
            reads = maps[position]
            maps[position] = AffineMap(
                reads.num_dims, reads.num_symbols, tuple(reads.results[d] for d in kept)
            )
            inputs[position] = expand.src
            expands.append(expand)
        if not expands:
            return
        op.operands = (*inputs, *op.outputs)
        op.properties["indexing_maps"] = ArrayAttr([AffineMapAttr(m) for m in maps])
        rewriter.notify_op_modified(op)
        for expand in expands:
            erase_unused(rewriter, expand)
