"""coopmat-to-simt patterns for the matrix-level ops: reduce, apply, transpose.

Each lane knows which matrix (row, col) each of its components holds (the
layout's `element_formula`), so:

- `apply` is its body inlined once per component, with the component's row
  and column as index arithmetic on the lane id and the captures as they are;
- a row (column) reduction is an in-lane reduction of the components that
  share a row (`line_reduction.plan_line_reduction`, derived from the layout),
  then `gpu.shuffle xor` butterflies across the lanes that share it; padding
  components enter as the identity (0, -inf/+inf, the integer extremes);
- a quads (2x2) reduction gathers the four elements of each block into the
  lane and component of the result element (`gather_elements`) and
  combines them there;
- `transpose` moves each element to the lane and component of the B layout
  with `gpu.shuffle idx` (`SimtEmitter.gather_elements`).
"""

from __future__ import annotations

import numpy as np
from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import AnyFloat, IntegerType, VectorType, i32
from xdsl.ir import Operation, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.dialects.coopmat import MatrixType, ReduceKind, ReduceMode
from coopmlir.dialects.gpu_subgroup import ShuffleOp
from coopmlir.layout import LaneMap
from coopmlir.passes.coopmat_to_simt.lanes import Gather, SimtEmitter, fill_padding
from coopmlir.passes.coopmat_to_simt.line_reduction import plan_line_reduction
from coopmlir.passes.coopmat_to_simt.memory import slots_of

# --------------------------------------------------------------------------
# apply
# --------------------------------------------------------------------------


def lower_apply(
    em: SimtEmitter, op: coopmat.ApplyOp, x: SSAValue, lanes: LaneMap
) -> SSAValue:
    """The body of `op` once per component of `x`, padding zero after."""
    assert isinstance(x.type, VectorType)
    slots = slots_of(em, lanes)
    block = op.body.block
    values: list[SSAValue | None] = []
    for v in range(lanes.V):
        slot = slots[v]
        mapping: dict[SSAValue, SSAValue] = dict(
            zip(
                block.args,
                (slot.row, slot.col, em.extract(x, v), *op.captures),
                strict=True,
            )
        )
        for body_op in block.ops:
            if isinstance(body_op, coopmat.YieldOp):
                values.append(mapping[body_op.values[0]])
                break
            clone = body_op.clone(value_mapper=mapping)
            em.rewriter.insert(clone)
            mapping.update(zip(body_op.results, clone.results, strict=True))
    return fill_padding(em, em.from_elements(values, x.type), lanes)


# --------------------------------------------------------------------------
# reduce
# --------------------------------------------------------------------------


def _combine_op(kind: ReduceKind, is_float: bool, unsigned: bool):
    if kind == ReduceKind.ADD:
        return arith.AddfOp if is_float else arith.AddiOp
    if kind == ReduceKind.MAX:
        if is_float:
            return arith.MaximumfOp
        return arith.MaxUIOp if unsigned else arith.MaxSIOp
    if is_float:
        return arith.MinimumfOp
    return arith.MinUIOp if unsigned else arith.MinSIOp


def _identity(kind: ReduceKind, t, unsigned: bool) -> int | float:
    """The value that leaves a `kind` reduction unchanged (padding's value)."""
    if kind == ReduceKind.ADD:
        return 0.0 if isinstance(t, AnyFloat) else 0
    if isinstance(t, AnyFloat):
        return -float("inf") if kind == ReduceKind.MAX else float("inf")
    assert isinstance(t, IntegerType)
    bits = t.width.data
    if unsigned:  # as signless bits: 0 and all ones (-1)
        return 0 if kind == ReduceKind.MAX else -1
    low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return low if kind == ReduceKind.MAX else high


