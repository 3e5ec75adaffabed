"""Checked coopmat.load/store of subgroup matrices: neither cooperative-matrix
extension checks bounds, so the access is a subgroup-uniform branch. When
the whole fragment is inside the checked memref dimensions the plain
instruction runs. Otherwise the subgroup goes through its slot of a
per-kernel workgroup-memory scratch array (one slot of R*C elements per
subgroup, at SubgroupId * slot size): for a load, each lane copies elements
`lane, lane + S, ...` of the fragment (zero where out of bounds) into the
slot in row-major order, a subgroup barrier, and a cooperative load from
the slot; for a store, the reverse. A barrier before each use keeps
consecutive uses of the slot apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from xdsl.ir import Attribute, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.passes.convert_to_spirv.memory import Memory

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering


class CheckedAccess:
    """Bounds of a checked coopmat.load/store: the uniform "whole fragment
    inside" test and, per fragment element e (row-major), its memory offset
    and whether it is inside."""

    def __init__(
        self,
        lowering: MatrixLowering,
        op: cm.LoadOp | cm.StoreOp,
        mem: Memory,
        indices: Sequence[SSAValue],
        start: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ):
        self.k, self.b = lowering.k, lowering.b
        t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
        assert isinstance(t, cm.MatrixType) and op.checked is not None
        self.rows, self.cols = t.shape
        self.mem, self.start, self.stride = mem, start, stride
        self.col_major = col_major
        shape = mem.shape
        mode = op.checked.data
        lead, last = indices[-2], indices[-1]
        # (is the axis the matrix rows, memref index, memref dimension size)
        self.axes: list[tuple[bool, SSAValue, int | SSAValue]] = []
        if mode in (cm.CheckedMode.ROWS, cm.CheckedMode.BOTH):
            self.axes.append(
                (True, last, shape[-1]) if col_major else (True, lead, shape[-2])
            )
        if mode in (cm.CheckedMode.COLS, cm.CheckedMode.BOTH):
            self.axes.append(
                (False, lead, shape[-2]) if col_major else (False, last, shape[-1])
            )

    def _all(self, conditions: list[SSAValue]) -> SSAValue:
        result = conditions[0]
        for c in conditions[1:]:
            result = self.b.value(sa.LogicalAndOp(result, c))
        return result

    def in_bounds(self) -> SSAValue:
        """Subgroup-uniform: base <= size - extent (unsigned) on every
        checked axis. Unsigned, a negative base is huge, so a fragment that
        starts before the memref takes the per-element path (base + extent
        would wrap around and pass)."""
        conditions = []
        for is_rows, base, size in self.axes:
            extent = self.rows if is_rows else self.cols
            if isinstance(size, int):
                # size < extent: never whole; `base < 0` (unsigned) is false.
                test, bound = (
                    (sa.ULessThanEqualOp, size - extent)
                    if size >= extent
                    else (sa.ULessThanOp, 0)
                )
                conditions.append(self.b.value(test(base, self.k.const(bound))))
                continue
            # A run-time size: extent <= size, then base <= size - extent
            # (unsigned, so that a negative base is outside).
            whole = self.b.value(sa.ULessThanEqualOp(self.k.const(extent), size))
            room = self.b.value(sa.ISubOp(size, self.k.const(extent)))
            conditions.append(whole)
            conditions.append(self.b.value(sa.ULessThanEqualOp(base, room)))
        return self._all(conditions)

    def element(self, e: SSAValue) -> tuple[SSAValue, SSAValue]:
        """Memory offset of fragment element e (row r = e / C, column e % C)
        and whether it is inside the checked dimensions."""
        cols = self.k.const(self.cols)
        r = self.b.value(sa.UDivOp(e, cols))
        c = self.b.value(sa.UModOp(e, cols))
        slow, fast = (c, r) if self.col_major else (r, c)
        scaled = self.b.value(sa.IMulOp(slow, self.stride))
        address = self.b.value(
            sa.IAddOp(self.b.value(sa.IAddOp(self.start, scaled)), fast)
        )
        conditions = []
        for is_rows, base, size in self.axes:
            position = self.b.value(sa.IAddOp(base, r if is_rows else c))
            conditions.append(self.b.value(sa.ULessThanOp(position, self.k.size(size))))
        return address, self._all(conditions)


def load_checked(
    m: MatrixLowering,
    op: cm.LoadOp,
    mem: Memory,
    indices: Sequence[SSAValue],
    start: SSAValue,
    stride: SSAValue,
    col_major: bool,
    t: Attribute,
) -> SSAValue:
    """The checked load of a matrix of SPIR-V type `t` (module docstring)."""
    access = CheckedAccess(m, op, mem, indices, start, stride, col_major)

    def fast() -> list[SSAValue]:
        return [m.fast_load(mem, start, stride, col_major, t)]

    def staged() -> list[SSAValue]:
        scratch, slot = m.slot(op.result.type)
        m.subgroup_barrier()
        zero = m.k.const(0, mem.element_type)

        def copy(e: SSAValue) -> None:
            address, inside = access.element(e)
            (value,) = m.b.selection(
                inside,
                [mem.element_type],
                lambda: [m.k.load(mem, address)],
                lambda: [zero],
            )
            m.k.store(scratch, m.b.value(sa.IAddOp(slot, e)), value)

        m.for_each_element(access.rows * access.cols, copy)
        m.subgroup_barrier()
        width = m.k.const(access.cols)
        return [m.fast_load(scratch, slot, width, False, t)]

    return m.b.selection(access.in_bounds(), [t], fast, staged)[0]


def store_checked(
    m: MatrixLowering,
    op: cm.StoreOp,
    mem: Memory,
    indices: Sequence[SSAValue],
    start: SSAValue,
    stride: SSAValue,
    col_major: bool,
    value: SSAValue,
) -> None:
    """The checked store of matrix `value` (module docstring)."""
    access = CheckedAccess(m, op, mem, indices, start, stride, col_major)

    def fast() -> list[SSAValue]:
        m.fast_store(mem, start, value, stride, col_major)
        return []

    def staged() -> list[SSAValue]:
        scratch, slot = m.slot(op.value.type)
        m.subgroup_barrier()
        m.fast_store(scratch, slot, value, m.k.const(access.cols), False)
        m.subgroup_barrier()

        def copy(e: SSAValue) -> None:
            address, inside = access.element(e)

            def write() -> list[SSAValue]:
                element = m.k.load(scratch, m.b.value(sa.IAddOp(slot, e)))
                m.k.store(mem, address, element)
                return []

            m.b.selection(inside, [], write)

        m.for_each_element(access.rows * access.cols, copy)
        return []

    m.b.selection(access.in_bounds(), [], fast, staged)
