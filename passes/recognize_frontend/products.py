"""What the fusions of recognize-frontend share: reading a product a front
end writes (`zero_filled_product`) and replacing the ops a fusion covers by
the one fused op (`replace_fused`)."""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, TensorType
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import ContractionOp
from coopmlir.passes.specialize_contractions import (
    MatmulLoops,
    NotAMatmul,
    matmul_loops,
)


def zero_filled_product(
    op: Operation | None, transposed: tuple[bool, bool, bool]
) -> tuple[MatmulLoops, FillOp] | None:
    """The loops and the fill of a (batch) matmul on tensors whose A and B
    share an element type, stored as `transposed` says (A, B, C), and whose
    output is made by a `linalg.fill` of zero right before it; else None."""
    if not isinstance(op, ContractionOp) or not op.res:
        return None
    if not isinstance(op.res[0].type, TensorType):
        return None
    try:
        loops = matmul_loops(op)
    except NotAMatmul:
        return None
    a, b = (v.type.element_type for v in op.inputs)  # type: ignore[union-attr]
    if loops.transposed != transposed or a != b:
        return None
    fill = op.prev_op
    if not isinstance(fill, FillOp) or op.outputs[0] not in fill.res:
        return None
    return (loops, fill) if is_zero_fill(fill) else None


def is_zero_fill(op: Operation | None) -> bool:
    """Whether `op` is a `linalg.fill` with the constant zero."""
    if not isinstance(op, FillOp):
        return False
    value = op.inputs[0].owner
    if not isinstance(value, arith.ConstantOp):
        return False
    number = value.value
    return isinstance(number, FloatAttr | IntegerAttr) and number.value.data == 0


def replace_fused(
    rewriter: PatternRewriter,
    last: Operation,
    fused: Operation,
    covered: set[Operation],
) -> None:
    """Put `fused` in place of `last` (its location, its result's uses), then
    erase the `covered` ops (consumers first) and the fills, `tensor.empty`s
    and constants that only they used."""
    fused.location = last.location
    rewriter.insert(fused, InsertPoint.before(last))
    rewriter.replace_all_uses_with(last.results[0], fused.results[0])
    block = last.parent_block()
    assert block is not None  # a matched op is in the module
    feeding = {v.owner for op in covered for inner in op.walk() for v in inner.operands}
    for op in reversed(list(block.ops)):
        unused = not any(r.uses for r in op.results)
        leftover = isinstance(op, FillOp | tensor.EmptyOp | arith.ConstantOp)
        if op in covered or (leftover and op in feeding and unused):
            feeding |= {v.owner for inner in op.walk() for v in inner.operands}
            rewriter.erase(op, safe_erase=False)
