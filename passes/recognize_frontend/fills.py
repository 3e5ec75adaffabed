"""Fills as lower-to-coopmat takes them into a product's kernel: the
product's init made by a `linalg.fill` right before it.

`OwnFill`: a contraction or convolution whose init is a `linalg.fill`
that other ops also read, or that is not right before it (torch-mlir
reuses one fill for several projections or convolutions of one shape,
which bufferizing would make one buffer filled once, far from the second
product), or whose fill writes a `tensor.empty` that other ops also read
(which bufferizing would make one buffer: the first product's result
would be overwritten by the second, and its epilogue not fused), gets a
fill (and a `tensor.empty`) of its own right before it.

`SpecializeFill`: MLIR's generalized fill, an all-parallel generic with no
input and one identity-mapped output whose body yields a constant (or a
value from outside the body), becomes `linalg.fill` of that value.
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import FillOp, GenericOp, YieldOp
from xdsl.ir import Operation
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.passes.recognize_frontend.unused import erase_unused


class OwnFill(RewritePattern):
    """A contraction or convolution on tensors reading a `linalg.fill`
    that has other users or is not right before it -> the same fill (and
    its `tensor.empty`) cloned right before it, read by it alone; the
    original goes if nothing else reads it (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: ContractionOp | ConvOperation, rewriter: PatternRewriter
    ) -> None:
        if len(op.res) != 1:
            return
        (init,) = op.outputs
        fill = init.owner
        if not isinstance(fill, FillOp):
            return
        empty = fill.outputs[0].owner
        shared = (
            isinstance(empty, tensor.EmptyOp) and empty.tensor.uses.get_length() > 1
        )
        if init.uses.get_length() == 1 and op.prev_op is fill and not shared:
            return
        copies = [fill.clone()]
        if isinstance(empty, tensor.EmptyOp) and not empty.operands:
            copies.insert(0, empty.clone())
            copies[1].operands[1] = copies[0].results[0]
        for new in copies:
            new.location = fill.location
        rewriter.insert(copies, InsertPoint.before(op))
        op.operands[len(op.inputs)] = copies[-1].results[0]
        rewriter.notify_op_modified(op)
        erase_unused(rewriter, fill)


class SpecializeFill(RewritePattern):
    """A generic that only yields a value from outside its body into its
    one output (identity map, parallel loops) -> `linalg.fill` of it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter):
        if op.inputs or len(op.outputs) != 1 or len(op.res) != 1:
            return
        if not isinstance(op.res[0].type, TensorType):
            return
        (amap,) = [m.data for m in op.get_indexing_maps()]
        if amap != AffineMap.identity(amap.num_dims) or any(
            str(t.data) != "parallel" for t in op.get_iterator_types()
        ):
            return
        body: list[Operation] = list(op.body.block.ops)
        if len(body) != 1 or not isinstance(body[0], YieldOp):
            return
        (value,) = body[0].operands
        if value.owner is op or getattr(value, "block", None) is op.body.block:
            return
        rewriter.replace(op, FillOp([value], list(op.outputs), [op.res[0].type]))
