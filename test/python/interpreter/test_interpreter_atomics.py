"""memref.atomic_rmw on the interpreter: in a kernel the active work-items
update global memory one at a time (workgroups in a scrambled order, the
work-items of one by id), and each gets the element's value before its own
update; on the host it is a plain read-modify-write. Kinds other than addi
and assign are refused."""

from __future__ import annotations

import numpy as np
import pytest
from support.kernel_modules import kernel_module

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, memory, run_function

BLOCK, GRID = 16, 3
LANES = BLOCK * GRID

# Work-item g (where `g % 4 != 0` when masked) adds g + 1 to counter[g % 3]
# and stores what it saw to OLD[g].
ADD_BY_ID = """
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c1_i32 = arith.constant 1 : i32
      %g = gpu.global_id x
      %slot = arith.remui %g, %c3 : index
      %gi = arith.index_cast %g : index to i32
      %amount = arith.addi %gi, %c1_i32 : i32
      %r = arith.remui %g, %c4 : index
      %skip = arith.cmpi eq, %r, %c0 : index
      %masked = arith.constant {masked}
      %skipped = arith.andi %skip, %masked : i1
      scf.if %skipped {{
      }} else {{
        %old = memref.atomic_rmw {kind} %amount, %COUNTER[%slot] : (i32, memref<3xi32>) -> i32
        memref.store %old, %OLD[%g] : memref<{lanes}xi32>
      }}"""


def _run_by_id(kind: str, masked: bool, counter: np.ndarray):
    body = ADD_BY_ID.format(kind=kind, masked=str(masked).lower(), lanes=LANES)
    args = f"%COUNTER: memref<3xi32>, %OLD: memref<{LANES}xi32>"
    module = kernel_module(args, body, block=BLOCK)
    old = np.full(LANES, -1, np.int32)
    run_function(module, "k", [counter, old], grid=(GRID, 1, 1), subgroup_size=8)
    return old


#: The workgroups' turns at an atomic (memory.atomic_order): by Knuth's
#: hash of their ids, 0 -> 0, 1 -> 2654435761, 2 -> 1013904226.
WORKGROUP_TURNS = (0, 2, 1)


def _expected_by_id(kind: str, masked: bool, counter: np.ndarray):
    """The updates one at a time: workgroups in their turns, the lanes of
    one by global id."""
    counter = counter.astype(np.int64)
    old = np.full(LANES, -1, np.int64)
    turns = [w * BLOCK + i for w in WORKGROUP_TURNS for i in range(BLOCK)]
    for g in turns:
        if masked and g % 4 == 0:
            continue
        old[g] = counter[g % 3]
        counter[g % 3] = counter[g % 3] + g + 1 if kind == "addi" else g + 1
    return counter.astype(np.int32), old.astype(np.int32)


@pytest.mark.parametrize("kind", ["addi", "assign"])
@pytest.mark.parametrize("masked", [False, True], ids=["all", "masked"])
def test_updates_run_one_at_a_time_in_the_documented_order(kind, masked):
    counter = np.array([5, -7, 2**31 - 10], np.int32)  # slot 2 wraps under addi
    want_counter, want_old = _expected_by_id(kind, masked, counter)
    old = _run_by_id(kind, masked, counter)
    np.testing.assert_array_equal(counter, want_counter)
    np.testing.assert_array_equal(old, want_old)


HOST = """
func.func @f(%m: memref<2xi32>, %v: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : index
  %a = memref.atomic_rmw addi %v, %m[%c1] : (i32, memref<2xi32>) -> i32
  %b = memref.atomic_rmw assign %v, %m[%c1] : (i32, memref<2xi32>) -> i32
  func.return %a, %b : i32, i32
}
"""


def test_host_update_is_a_plain_read_modify_write():
    m = np.array([3, 2**31 - 1], np.int32)
    a, b = run_function(parse_module(HOST), "f", [m, np.int32(4)])
    assert (int(a), int(b)) == (2**31 - 1, -(2**31) + 3)  # addi wraps
    np.testing.assert_array_equal(m, [3, 4])


def test_other_kinds_are_refused():
    body = """
      %c0 = arith.constant 0 : index
      %v = arith.constant 1 : i32
      %old = memref.atomic_rmw maxs %v, %A[%c0] : (i32, memref<4xi32>) -> i32"""
    module = kernel_module("%A: memref<4xi32>", body, block=BLOCK)
    with pytest.raises(InterpretationFailure, match="kind 'maxs' is not supported"):
        run_function(module, "k", [np.zeros(4, np.int32)], subgroup_size=8)


def test_workgroup_memory_atomics_are_refused():
    body = """
      %c0 = arith.constant 0 : index
      %v = arith.constant 1 : i32
      %w = memref.alloca() : memref<4xi32, #gpu.address_space<workgroup>>
      %old = memref.atomic_rmw addi %v, %w[%c0] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32"""
    module = kernel_module("%A: memref<4xi32>", body, block=BLOCK)
    with pytest.raises(InterpretationFailure, match="workgroup or private memory"):
        run_function(module, "k", [np.zeros(4, np.int32)], subgroup_size=8)


def test_no_kernel_can_count_on_which_workgroup_comes_last():
    """The turns are a permutation of the workgroups that is not their id
    order: neither the highest id nor 0 comes last (a last-workgroup
    reduction must test the count, not its own id)."""
    for count in (3, 8, 33, 264):
        workgroups = np.repeat(np.arange(count), 2)
        lanes = np.arange(2 * count)
        order = memory.atomic_order(workgroups, lanes)
        assert sorted(order) == list(lanes)
        turns = workgroups[order][::2]
        assert turns[-1] not in (0, count - 1)
        assert (workgroups[order][1::2] == turns).all()  # lanes of one stay together
