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
from xdsl.ir import SSAValue
from xdsl.ir.affine import AffineDimExpr, AffineMap

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
) -> OperandView | None:
    """`value` as a view of K [B, Hkv, L, D] (maybe read through a permuted
    map) whose heads are repeated G times consecutively and merged by the
    collapse `merge` (module doc), else None."""
    collapse = value.owner
    if not isinstance(collapse, tensor.CollapseShapeOp):
        return None
    groups = tuple(
        tuple(i.value.data for i in g.data)  # type: ignore[union-attr]
        for g in collapse.reassociation.data  # type: ignore[union-attr]
    )
    broadcast = collapse.src.owner
    if groups != merge or not isinstance(broadcast, GenericOp):
        return None
    dims = _group_broadcast_dims(broadcast)
    if dims is None:
        return None
    # Loops (b, h, g, l, d) are [B, H, L, D] dimensions (0, 1, -, 2, 3).
    source_map = tuple({0: 0, 1: 1, 3: 2, 4: 3}[loop] for loop in dims)
    return OperandView(broadcast.inputs[0], source_map, 1.0, [collapse, broadcast])


def _group_broadcast_dims(op: GenericOp) -> tuple[int, ...] | None:
    """The loops that the input's dimensions read, when `op` is a 5-loop
    parallel generic copying its input across loop 2 (the group), else None."""
    if len(op.inputs) != 1 or len(op.outputs) != 1:
        return None
    if len(op.iterator_types.data) != 5 or any(
        str(t.data) != "parallel" for t in op.iterator_types.data
    ):
        return None
    in_map, out_map = (m.data for m in op.indexing_maps.data)
    if out_map != AffineMap.identity(5):
        return None
    if not all(isinstance(e, AffineDimExpr) for e in in_map.results):
        return None
    dims = tuple(e.position for e in in_map.results)  # type: ignore[union-attr]
    if sorted(dims) != [0, 1, 3, 4]:
        return None
    (last,) = op.body.block.ops
    copies = isinstance(last, YieldOp) and list(last.operands) == [
        op.body.block.args[0]
    ]
    return dims if copies else None


def composed(outer: OperandView, inner: OperandView) -> OperandView:
    """`outer` (a view of X) with X read as `inner` (a view of its source)."""
    return OperandView(
        inner.source,
        tuple(outer.source_map[k] for k in inner.source_map),
        outer.scale * inner.scale,
        [*outer.ops, *inner.ops],
    )


def key_value_view(value: SSAValue) -> OperandView:
    """K or V as `operand_view` reads it, looking through a head repeat
    (and the views before it) to the K/V with fewer heads."""
    view = operand_view(value)
    step = repeated_heads(view.source)
    if step is None:
        return view
    return composed(composed(view, step), operand_view(step.source))
