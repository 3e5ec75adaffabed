"""coopmlir.layout's index formulas evaluated twice agree: on numpy arrays
(`NUMPY`, what `element_map` holds) and as the `arith` ops that
coopmat-to-simt emits for them (`IndexEmitter`, through `slots_of`).

The emitted IR is run on the interpreter over all S lanes, and, for an
exhaustive sweep of shapes, by a small evaluator of the few ops it uses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from support.layout_strategies import any_layouts
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects.gpu_subgroup import LaneIdOp
from coopmlir.interpreter import run_function
from coopmlir.layout import (
    NUMPY,
    SUBGROUP_SIZES,
    USES,
    InvocationLayout,
    LaneMap,
    TinytcLayout,
)
from coopmlir.passes.coopmat_to_simt.lanes import SimtEmitter
from coopmlir.passes.coopmat_to_simt.memory import IRSlot, slots_of


def emit_slots(lanes: LaneMap) -> tuple[func.FuncOp, dict[int, IRSlot]]:
    """A function `@slots` whose body is what `slots_of` emits for `lanes`
    (it returns nothing yet)."""
    ret = func.ReturnOp()
    fn = func.FuncOp("slots", ((), ()))
    fn.body.block.add_op(ret)
    em = SimtEmitter(PatternRewriter(ret), lanes.S)
    return fn, slots_of(em, lanes)


def evaluate(fn: func.FuncOp, S: int) -> dict[SSAValue, np.ndarray]:
    """Every result of `fn`'s body on lanes 0..S-1 (the ops slots_of emits)."""
    binary = {
        arith.AddiOp: np.add,
        arith.MuliOp: np.multiply,
        arith.RemUIOp: np.remainder,
        arith.DivUIOp: np.floor_divide,
    }
    values: dict[SSAValue, np.ndarray] = {}
    for op in fn.body.block.ops:
        if isinstance(op, LaneIdOp):
            value = np.arange(S)
        elif isinstance(op, arith.ConstantOp):
            value = np.full(S, op.value.value.data)
        elif type(op) in binary:
            value = binary[type(op)](values[op.lhs], values[op.rhs])
        elif isinstance(op, arith.CmpiOp):
            assert op.predicate.value.data == 6  # ult
            value = values[op.lhs] < values[op.rhs]
        else:
            assert isinstance(op, func.ReturnOp), op
            continue
        values[op.results[0]] = value
    return values


def check_slots(lanes: LaneMap, slots: dict[int, IRSlot], value_of) -> None:
    """Each slot's (row, col, in_matrix), read per lane with `value_of`, is
    element_map's; in_matrix is None exactly where no lane is padding."""
    rows, cols = lanes.element_map()
    padding = lanes.padding_mask()
    assert sorted(slots) == list(range(lanes.V))
    for v, slot in slots.items():
        held = ~padding[:, v]
        if slot.in_matrix is None:
            assert held.all()
        else:
            assert np.array_equal(value_of(slot.in_matrix).astype(bool), held)
        row, col = value_of(slot.row), value_of(slot.col)
        assert np.array_equal(row[held], rows[held, v])
        assert np.array_equal(col[held], cols[held, v])


def test_formulas_agree_exhaustively():
    """Every tinytc and row layout of M <= 64, N <= 34, all S and uses, and
    K1 = 1 and 2 (f32, i8): the emitted IR computes the numpy maps."""
    count = 0
    for S, M, N, use, ty in itertools.product(
        SUBGROUP_SIZES, [2**e for e in range(7)], range(1, 35), USES, ("i8", "f32")
    ):
        for kind in (TinytcLayout, InvocationLayout):
            try:
                lanes = kind(M, N, S, use, ty)
            except ValueError:
                continue
            fn, slots = emit_slots(lanes)
            check_slots(lanes, slots, evaluate(fn, S).__getitem__)
            count += 1
    assert count > 5000


