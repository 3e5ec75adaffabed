"""Give a product's element-wise consumers the product's own shape, so that
they reach lower-to-coopmat as an epilogue of M x N matrices: torch-mlir
computes `nn.Linear` on a 2-D view of a (B, S, D) activation and expands
the result back, so bias, residual add, activations and casts arrive as
3-D generics over `tensor.expand_shape` of the product:

    %p = linalg.matmul ... -> tensor<(B*S)xNxf32>
    %e = tensor.expand_shape %p [[0, 1], [2]] : ... into tensor<BxSxNxf32>
    %r = linalg.generic {all parallel, maps (d0, d1, d2) -> (d0, d1, d2)...}
           ins(%e, %x : tensor<BxSxN..>, ...) outs(%init : tensor<BxSxN..>)

`MergeLeadingDims` makes such a generic one over (d0 * d1, d2): every
operand read as (d0, d1, ...) is read through `tensor.collapse_shape` (an
expand_shape of the same grouping is looked through), operands that use
neither d0 nor d1 (a bias over d2) keep their maps (where B = 1, so do
operands over (d1, ...) alone), the output is a fresh `tensor.empty` (its
collapse, where the body reads it), and the result is expanded back for
its users. `FoldCollapseOfExpand` then drops the
collapse of an expand that restores its source, so a chain of such
generics ends up on the product's matrix, and `FuseElementwise` merges it.

It applies to an all-parallel generic on static tensors that reads
through an expand_shape a product's result (directly or through other
element-wise generics) and whose body reads no `linalg.index`; a generic
of one such operand whose result a reduction reads (a norm's cast of its
input) keeps its shape, so the norms' ops stay as the norm kernel finds
them (a residual add before a norm, of two operands, does not).
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.ops import GenericOp, IndexOp
from xdsl.ir import Attribute, SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import ContractionOp


class FoldCollapseOfExpand(RewritePattern):
    """`tensor.collapse_shape (tensor.expand_shape %x)` that restores %x's
    shape with the same grouping -> %x."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: tensor.CollapseShapeOp, rewriter: PatternRewriter):
        expand = op.src.owner
        if (
            isinstance(expand, tensor.ExpandShapeOp)
            and expand.src.type == op.result.type
            and _groups(expand.reassociation) == _groups(op.reassociation)
        ):
            rewriter.replace(op, [], [expand.src])


