"""Per-component address computation for `coopmat.load` / `coopmat.store` in
SIMT code, following document 003's load pseudo-code.

For the tinytc layout, lane p holds, in component v = w1 + u*K1 + w2*K1*(V/K),
matrix row `p % I + (w1 + w2*K1)*I` and column `j = p / I + u*(S/I)`, the
column being padding when `j >= N` (checked only where 003's `needs_mask`
holds and the layout has padding in that component). For the row layout lane
p holds row p (column p for use b) in component v.

Matrix element (r, c) of an access at `%mem[.., %i, %j]` is memory element
`[.., i + r, j + c]` (row_major) or `[.., i + c, j + r]` (col_major). With an
explicit stride s the linear offset `j + r*s + c` (or `j + c*s + r`) is split
into a row and a column of the memref with its row length (a contiguous
memref). `checked` bounds the matrix rows (cols) by the memref dimension they
run along; out-of-bounds lanes read zero (`scf.if`) and do not write.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    MemRefType,
    NoneAttr,
    ShapedType,
    StridedLayoutAttr,
)
from xdsl.ir import SSAValue

from coopmlir.dialects.coopmat import CheckedMode, MatrixLayout
from coopmlir.layout import InvocationLayout, LaneMap, TinytcLayout
from coopmlir.simt_lanes import SimtEmitter, zero_attr


def _Ult(x: SSAValue, y: SSAValue) -> arith.CmpiOp:  # noqa: N802 - an op builder
    return arith.CmpiOp(x, y, "ult")


@dataclass
class Slot:
    """Where component v of this lane sits in the matrix."""

    row: SSAValue
    col: SSAValue
    in_matrix: SSAValue | None  # false on padding lanes; None: never padding


def tinytc_slots(em: SimtEmitter, lanes: TinytcLayout) -> list[Slot]:
    """Row, column and padding mask of every component (document 003)."""
    I, S, K1, K2, V, K = lanes.I, lanes.S, lanes.K1, lanes.K2, lanes.V, lanes.K  # noqa: E741
    per_block = V // K
    i0 = em.emit(arith.RemUIOp(em.lane(), em.index(I)))
    j0 = em.emit(arith.DivUIOp(em.lane(), em.index(I)))
    padding = lanes.padding_mask()
    slots: list[Slot | None] = [None] * V
    for w1 in range(K1):
        for w2 in range(K2):
            block = (w1 + w2 * K1) * I
            row = em.add(i0, em.index(block)) if block else i0
            for u in range(per_block):
                v = w1 + u * K1 + w2 * K1 * per_block
                col = j0 if u == 0 else em.add(j0, em.index(u * S // I))
                in_matrix = None
                if lanes.needs_mask and padding[:, v].any():
                    in_matrix = em.binary(_Ult, col, em.index(lanes.N))
                slots[v] = Slot(row, col, in_matrix)
    assert all(slot is not None for slot in slots)
    return slots  # type: ignore[return-value]


def invocation_slots(em: SimtEmitter, lanes: InvocationLayout) -> list[Slot]:
    """Lane p holds row p (column p for use b); lanes past the last are padding."""
    count = lanes.N if lanes.by_column else lanes.M
    in_matrix = None
    if count < lanes.S:
        in_matrix = em.emit(arith.CmpiOp(em.lane(), em.index(count), "ult"))
    slots = []
    for v in range(lanes.V):
        line, pos = em.lane(), em.index(v)
        row, col = (pos, line) if lanes.by_column else (line, pos)
        slots.append(Slot(row, col, in_matrix))
    return slots


def slots_of(em: SimtEmitter, lanes: LaneMap) -> list[Slot]:
    if isinstance(lanes, TinytcLayout):
        return tinytc_slots(em, lanes)
    assert isinstance(lanes, InvocationLayout)
    return invocation_slots(em, lanes)


@dataclass
class Access:
    """The operands and properties of a coopmat.load/store."""

    mem: SSAValue
    indices: Sequence[SSAValue]
    stride: SSAValue | None
    layout: MatrixLayout
    checked: CheckedMode | None


def unsupported_access(mem_type: MemRefType, has_stride: bool) -> str | None:
    """Why an access cannot be lowered, or None."""
    if not has_stride or mem_type.get_num_dims() == 1:
        return None
    layout = mem_type.layout
    identity = ShapedType.strides_for_shape(mem_type.get_shape())
    contiguous = isinstance(layout, NoneAttr) or (
        isinstance(layout, StridedLayoutAttr)
        and list(mem_type.get_strides() or ()) == list(identity)
        and None not in identity
    )
    if not contiguous:
        return (
            f"an explicit stride needs a contiguous memref to address, got {mem_type}"
        )
    return None


class AddressEmitter:
    """Memory indices and bounds conditions of matrix elements of one access."""

    def __init__(self, em: SimtEmitter, access: Access):
        self.em = em
        self.access = access
        mem_type = access.mem.type
        assert isinstance(mem_type, MemRefType)
        self.mem_type = mem_type
        self.rank = mem_type.get_num_dims()
        self._dims: dict[int, SSAValue] = {}

    def dim(self, d: int) -> SSAValue:
        """Size of memref dimension d (negative: from the end)."""
        d %= self.rank
        if d not in self._dims:
            size = self.mem_type.get_shape()[d]
            self._dims[d] = (
                self.em.index(size)
                if size >= 0
                else self.em.emit(memref.DimOp(self.access.mem, self.em.index(d)))
            )
        return self._dims[d]

    def _along(self, row: SSAValue, col: SSAValue) -> tuple[SSAValue, SSAValue]:
        """(slow, fast) matrix coordinates: (row, col) row-major, else (col, row)."""
        if self.access.layout == MatrixLayout.ROW_MAJOR:
            return row, col
        return col, row

    def indices(self, slot: Slot) -> list[SSAValue]:
        em, access = self.em, self.access
        slow, fast = self._along(slot.row, slot.col)
        *lead, last = access.indices
        if access.stride is None:
            return [*lead[:-1], em.add(lead[-1], slow), em.add(last, fast)]
        scaled = em.binary(arith.MuliOp, slow, access.stride)
        offset = em.add(em.add(last, scaled), fast)
        if self.rank == 1:
            return [offset]
        row_length = self.dim(-1)
        carry = em.binary(arith.DivUIOp, offset, row_length)
        first = em.add(lead[-1], carry)
        return [*lead[:-1], first, em.binary(arith.RemUIOp, offset, row_length)]

    def condition(self, slot: Slot) -> SSAValue | None:
        """In the matrix and, where checked, inside the memref; None: always."""
        em, access = self.em, self.access
        conditions = [] if slot.in_matrix is None else [slot.in_matrix]
        checked = access.checked
        if checked is not None:
            *lead, last = access.indices
            row_major = access.layout == MatrixLayout.ROW_MAJOR
            # (matrix offset, memref index, memref dimension) per checked axis
            axes = []
            if checked in (CheckedMode.ROWS, CheckedMode.BOTH):
                axes.append((slot.row, *((lead[-1], -2) if row_major else (last, -1))))
            if checked in (CheckedMode.COLS, CheckedMode.BOTH):
                axes.append((slot.col, *((last, -1) if row_major else (lead[-1], -2))))
            for offset, base, d in axes:
                position = em.add(base, offset)
                conditions.append(em.binary(_Ult, position, self.dim(d)))
        if not conditions:
            return None
        result = conditions[0]
        for c in conditions[1:]:
            result = em.binary(arith.AndIOp, result, c)
        return result


def load_components(em: SimtEmitter, access: Access, lanes: LaneMap) -> list[SSAValue]:
    """One scalar per component: the element, or zero where out of bounds."""
    addresses = AddressEmitter(em, access)
    element_type = addresses.mem_type.get_element_type()
    values = []
    for slot in slots_of(em, lanes):
        indices = addresses.indices(slot)
        ok = addresses.condition(slot)
        if ok is None:
            values.append(em.emit(memref.LoadOp.get(access.mem, indices)))
            continue
        load = memref.LoadOp.get(access.mem, indices)
        zero = arith.ConstantOp(zero_attr(element_type))
        guarded = scf.IfOp(
            ok,
            [element_type],
            [load, scf.YieldOp(load)],
            [zero, scf.YieldOp(zero)],
        )
        values.append(em.emit(guarded))
    return values


def store_components(
    em: SimtEmitter, access: Access, lanes: LaneMap, values: Sequence[SSAValue]
) -> None:
    """Write each component where it is in bounds (and not padding)."""
    addresses = AddressEmitter(em, access)
    for slot, value in zip(slots_of(em, lanes), values, strict=True):
        indices = addresses.indices(slot)
        ok = addresses.condition(slot)
        store = memref.StoreOp.get(value, access.mem, indices)
        if ok is None:
            em.rewriter.insert(store)
        else:
            em.rewriter.insert(scf.IfOp(ok, [], [store, scf.YieldOp()]))