@settings(max_examples=60, deadline=None)
@given(any_layouts)
def test_formulas_agree_on_the_interpreter(lanes):
    """The same on the interpreter: @slots returns every slot's values."""
    fn, slots = emit_slots(lanes)
    results = [
        value
        for slot in slots.values()
        for value in (slot.row, slot.col, slot.in_matrix)
        if value is not None
    ]
    ret = fn.body.block.last_op
    assert isinstance(ret, func.ReturnOp)
    ret.operands = results
    fn.function_type = func.FunctionType.from_lists([], [v.type for v in results])
    module = ModuleOp([fn])
    module.verify()
    outputs = run_function(module, "slots", (), subgroup_size=lanes.S)
    computed = dict(zip(results, outputs, strict=True))
    # A value that is the same on every lane comes back as a scalar.
    check_slots(
        lanes, slots, lambda value: np.broadcast_to(computed[value], (lanes.S,))
    )


@pytest.mark.parametrize(
    "lanes",
    [TinytcLayout(16, 16, 16), TinytcLayout(64, 8, 16, "b", "i8")],
    ids=str,
)
def test_no_rem_or_div_when_rows_cover_the_subgroup(lanes: LaneMap):
    """I = S: p % I is p and p / I is 0, folded by the lane id's bound."""
    fn, _ = emit_slots(lanes)
    kinds = {type(op) for op in fn.body.block.ops}
    assert not kinds & {arith.RemUIOp, arith.DivUIOp, arith.CmpiOp}


def test_owner_formula_inverts_element_formula_symbolically():
    """owner_formula(element_formula(p, v)) = (p, v) on NUMPY for a shape
    with padding, K1 = 2 and I < S."""
    for lanes in (TinytcLayout(64, 5, 16, "b", "i8"), TinytcLayout(4, 15)):
        p = np.arange(lanes.S)[:, None]
        v = np.arange(lanes.V)[None, :]
        slot = lanes.element_formula(NUMPY, p, v)
        lane, comp = lanes.owner_formula(NUMPY, slot.row, slot.col)
        inside = np.broadcast_to(slot.in_matrix, (lanes.S, lanes.V))
        assert np.array_equal(
            np.broadcast_to(lane, inside.shape)[inside],
            np.broadcast_to(p, inside.shape)[inside],
        )
        assert np.array_equal(
            np.broadcast_to(comp, inside.shape)[inside],
            np.broadcast_to(v, inside.shape)[inside],
        )


def test_index_emitter_folds_what_bounds_decide():
    ret = func.ReturnOp()
    fn = func.FuncOp("f", ((), ()))
    fn.body.block.add_op(ret)
    em = SimtEmitter(PatternRewriter(ret), 16)
    ar = em.indices
    lane = ar.lane()
    assert (lane.value.owner, lane.bound) == (fn.body.block.first_op, 16)
    assert ar.rem(lane, 16) is lane and ar.div(lane, 16) == 0
    assert ar.add(lane, 0) is lane and ar.mul(lane, 1) is lane
    assert ar.add(ar.constant(3), 4) == 7 and ar.less(lane, 16) is None
    assert len(fn.body.block.ops) == 2  # gpu.lane_id, func.return
    # x % 1 and x / 1 stay ops, as the tinytc layout with I = 1 writes them.
    low = ar.rem(lane, 1)
    high = ar.div(lane, 4)
    assert (low.bound, high.bound) == (1, 4)
    assert ar.add(high, 8).bound == 12  # high + 8 <= 3 + 8
    assert ar.less(ar.add(high, 8), 12) is None
    assert isinstance(ar.less(ar.add(high, 8), 11).owner, arith.CmpiOp)
    false = ar.less(ar.constant(5), 5)
    assert isinstance(false.owner, arith.ConstantOp)
    assert false.owner.value.value.data == 0
    # Each op once per emitter.
    assert ar.div(lane, 4) == high