class MergeLeadingDims(RewritePattern):
    """An element-wise generic over (d0, d1, ...) after a product -> the
    same generic over (d0 * d1, ...), its result expanded back (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        if not _applies(op):
            return
        maps = [m.data for m in op.get_indexing_maps()]
        n_in = len(op.inputs)
        rank = maps[0].num_dims
        # (d0, d1) -> d0, d_i -> d_(i-1); an operand over d1 alone (B = 1)
        # reads d1 as the merged loop.
        shift: list[AffineExpr] = [AffineDimExpr(0)] + [
            AffineDimExpr(i - 1) for i in range(1, rank)
        ]
        new_maps, operands = [], []
        for value, amap in zip([*op.inputs, *op.outputs], maps, strict=True):
            kept = amap
            if 0 in amap.used_dims():
                kept = AffineMap(amap.num_dims, 0, amap.results[1:])
                if value in op.outputs:
                    value = self._output(op, value, rewriter)
                else:
                    value = _collapsed(value, rewriter, op)
            new_maps.append(kept.replace_dims_and_symbols(shift, [], rank - 1, 0))
            operands.append(value)
        (result,) = op.res
        out_type = operands[-1].type
        iterators = ArrayAttr(op.get_iterator_types().data[1:])
        new = GenericOp(
            operands[:n_in],
            operands[n_in:],
            rewriter.move_region_contents_to_new_regions(op.body),
            [AffineMapAttr(m) for m in new_maps],
            iterators,
            [out_type],
        )
        shape = result.type.get_shape()  # pyright: ignore
        expand = tensor.ExpandShapeOp(
            new.res[0], [], _leading_pair(len(shape)), shape, result.type
        )
        rewriter.replace(op, [new, expand], [expand.result])

    @staticmethod
    def _output(op: GenericOp, value: SSAValue, rewriter: PatternRewriter):
        if op.body.block.args[-1].uses:
            return _collapsed(value, rewriter, op)
        t = value.type
        assert isinstance(t, TensorType)
        empty = tensor.EmptyOp([], TensorType(t.element_type, _merged(t.get_shape())))
        rewriter.insert(empty, InsertPoint.before(op))
        return empty.tensor


def _merged(shape) -> list[int]:
    return [shape[0] * shape[1], *shape[2:]]


def _applies(op: GenericOp) -> bool:
    if len(op.res) != 1 or not all(
        str(t.data) == "parallel" for t in op.get_iterator_types()
    ):
        return False
    if any(isinstance(o, IndexOp) for o in op.body.block.ops):
        return False
    maps = [m.data for m in op.get_indexing_maps()]
    values = [*op.inputs, *op.outputs]
    if maps[0].num_dims < 2 or 0 not in maps[-1].used_dims():
        return False
    leading = values[-1].type.get_shape()[0]  # pyright: ignore
    for value, amap in zip(values, maps, strict=True):
        t = value.type
        if not isinstance(t, TensorType) or -1 in t.get_shape():
            return False
        if 0 not in amap.used_dims():
            # Over d1 without d0: the merged loop only where d0 is 1 long.
            if 1 in amap.used_dims() and leading != 1:
                return False
            continue
        first, *rest = amap.results
        if not (
            isinstance(first, AffineDimExpr)
            and first.position == 0
            and t.get_num_dims() >= 2
            and all(0 not in _dims_of(e) for e in rest)
            and (
                t.get_shape()[0] == 1
                or (
                    isinstance(rest[0], AffineDimExpr)
                    and rest[0].position == 1
                    and all(1 not in _dims_of(e) for e in rest[1:])
                )
            )
        ):
            return False
    # A norm's own cast of its input (one operand, read by a reduction)
    # keeps its shape; a residual add before a norm does not.
    unit_inputs = [
        v for v, m in zip(op.inputs, maps, strict=False) if 0 in m.used_dims()
    ]
    if len(unit_inputs) < 2 and any(_is_reduction(u.operation) for u in op.res[0].uses):
        return False
    return any(
        isinstance(v.owner, tensor.ExpandShapeOp)
        and 0 in amap.used_dims()
        and _after_product(v.owner.src)
        for v, amap in zip(op.inputs, maps, strict=False)
    )


def _dims_of(expr: AffineExpr) -> set[int]:
    return AffineMap(64, 0, (expr,)).used_dims()


def _is_reduction(op) -> bool:
    return isinstance(op, GenericOp) and any(
        str(t.data) == "reduction" for t in op.get_iterator_types()
    )


def _after_product(value: SSAValue, depth: int = 4) -> bool:
    """Whether `value` is a product's result, or an element-wise generic's
    of one (through at most `depth` generics or reshapes)."""
    owner = value.owner
    if isinstance(owner, ContractionOp):
        return True
    if depth == 0:
        return False
    if isinstance(owner, tensor.ExpandShapeOp | tensor.CollapseShapeOp):
        return _after_product(owner.src, depth - 1)
    if isinstance(owner, GenericOp) and all(
        str(t.data) == "parallel" for t in owner.get_iterator_types()
    ):
        return any(_after_product(v, depth - 1) for v in owner.inputs)
    return False


def _groups(reassociation: Attribute) -> list[list[int]]:
    return [[d.value.data for d in g.data] for g in reassociation.data]  # pyright: ignore


def _leading_pair(rank: int) -> ArrayAttr:
    """[[0, 1], [2], ..., [rank - 1]]: the first two dimensions as one."""
    groups = [[0, 1], *([d] for d in range(2, rank))]
    return ArrayAttr([ArrayAttr([IntegerAttr(d, i64) for d in g]) for g in groups])


def _collapsed(value: SSAValue, rewriter: PatternRewriter, op) -> SSAValue:
    """`value` (B x S x ...) as (B * S) x ...: the source of an expand_shape
    of that grouping, else a collapse_shape before `op`."""
    t = value.type
    assert isinstance(t, TensorType)
    owner = value.owner
    flat = TensorType(t.element_type, _merged(t.get_shape()))
    if (
        isinstance(owner, tensor.ExpandShapeOp)
        and owner.src.type == flat
        and _groups(owner.reassociation) == _groups(_leading_pair(t.get_num_dims()))
    ):
        return owner.src
    collapse = tensor.CollapseShapeOp(
        operands=[value],
        result_types=[flat],
        properties={"reassociation": _leading_pair(t.get_num_dims())},
    )
    rewriter.insert(collapse, InsertPoint.before(op))
    return collapse.result
