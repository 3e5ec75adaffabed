"""Attention operands read and written where the export has them.

torch-mlir's SDPA exports hand `coopmlir.attention` its heads through
copies: Q, K and V are `linalg.transpose [0, 2, 1, 3]` copies of [B, S, H, D]
views of the qkv projection (column slices of its [B*S, 3*H*D] result), and
O is transposed back into [B, S, H, D] after it. Each such copy is folded
away here: the kernel reads (writes) head (b, h) of the view in place, as the
rows x cols block of its root buffer seen as a [R, W] matrix (W its last
dimension) at

    row = row0 + b * row_b + h * row_h + s      col = col0 + b * col_b + h * col_h + d

which needs unit strides along d, a row stride of W along s, column parts
that never carry into the next row and stay multiples of a 16-byte access.
A copy that does not fit stays (a loop kernel), with a remark saying why.
With ragged query rows (S not a multiple of the fragment's m) Q and O keep
their copies: checked fragment rows bound the root's rows, not the head's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import memref
from xdsl.dialects.builtin import ArrayAttr, IntegerAttr, MemRefType, NoneAttr, i64
from xdsl.dialects.linalg.ops import TransposeOp
from xdsl.ir import Block, Operation, SSAValue

from coopmlir.dialects.memref_strides import strides_and_offset
from coopmlir.passes.lower_to_coopmat.matching import byte_size
from coopmlir.tiling import ACCESS_BYTES

#: The permutation between [B, H, S, D] and [B, S, H, D] (its own inverse).
HEADS_SWAP = (0, 2, 1, 3)

_VIEWS = (memref.SubviewOp, memref.ExpandShapeOp, memref.CollapseShapeOp)


@dataclass(frozen=True)
class InPlace:
    """One operand read (written) in place of its transposed copy."""

    root: SSAValue  # identity-layout buffer the view lies in
    width: int  # W: the root's trailing dimensions, one row of [R, W]
    row: tuple[int, int, int]  # row0, row_b, row_h
    col: tuple[int, int, int]  # col0, col_b, col_h
    copy: TransposeOp  # the folded copy
    temporary: memref.AllocOp  # the [B, H, S, D] buffer it no longer needs


def _root(value: SSAValue) -> SSAValue:
    while isinstance(value.owner, _VIEWS):
        value = value.owner.operands[0]
    return value


def _transpose_into(alloc: SSAValue, role: str) -> TransposeOp | None:
    """The [0, 2, 1, 3] transpose that fills (role 'in') or reads ('out')
    `alloc` and the attention op: its only uses."""
    if not isinstance(alloc.owner, memref.AllocOp) or alloc.uses.get_length() != 2:
        return None
    for use in alloc.uses:
        op = use.operation
        if (
            isinstance(op, TransposeOp)
            and tuple(op.permutation.get_values()) == HEADS_SWAP
        ):
            wanted = op.outputs[0] if role == "in" else op.inputs[0]
            if wanted is alloc:
                return op
    return None


def _split(x: int, width: int) -> tuple[int, int]:
    return x // width, x % width


def in_place(
    attention: Operation, alloc: SSAValue, role: str, ragged_rows: bool
) -> InPlace | str:
    """How the attention op can use the [B, S, H, D] view behind `alloc`
    directly, or why it cannot."""
    copy = _transpose_into(alloc, role)
    if copy is None:
        return "it is no [0, 2, 1, 3] transpose of a [B, S, H, D] view"
    if role == "in":
        view = copy.inputs[0]
        if copy.parent_block() is not attention.parent_block() or not all(
            _keeps(op, _root(view)) for op in _between(copy, attention)
        ):
            return "its view may change between the copy and the attention"
    else:
        view = copy.outputs[0]
        owner = view.owner
        if not isinstance(owner, Block) and not (
            isinstance(owner, memref.AllocOp) and not owner.operands
        ):
            return "the transposed result is no argument or static allocation"
        if copy.parent_block() is not attention.parent_block() or not all(
            _after(use.operation, copy)
            for use in view.uses
            if use.operation is not copy
        ):
            # Written early by the kernel, the result must not be read
            # before the copy would have written it.
            return "the transposed result is used before the copy"
    if ragged_rows:
        return "query rows are ragged (checked rows bound the whole buffer)"
    root = _root(view)
    rt, vt = root.type, view.type
    if not (
        isinstance(rt, MemRefType)
        and isinstance(vt, MemRefType)
        and isinstance(rt.layout, NoneAttr)
        and len(rt.get_shape()) >= 2
        and all(n >= 0 for n in rt.get_shape())
    ):
        return "its buffer is no static row-major matrix"
    layout = strides_and_offset(vt)
    if layout is None or len(vt.get_shape()) != 4:
        return "its view has no static [B, S, H, D] strides"
    (sb, ss, sh, sd), offset = layout
    batch, _, heads, d = vt.get_shape()
    width = ss
    if sd != 1 or _row_split(rt.get_shape(), width) is None:
        return "its rows are no rows of its buffer"
    parts = [_split(x, width) for x in (offset, sb, sh)]
    access = ACCESS_BYTES // byte_size(vt.element_type)
    if any(c % access for _, c in parts):
        return f"its heads do not start at multiples of {access} columns"
    (r0, c0), (rb, cb), (rh, ch) = parts
    if c0 + (batch - 1) * cb + (heads - 1) * ch + d > width:
        return "its heads cross rows of its buffer"
    return InPlace(root, width, (r0, rb, rh), (c0, cb, ch), copy, alloc.owner)


def _keeps(op: Operation, root: SSAValue) -> bool:
    """Whether `op` (between a copy and the attention) leaves `root` as is:
    an allocation, a view, or a transpose into another buffer."""
    if isinstance(op, TransposeOp):
        return _root(op.outputs[0]) is not root
    return isinstance(op, (memref.AllocOp, *_VIEWS))


def _after(op: Operation, first: Operation) -> bool:
    """Whether `op` lies after `first` in its block (or nested in an op that does)."""
    while op.parent_block() is not first.parent_block():
        parent = op.parent_op()
        if parent is None:
            return False
        op = parent
    return follows(op, first)


def follows(op: Operation, first: Operation) -> bool:
    """Whether `op` comes after `first` in their block."""
    later = first.next_op
    while later is not None:
        if later is op:
            return True
        later = later.next_op
    return False


def _between(first: Operation, last: Operation) -> list[Operation]:
    ops, op = [], first.next_op
    while op is not None and op is not last:
        ops.append(op)
        op = op.next_op
    return ops


def _row_split(shape: Sequence[int], width: int) -> int | None:
    """The first of the trailing dimensions of `shape` whose product is
    `width` (not the first dimension: R >= 1 rows stay), or None."""
    for first in range(1, len(shape)):
        if math.prod(shape[first:]) == width:
            return first
    return None


def flat_root(place: InPlace) -> memref.CollapseShapeOp | None:
    """The root as an [R, W] matrix: a host collapse (a reshape of the whole
    buffer), None when it is one already."""
    root, width = place.root, place.width
    shape = root.type.get_shape()  # type: ignore[union-attr]
    first = _row_split(shape, width)
    assert first is not None  # checked by in_place
    flat = MemRefType(root.type.element_type, [math.prod(shape[:first]), width])  # type: ignore[union-attr]
    if len(shape) == 2:
        return None
    groups = [list(range(first)), list(range(first, len(shape)))]
    reassociation = ArrayAttr(
        [ArrayAttr([IntegerAttr(d, i64) for d in g]) for g in groups]
    )
    view = memref.CollapseShapeOp(
        operands=[root],
        result_types=[flat],
        properties={"reassociation": reassociation},
    )
    return view


def erase_dead_views(value: SSAValue, erase) -> None:
    """Erase the chain of views ending in `value` that nothing else uses."""
    while isinstance(value.owner, _VIEWS) and value.uses.get_length() == 0:
        op = value.owner
        value = op.operands[0]
        erase(op)


def folded_copies(places: Sequence[InPlace | None]) -> set[Operation]:
    return {p.copy for p in places if p is not None}
