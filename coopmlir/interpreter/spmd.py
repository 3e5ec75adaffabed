"""The SPMD execution model of a kernel launch.

All work-items of a launch (every workgroup at once) advance together: a
scalar SSA value inside a kernel is an array with one entry per work-item
("lane" here means a work-item of the launch; `lane_id` is its index within
its subgroup). A matrix value has one entry per subgroup. Uniform control
flow runs directly; divergent `scf.if`/`scf.for` run under an activity mask.

Lockstep execution would make every kernel look race-free, so workgroup
memory records who wrote and read each element since the last barrier, and a
read-after-write or write-after-read between different subgroups without a
barrier in between is reported as a race, as it is a bug on a real GPU.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from xdsl.ir import Attribute

from coopmlir.dialects.coopmat import MatrixType
from coopmlir.interpreter.values import InterpretationFailure, rank_of


@dataclass
class Launch:
    """One kernel launch: grid (in workgroups), workgroup size, subgroup size."""

    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    subgroup_size: int
    masks: list[np.ndarray] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.workgroup_size % self.subgroup_size:
            raise InterpretationFailure(
                f"workgroup size {self.block} is not a multiple of the subgroup "
                f"size {self.subgroup_size}"
            )
        global_id = np.arange(self.lanes, dtype=np.int64)
        self.workgroup = global_id // self.workgroup_size
        self.local = global_id % self.workgroup_size
        self.subgroup = global_id // self.subgroup_size
        # Barrier epochs count per workgroup: a loop whose trip count differs
        # between workgroups (but not inside one) may hold a barrier.
        self.epochs = np.zeros(self.workgroups, dtype=np.int64)

    # --- sizes -----------------------------------------------------------

    @property
    def workgroups(self) -> int:
        return int(np.prod(self.grid))

    @property
    def workgroup_size(self) -> int:
        return int(np.prod(self.block))

    @property
    def lanes(self) -> int:
        return self.workgroups * self.workgroup_size

    @property
    def subgroups(self) -> int:
        return self.lanes // self.subgroup_size

    @property
    def subgroups_per_workgroup(self) -> int:
        return self.workgroup_size // self.subgroup_size

    # --- ids (per lane) --------------------------------------------------

    def thread_id(self, dim: int) -> np.ndarray:
        bx, by, _ = self.block
        return (self.local, self.local // bx % by, self.local // (bx * by))[dim] % (
            self.block[dim]
        )

    def block_id(self, dim: int) -> np.ndarray:
        gx, gy, _ = self.grid
        wg = self.workgroup
        return (wg % gx, wg // gx % gy, wg // (gx * gy))[dim]

    @property
    def lane_id(self) -> np.ndarray:
        return self.local % self.subgroup_size

    @property
    def subgroup_id(self) -> np.ndarray:
        return self.local // self.subgroup_size

    @property
    def subgroup_workgroup(self) -> np.ndarray:
        """The workgroup of each subgroup."""
        return np.arange(self.subgroups) // self.subgroups_per_workgroup

    # --- activity --------------------------------------------------------

    @property
    def mask(self) -> np.ndarray | None:
        """Active lanes, or None when every lane is active."""
        return self.masks[-1] if self.masks else None

    def push_mask(self, active: np.ndarray) -> None:
        current = self.mask
        self.masks.append(active if current is None else current & active)

    def pop_mask(self) -> None:
        self.masks.pop()

    def subgroup_mask(self, what: str) -> np.ndarray | None:
        """Active subgroups; a subgroup must be wholly active or inactive."""
        mask = self.mask
        if mask is None:
            return None
        per_subgroup = mask.reshape(self.subgroups, self.subgroup_size)
        if not np.all(per_subgroup.all(axis=1) | ~per_subgroup.any(axis=1)):
            raise InterpretationFailure(
                f"{what} in control flow that diverges inside a subgroup"
            )
        return per_subgroup[:, 0]

    # --- lane values -----------------------------------------------------

    def per_lane(self, value, rank: int = 0) -> np.ndarray:
        """A value of a rank-`rank` type (0: scalar, 1: vector) as an array of
        shape (lanes, ...): a uniform value has no lane axis yet."""
        value = np.asarray(value)
        if value.ndim > rank:
            return value
        return np.broadcast_to(value, (self.lanes, *value.shape))

    def per_subgroup(self, value, what: str) -> np.ndarray:
        """A scalar's subgroup-uniform value in each subgroup, (subgroups,)."""
        value = np.asarray(value)
        if value.ndim == 0:
            return np.broadcast_to(value, (self.subgroups,))
        grouped = value.reshape(self.subgroups, self.subgroup_size)
        differs = grouped != grouped[:, :1]
        if self.mask is not None:
            differs &= self.mask.reshape(self.subgroups, self.subgroup_size)
        if differs.any():
            raise InterpretationFailure(f"{what} is not uniform across the subgroup")
        return grouped[:, 0]

    def select(self, new, old, t: Attribute):
        """`new` where lanes (or subgroups, for matrices) are active, else
        `old`; `t` is the values' MLIR type."""
        mask = self.mask
        if mask is None:
            return new
        if isinstance(t, MatrixType):
            active = self.subgroup_mask("a matrix update")
            return np.where(active[:, None, None], new, old)
        rank = rank_of(t)
        new, old = self.per_lane(new, rank), self.per_lane(old, rank)
        return np.where(mask.reshape((self.lanes,) + (1,) * rank), new, old)

    def barrier(self) -> None:
        mask = self.mask
        if mask is None:
            self.epochs += 1
            return
        per_workgroup = mask.reshape(self.workgroups, self.workgroup_size)
        if not np.all(per_workgroup.all(axis=1) | ~per_workgroup.any(axis=1)):
            raise InterpretationFailure("gpu.barrier in divergent control flow")
        self.epochs[per_workgroup[:, 0]] += 1


