"""Grouped-query K and V as exports repeat them (FuseAttention asks these).

PyTorch's SDPA with `enable_gqa=True`, `repeat_interleave(G, dim=1)` and
Llama's `x[:, :, None].expand(B, Hkv, G, L, D).reshape(B, Hkv * G, L, D)`
all export (torch-mlir) as one broadcast and one collapse:

    %r = linalg.generic {maps = [(b, h, g, l, d) -> (b, h, l, d), identity]}
           ins(%k : [B, Hkv, L, D]) outs(... : [B, Hkv, G, L, D]) { yield %in }
    %c = tensor.collapse_shape %r [[0], [1, 2], [3], [4]] -> [B, Hkv*G, L, D]

(or [[0, 1, 2], [3], [4]] -> [B*Hkv*G, L, D] straight into a batch_matmul).
Query head h = hkv * G + g reads K/V head h // G: `coopmlir.attention`'s
grouped heads, so the fused op reads %k itself and the repeat disappears.
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.linalg.ops import GenericOp, YieldOp
from xdsl.ir import Operation, SSAValue
from xdsl.ir.affine import AffineMap

from coopmlir.passes.recognize_frontend.attention_export import (
    OperandView,
    operand_view,
)

#: The collapses of [B, Hkv, G, L, D] that merge G into the heads: into
#: [B, Hq, L, D] and into [B*Hq, L, D] (the batch of a batch_matmul).
HEADS_MERGED = ((0,), (1, 2), (3,), (4,))
BATCH_MERGED = ((0, 1, 2), (3,), (4,))


def repeated_heads(
    value: SSAValue, merge: tuple[tuple[int, ...], ...] = HEADS_MERGED
) -> tuple[SSAValue, list[Operation]] | None:
    """(K, ops) when `value` is K [B, Hkv, L, D] with each head repeated G
    times consecutively and merged by the collapse `merge` (module doc),
    else None."""
    collapse = value.owner
    if not isinstance(collapse, tensor.CollapseShapeOp):
        return None
    groups = tuple(
        tuple(i.value.data for i in g.data)  # type: ignore[union-attr]
        for g in collapse.reassociation.data  # type: ignore[union-attr]
    )
    broadcast = collapse.src.owner
    if groups != merge or not _is_group_broadcast(broadcast):
        return None
    assert isinstance(broadcast, GenericOp)
    return broadcast.inputs[0], [collapse, broadcast]


def _is_group_broadcast(op: Operation | None) -> bool:
    """A 5-loop parallel generic copying its input across loop 2."""
    if not isinstance(op, GenericOp) or len(op.inputs) != 1 or len(op.outputs) != 1:
        return False
    if len(op.iterator_types.data) != 5 or any(
        str(t.data) != "parallel" for t in op.iterator_types.data
    ):
        return False
    in_map, out_map = (m.data for m in op.indexing_maps.data)
    if out_map != AffineMap.identity(5) or [str(e) for e in in_map.results] != [
        "d0",
        "d1",
        "d3",
        "d4",
    ]:
        return False
    (last,) = op.body.block.ops
    return isinstance(last, YieldOp) and list(last.operands) == [op.body.block.args[0]]


def key_value_view(value: SSAValue) -> OperandView:
    """K or V as `operand_view` reads it, looking through a head repeat
    (and the views before it) to the K/V with fewer heads."""
    view = operand_view(value)
    found = repeated_heads(view.source)
    if found is None:
        return view
    source, ops = found
    inner = operand_view(source)  # the [B, Hkv, L, D] as the repeat read it
    return OperandView(
        inner.source,
        tuple(view.source_map[k] for k in inner.source_map),
        view.scale * inner.scale,
        [*view.ops, *ops, *inner.ops],
    )
