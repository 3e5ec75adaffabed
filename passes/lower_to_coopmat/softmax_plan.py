"""What the kernel of one `linalg.softmax` will be (`plan_softmax`),
decided before anything changes: the shape it covers, its workgroups and
whether the rows are checked; `softmax_kernel.py` builds a given plan."""

from __future__ import annotations

import math
from dataclasses import dataclass

from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    MemRefType,
    ModuleOp,
    TensorType,
)
from xdsl.ir import Attribute

from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.passes.lower_to_coopmat.matching import error
from coopmlir.targets import Target

#: The fragment shape of a row block (m x n) and subgroups per workgroup.
FRAGMENT = (16, 16)
SUBGROUPS = 4


@dataclass(frozen=True)
class SoftmaxPlan:
    """The kernel of `op`: `batch` matrices (None: a 2-D input) of `rows`
    rows of `cols` `elem`s, in workgroups of `threads` work-items;
    `rows_checked`: the last workgroup's block of rows ends beyond `rows`."""

    op: SoftmaxOp
    batch: int | None
    rows: int
    cols: int
    elem: Attribute
    threads: int
    rows_checked: bool

    def grid(self) -> tuple[int, int, int]:
        per_workgroup = SUBGROUPS * FRAGMENT[0]
        return (math.ceil(self.rows / per_workgroup), self.batch or 1, 1)


def plan_softmax(op: SoftmaxOp, target: Target) -> SoftmaxPlan:
    """The plan of `op`'s kernel, or a located error saying why it has none."""
    t = op.input.type
    assert isinstance(t, MemRefType | TensorType)
    shape = t.get_shape()
    if any(d < 0 for d in shape) or len(shape) not in (2, 3):
        raise error(
            op, f"linalg.softmax: a static 2-D or 3-D shape is lowered, got {t}"
        )
    if op.dimension.value.data != len(shape) - 1:
        raise error(
            op,
            f"linalg.softmax over dimension {op.dimension.value.data}: only the "
            f"last dimension ({len(shape) - 1}) is lowered",
        )
    if not isinstance(t.element_type, Float16Type | Float32Type):
        raise error(op, f"linalg.softmax: f16 or f32 is lowered, got {t}")
    if shape[-1] % FRAGMENT[1]:
        raise error(
            op,
            f"linalg.softmax: rows of {shape[-1]} are not a multiple of {FRAGMENT[1]}",
        )
    threads = SUBGROUPS * target.subgroup_size
    if threads > target.max_workgroup_size:
        raise error(op, f"linalg.softmax needs {threads} work-items per workgroup")
    batch = shape[0] if len(shape) == 3 else None
    rows = shape[-2]
    checked = rows % (SUBGROUPS * FRAGMENT[0]) != 0
    return SoftmaxPlan(op, batch, rows, shape[-1], t.element_type, threads, checked)


def plan_softmaxes(module: ModuleOp, target: Target) -> list[SoftmaxPlan]:
    """Every `linalg.softmax`, planned before anything changes."""
    ops = [o for o in module.walk() if isinstance(o, SoftmaxOp)]
    return [plan_softmax(op, target) for op in ops]