class PrivateMemory:
    """A memref in private memory: one copy per work-item."""

    def __init__(self, data: np.ndarray):
        self.data = data  # shape (lanes, *memref shape)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape[1:]


class WorkgroupMemory:
    """A memref in workgroup memory: one copy per workgroup, with the access
    record used to find races between barriers."""

    def __init__(self, data: np.ndarray, launch: Launch):
        self.data = data  # shape (workgroups, *memref shape)
        self.launch = launch
        flat = data.shape
        self.writer = np.full(flat, -1, dtype=np.int64)  # subgroup, -1: none
        self.write_epoch = np.full(flat, -1, dtype=np.int64)
        self.reader = np.full(flat, -1, dtype=np.int64)  # subgroup, -2: several
        self.read_epoch = np.full(flat, -1, dtype=np.int64)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape[1:]

    def record_read(self, where: tuple, subgroup: np.ndarray, what: str) -> None:
        epoch = self.launch.epochs[where[0]]
        fresh = self.write_epoch[where] == epoch
        foreign = fresh & (self.writer[where] != subgroup)
        if np.any(foreign):
            raise InterpretationFailure(
                f"{what}: reads workgroup memory written by another subgroup "
                "since the last gpu.barrier (missing barrier)"
            )
        reader = self.reader[where]
        seen = self.read_epoch[where] == epoch
        self.reader[where] = np.where(seen & (reader != subgroup), -2, subgroup)
        self.read_epoch[where] = epoch

    def record_write(self, where: tuple, subgroup: np.ndarray, what: str) -> None:
        epoch = self.launch.epochs[where[0]]
        read_now = self.read_epoch[where] == epoch
        foreign = read_now & (self.reader[where] != subgroup)
        written_now = self.write_epoch[where] == epoch
        foreign |= written_now & (self.writer[where] != subgroup)
        if np.any(foreign):
            raise InterpretationFailure(
                f"{what}: overwrites workgroup memory another subgroup accessed "
                "since the last gpu.barrier (missing barrier)"
            )
        self.writer[where] = subgroup
        self.write_epoch[where] = epoch
