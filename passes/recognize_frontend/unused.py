"""Erasing what a rewrite of recognize-frontend left unused: the widening
generic, the `linalg.transpose` or the `tensor.empty` a contraction read
before it read their source."""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import MemRefType
from xdsl.dialects.linalg.abstract_ops import LinalgStructuredOperation
from xdsl.dialects.linalg.ops import BroadcastOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter


def _value_semantics(op: Operation) -> bool:
    """Whether `op` does nothing but make its results: a structured linalg
    op with no memref operand (it writes no memory), `tensor.empty`,
    `tensor.pad`, the reshapes, `tensor.concat`, constants."""
    if isinstance(op, LinalgStructuredOperation | BroadcastOp):
        return bool(op.results) and not any(
            isinstance(t, MemRefType) for t in op.operand_types
        )
    return isinstance(
        op,
        tensor.EmptyOp
        | tensor.PadOp
        | tensor.CollapseShapeOp
        | tensor.ExpandShapeOp
        | tensor.ConcatOp
        | arith.ConstantOp,
    )


def erase_unused(rewriter: PatternRewriter, op: Operation | None) -> None:
    """Erase `op` if it has value semantics and no result is used, then each
    producer of its operands that this leaves unused, the same way."""
    if op is None or not _value_semantics(op) or any(r.uses for r in op.results):
        return
    producers = [v.owner for v in op.operands if isinstance(v.owner, Operation)]
    rewriter.erase(op)
    for producer in dict.fromkeys(producers):
        erase_unused(rewriter, producer)