class _Reduction:
    """The combine op and identity of one `coopmat.reduce`, emitted by `em`."""

    def __init__(self, em: SimtEmitter, op: coopmat.ReduceOp):
        t = op.matrix.type
        assert isinstance(t, MatrixType)
        unsigned = op.unsigned is not None
        self.em = em
        self.element_type = t.element_type
        self.combine_op = _combine_op(
            op.kind.data, isinstance(t.element_type, AnyFloat), unsigned
        )
        self.identity = _identity(op.kind.data, t.element_type, unsigned)

    def combine(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self.em.emit(self.combine_op(x, y))

    def component(self, x: SSAValue, v: int, real: np.ndarray) -> SSAValue:
        """Component v of `x`, the identity on lanes where it is padding."""
        em = self.em
        value = em.extract(x, v)
        in_matrix = em.lane_mask(real)
        if in_matrix is None:
            return value
        identity = em.constant(self.identity, self.element_type)
        return em.emit(arith.SelectOp(in_matrix, value, identity))

    def in_lane(self, x: SSAValue, components, real: np.ndarray) -> SSAValue:
        """The combination of `components` of `x` (padding as identity)."""
        total: SSAValue | None = None
        for v in components:
            value = self.component(x, v, real[:, v])
            total = value if total is None else self.combine(total, value)
        assert total is not None  # a layout has V >= 1 components per lane
        return total

    def butterfly(self, value: SSAValue, masks) -> SSAValue:
        """`value` combined with its `gpu.shuffle xor` partners over `masks`."""
        em = self.em
        width = em.constant(em.S, i32)
        for m in masks:
            partner = em.emit(ShuffleOp("xor", value, em.constant(m, i32), width))
            value = self.combine(value, partner)
        return value


def lower_reduce(
    em: SimtEmitter,
    op: coopmat.ReduceOp,
    x: SSAValue,
    src: LaneMap,
    dst: LaneMap,
    result_type: VectorType,
) -> SSAValue:
    """The reduction of `x` (layout `src`) as per-lane vectors of `dst`.
    Raises ValueError where the layout does not allow a butterfly."""
    red = _Reduction(em, op)
    real = ~src.padding_mask()
    mode = op.mode.data
    if mode == ReduceMode.BOTH:
        total = red.in_lane(x, range(src.V), real)
        all_lanes = tuple(1 << b for b in range(em.S.bit_length() - 1))
        total = red.butterfly(total, all_lanes)
        splat = em.emit(vector.BroadcastOp(total, result_type))
        return fill_padding(em, splat, dst)
    if mode == ReduceMode.QUADS:
        return _reduce_quads(red, x, src, dst, result_type)
    axis = "rows" if mode == ReduceMode.ROWS else "cols"
    plan = plan_line_reduction(src, axis)
    if plan.groups == tuple((v,) for v in range(src.V)) and real.all():
        partial = x  # every component its own line: nothing to combine in-lane
    else:
        partials = [red.in_lane(x, group, real) for group in plan.groups]
        partial_type = VectorType(red.element_type, [len(partials)])
        partial = em.from_elements(partials, partial_type)
    partial = red.butterfly(partial, plan.masks)
    # Element (r, c) of the result: the partial of line r (c) on a holder.
    rows, cols = dst.element_map()
    lines = rows if axis == "rows" else cols
    lane_of = np.zeros_like(lines)
    group_of = np.zeros_like(lines)
    for q in range(em.S):
        for w in range(dst.V):
            if lines[q, w] >= 0:
                lane_of[q, w], group_of[q, w] = plan.holder(int(lines[q, w]), q)
    gather = Gather(em, partial)
    requests = [
        gather.request(lane_of[:, w], group_of[:, w], lines[:, w] >= 0)
        for w in range(dst.V)
    ]
    elements: list[SSAValue | None] = []
    for w, request in enumerate(requests):
        if request is None:
            elements.append(None)
            continue
        care = lines[:, w] >= 0
        elements.append(em.select(em.lane_mask(care), gather.value(request)))
    return em.from_elements(elements, result_type)


def _reduce_quads(
    red: _Reduction, x: SSAValue, src: LaneMap, dst: LaneMap, t: VectorType
) -> SSAValue:
    """Element (r, c) of the result: the block (2r..2r+1, 2c..2c+1) of `x`,
    each of its four elements gathered to the result's lane and component
    (padding stays zero: every gather gives zero there)."""
    rows, cols = dst.element_map()
    padding = rows < 0
    total: SSAValue | None = None
    for dr in (0, 1):
        for dc in (0, 1):
            r = np.where(padding, -1, 2 * rows + dr)
            c = np.where(padding, -1, 2 * cols + dc)
            part = red.em.gather_elements(x, src, r, c, t)
            total = part if total is None else red.combine(total, part)
    assert total is not None  # four parts, always
    return total


def lower_transpose(
    em: SimtEmitter, x: SSAValue, src: LaneMap, dst: LaneMap, t: VectorType
) -> SSAValue:
    """Element (r, c) of the N x M result is element (c, r) of `x`."""
    rows, cols = dst.element_map()
    return em.gather_elements(x, src, cols, rows, t)


def check_reduce(op: Operation, lanes: LaneMap) -> str | None:
    """Why the reduction `op` of a matrix spread as `lanes` cannot be
    lowered, or None."""
    if not isinstance(op, coopmat.ReduceOp) or op.mode.data in (
        ReduceMode.BOTH,
        ReduceMode.QUADS,
    ):
        return None
    axis = "rows" if op.mode.data == ReduceMode.ROWS else "cols"
    try:
        plan_line_reduction(lanes, axis)
    except ValueError as err:
        return f"coopmat-to-simt: cannot reduce {axis} of {op.matrix.type}: {err}"
    return None
