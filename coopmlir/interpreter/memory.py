"""Element access to memrefs for host code and kernels alike.

A memref is a numpy array (global memory, shared by all work-items) or, in a
kernel, `WorkgroupMemory` (one copy per workgroup) or `PrivateMemory` (one
copy per work-item). Indices are scalars, per-lane arrays, or in a host
linalg body arrays over its parallel points (a gather). Accesses outside
the memref are errors (the GPU would read or corrupt unrelated memory);
inactive lanes do not access memory at all.
An atomic update (`update`) of global memory applies the active lanes one at
a time: workgroups in a fixed scrambled order (`atomic_order`), the lanes of
one workgroup by id. That is one of the orders a GPU may take, and not the
workgroups' own: a kernel that counts on which workgroup comes last (a
last-workgroup reduction that assumes the highest id, or id 0) fails here.
"""

from __future__ import annotations

import numpy as np

from coopmlir.interpreter.spmd import PrivateMemory, WorkgroupMemory
from coopmlir.interpreter.values import InterpretationFailure

_PER_GROUP = (WorkgroupMemory, PrivateMemory)


def _active_indices(interp, mem, indices, what: str):
    """Index arrays (one per dimension, workgroup first for workgroup memory)
    restricted to active lanes, bounds-checked; and the active-lane filter."""
    launch = interp.launch
    shape = mem.shape if isinstance(mem, _PER_GROUP) else np.shape(mem)
    if len(indices) != len(shape):
        raise InterpretationFailure(f"{what}: {len(indices)} indices for {shape}")
    if launch is None and all(np.ndim(i) == 0 for i in indices):
        index = tuple(int(i) for i in indices)
        for i, n in zip(index, shape, strict=True):
            if not 0 <= i < n:
                raise InterpretationFailure(f"{what}: index {index} outside {shape}")
        return index, None
    if launch is None:  # in a host linalg body: arrays over its parallel points
        points = tuple(np.asarray(i, dtype=np.int64) for i in indices)
        for dim, (i, n) in enumerate(zip(points, shape, strict=True)):
            bad = (i < 0) | (i >= n)
            if bad.any():
                raise InterpretationFailure(
                    f"{what}: index {int(i[bad][0])} outside dimension {dim} of {shape}"
                )
        return points, None
    active = launch.mask
    lanes = [launch.per_lane(i).astype(np.int64) for i in indices]
    if active is not None:
        lanes = [i[active] for i in lanes]
    for dim, (i, n) in enumerate(zip(lanes, shape, strict=True)):
        bad = (i < 0) | (i >= n)
        if bad.any():
            raise InterpretationFailure(
                f"{what}: index {int(i[bad][0])} outside dimension {dim} of {shape}"
            )
    if isinstance(mem, WorkgroupMemory):
        wg = launch.workgroup if active is None else launch.workgroup[active]
        lanes = [wg, *lanes]
    elif isinstance(mem, PrivateMemory):
        own = np.arange(launch.lanes) if active is None else np.flatnonzero(active)
        lanes = [own, *lanes]
    return tuple(lanes), active


def check_alignment(interp, mem, indices, alignment: int, what: str) -> None:
    """An access that claims `alignment` bytes (MLIR's `alignment` attribute)
    must start at such a multiple in its buffer (a workgroup array's elements
    are counted from its start), else the claim that let SPIR-V move it in
    16-byte units was false."""
    where, _ = _active_indices(interp, mem, indices, what)
    shape = mem.shape if isinstance(mem, WorkgroupMemory) else np.shape(mem)
    indices = where[1:] if isinstance(mem, WorkgroupMemory) else where
    linear = np.ravel_multi_index(tuple(np.asarray(i) for i in indices), shape)
    itemsize = (mem.data if isinstance(mem, WorkgroupMemory) else mem).itemsize
    bad = (np.asarray(linear) * itemsize) % alignment != 0
    if np.any(bad):
        offset = int(np.asarray(linear).flat[int(np.argmax(bad))]) * itemsize
        raise InterpretationFailure(
            f"{what}: claims alignment {alignment} but starts at byte {offset}"
        )


def load(interp, mem, indices, what: str):
    where, active = _active_indices(interp, mem, indices, what)
    if isinstance(mem, PrivateMemory):
        values = mem.data[where]
    elif not isinstance(mem, WorkgroupMemory):
        values = mem[where]
    else:
        launch = interp.launch
        subgroup = launch.subgroup if active is None else launch.subgroup[active]
        mem.record_read(where, subgroup, what)
        values = mem.data[where]
    if active is None:
        return values
    # Inactive lanes get a value nobody may use; zeros keep arithmetic quiet.
    out = np.zeros(interp.launch.lanes, dtype=values.dtype)
    out[active] = values
    return out


def store(interp, mem, indices, value, what: str) -> None:
    where, active = _active_indices(interp, mem, indices, what)
    launch = interp.launch
    if launch is not None:
        value = launch.per_lane(value)
        if active is not None:
            value = value[active]
    if isinstance(mem, WorkgroupMemory):
        subgroup = launch.subgroup if active is None else launch.subgroup[active]
        mem.record_write(where, subgroup, what)
        mem.data[where] = value
    elif isinstance(mem, PrivateMemory):
        mem.data[where] = value
    else:
        mem[where] = value


#: Odd, so multiplying by it permutes the 32-bit workgroup ids (Knuth's
#: multiplicative hash): the order of `atomic_order`.
_SCRAMBLE = 0x9E3779B1


def atomic_order(workgroups: np.ndarray, lanes: np.ndarray) -> np.ndarray:
    """The order in which lanes (global ids `lanes`, of workgroups
    `workgroups`) take their turns at an atomic: workgroups by a
    multiplicative hash of their ids, lanes by id within one."""
    rank = (workgroups.astype(np.uint64) * _SCRAMBLE) & 0xFFFFFFFF
    return np.lexsort((lanes, rank))


def update(interp, mem, indices, value, combine, what: str):
    """An atomic read-modify-write of global memory: each active lane in
    turn (`atomic_order`) stores `combine(old, its value)` and gets `old`."""
    if isinstance(mem, _PER_GROUP):
        raise InterpretationFailure(
            f"{what}: atomics on workgroup or private memory are not supported"
        )
    where, active = _active_indices(interp, mem, indices, what)
    launch = interp.launch
    if launch is None:
        old = mem[where]
        mem[where] = combine(old, value)
        return old
    values = launch.per_lane(value)
    if active is not None:
        values = values[active]
    old = np.empty(len(values), dtype=mem.dtype)
    ids = np.arange(launch.lanes) if active is None else np.flatnonzero(active)
    places = list(zip(*where, strict=True))
    for lane in atomic_order(launch.workgroup[ids], ids):
        old[lane] = mem[places[lane]]
        mem[places[lane]] = combine(old[lane], values[lane])
    if active is None:
        return old
    out = np.zeros(launch.lanes, dtype=old.dtype)
    out[active] = old
    return out
