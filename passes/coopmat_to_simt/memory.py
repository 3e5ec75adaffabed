"""Per-component address computation for `coopmat.load` / `coopmat.store` in
SIMT code, following the tinytc coopmatrix layout documentation's load
pseudo-code.

The matrix row and column of each component, and whether it is padding, are
the layout's `element_formula` (`coopmlir.layout`) emitted on `gpu.lane_id`
by `IndexEmitter`: for the tinytc layout, lane p holds, in component
v = w1 + u*K1 + w2*K1*(V/K), matrix row `p % I + (w1 + w2*K1)*I` and column
`j = p / I + u*(S/I)`, the column being padding when `j >= N` (compared only
in the components where some lane is padding); for the row layout lane p
holds row p (column p for use b) in component v.

Matrix element (r, c) of an access at `%mem[.., %i, %j]` is memory element
`[.., i + r, j + c]` (row_major) or `[.., i + c, j + r]` (col_major). With an
explicit stride s the linear offset `j + r*s + c` (or `j + c*s + r`) is split
into a row and a column of the memref with its row length (a contiguous
memref). `checked` bounds the matrix rows (cols) by the memref dimension they
run along; out-of-bounds lanes read zero (`scf.if`) and do not write.

Where every lane holds some components as consecutive elements of one memory
row (`contiguous_runs`: for the tinytc layout with I = S, the columns u of a
row block are consecutive columns of a row-major memref; for B in the
invocation layout, the rows of a column-major one), those components move
as one `vector.load` / `vector.store` of up to 16 bytes instead of one
`memref.load` / `store` each. That needs no padding mask and no explicit
stride on a memref of rank > 1 (the split offset could leave the row), and
`checked` on the axis the run does not run along (one `scf.if` for the
whole run) or along it where the run is all in bounds or all out (a static
extent and a start that are multiples of its length: the first element's
check is the run's); everything else stays per component.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf, vector
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    MemRefType,
    NoneAttr,
    ShapedType,
    StridedLayoutAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.coopmat import CheckedMode, MatrixLayout
from coopmlir.layout import LaneMap, Slot
from coopmlir.passes.convert_to_spirv.wide_access import known_multiple
from coopmlir.passes.coopmat_to_simt.lanes import (
    SimtEmitter,
    unsigned_less,
    zero_attr,
)
from coopmlir.tiling import ACCESS_BYTES

#: A component's place as IR: row, column and `in_matrix` (None: never padding).
IRSlot = Slot[SSAValue, SSAValue]


def slots_of(
    em: SimtEmitter, lanes: LaneMap, wanted: Collection[int] | None = None
) -> dict[int, IRSlot]:
    """The slots of the `wanted` components (default: all), by component:
    `lanes.element_formula` emitted on the lane id, in `component_order`.

    With the tinytc layout and I = S, p % I is p and p / I is 0 (folded by
    the bound of the lane id), which also lets convert-to-spirv prove the
    column offsets of vector runs aligned.
    """
    wanted = set(range(lanes.V) if wanted is None else wanted)
    if not wanted:
        return {}
    ar = em.indices
    lane = ar.lane()
    slots: dict[int, IRSlot] = {}
    for v in lanes.component_order():
        if v not in wanted:
            continue
        slot = lanes.element_formula(ar, lane, ar.constant(v))
        slots[v] = Slot(ar.value(slot.row), ar.value(slot.col), slot.in_matrix)
    return slots


def contiguous_runs(
    lanes: LaneMap, layout: MatrixLayout, longest: int
) -> list[tuple[int, ...]]:
    """Components that every lane holds as consecutive memory elements.

    Each run (v0, v1, ...) has, on every lane, matrix elements that differ
    only along the memory's fast axis (columns for row_major, rows for
    col_major) by 0, 1, 2...; runs never hold padding and are cut into
    pieces of at most `longest` components (pieces of one are left out).
    Read off `lanes.element_map()`, so any layout qualifies where it allows.
    """
    rows, cols = lanes.element_map()
    slow, fast = (rows, cols) if layout == MatrixLayout.ROW_MAJOR else (cols, rows)
    whole = ~lanes.padding_mask().any(axis=0)
    place = {
        (slow[:, v].tobytes(), fast[:, v].tobytes()): v
        for v in range(lanes.V)
        if whole[v]
    }
    following = {
        v: place.get((slow[:, v].tobytes(), (fast[:, v] + 1).tobytes()))
        for v in place.values()
    }
    preceded = {w for w in following.values() if w is not None}
    runs: list[tuple[int, ...]] = []
    for v in sorted(place.values()):
        if v in preceded:
            continue
        chain: list[int] = []
        while v is not None:
            chain.append(v)
            v = following[v]
        for start in range(0, len(chain), longest):
            piece = tuple(chain[start : start + longest])
            if len(piece) > 1:
                runs.append(piece)
    return runs


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

    def _add(self, x: SSAValue, y: SSAValue) -> SSAValue:
        """x + y, or x where y is the constant 0."""
        owner = y.owner
        if (
            isinstance(owner, arith.ConstantOp)
            and isinstance(owner.value, IntegerAttr)
            and owner.value.value.data == 0
        ):
            return x
        return self.em.add(x, y)

    def indices(self, slot: IRSlot) -> list[SSAValue]:
        em, access = self.em, self.access
        slow, fast = self._along(slot.row, slot.col)
        *lead, last = access.indices
        if access.stride is None:
            return [*lead[:-1], self._add(lead[-1], slow), self._add(last, fast)]
        scaled = em.binary(arith.MuliOp, slow, access.stride)
        offset = self._add(em.add(last, scaled), fast)
        if self.rank == 1:
            return [offset]
        row_length = self.dim(-1)
        carry = em.binary(arith.DivUIOp, offset, row_length)
        first = em.add(lead[-1], carry)
        return [*lead[:-1], first, em.binary(arith.RemUIOp, offset, row_length)]

    def condition(self, slot: IRSlot) -> SSAValue | None:
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
                position = self._add(base, offset)
                conditions.append(em.binary(unsigned_less, position, self.dim(d)))
        if not conditions:
            return None
        result = conditions[0]
        for c in conditions[1:]:
            result = em.binary(arith.AndIOp, result, c)
        return result


def vector_runs(access: Access, lanes: LaneMap) -> list[tuple[int, ...]]:
    """The components that `access` moves as one vector each (see module doc)."""
    mem_type = access.mem.type
    assert isinstance(mem_type, MemRefType)
    if access.stride is not None and mem_type.get_num_dims() > 1:
        return []
    row_major = access.layout == MatrixLayout.ROW_MAJOR
    fast_axis = CheckedMode.COLS if row_major else CheckedMode.ROWS
    longest = max(1, ACCESS_BYTES // lanes.element_bytes)
    runs = contiguous_runs(lanes, access.layout, longest)
    if access.checked not in (fast_axis, CheckedMode.BOTH):
        return runs
    return [run for run in runs if _whole_run_in_or_out(access, lanes, run)]


def _whole_run_in_or_out(access: Access, lanes: LaneMap, run: tuple[int, ...]) -> bool:
    """Whether a run checked along its own axis is all in bounds or all out
    (then its first element's check is the run's): the memref's extent
    along the run is static and a multiple of the run's length, and the
    run starts at a multiple of it on every lane."""
    mem_type = access.mem.type
    assert isinstance(mem_type, MemRefType)
    n = len(run)
    extent = mem_type.get_shape()[-1]
    if extent < 0 or extent % n:
        return False
    rows, cols = lanes.element_map()
    fast = cols if access.layout == MatrixLayout.ROW_MAJOR else rows
    if (fast[:, run[0]] % n).any():
        return False
    return known_multiple(access.indices[-1]) % n == 0


def _zero_vector(t: VectorType) -> arith.ConstantOp:
    data = [zero_attr(t.get_element_type()).value.data] * t.get_shape()[0]
    return arith.ConstantOp(DenseIntOrFPElementsAttr.from_list(t, data))


@dataclass
class AccessPlan:
    """How one access moves the components of a matrix vector: `runs` as one
    vector each (`vector_runs`), the `singles` (ascending) one by one, from
    or to the places in `slots` (a run's first component stands for it)."""

    addresses: AddressEmitter
    element_type: Attribute
    runs: list[tuple[int, ...]]
    singles: list[int]
    slots: dict[int, IRSlot]

    @classmethod
    def of(cls, em: SimtEmitter, access: Access, lanes: LaneMap) -> AccessPlan:
        """The plan of `access` to a matrix spread as `lanes`; emits the slots."""
        addresses = AddressEmitter(em, access)
        runs = vector_runs(access, lanes)
        in_runs = {v for run in runs for v in run}
        singles = [v for v in range(lanes.V) if v not in in_runs]
        slots = slots_of(em, lanes, {run[0] for run in runs} | set(singles))
        element_type = addresses.mem_type.get_element_type()
        return cls(addresses, element_type, runs, singles, slots)


def load_components(
    em: SimtEmitter, access: Access, lanes: LaneMap
) -> list[SSAValue] | SSAValue:
    """One scalar per component (the element, or zero where out of bounds), or
    the loaded vector itself when one run is the whole matrix vector."""
    plan = AccessPlan.of(em, access, lanes)
    addresses, element_type, slots = plan.addresses, plan.element_type, plan.slots
    values: list[SSAValue | None] = [None] * lanes.V
    for run in plan.runs:
        slot = slots[run[0]]
        piece_type = VectorType(element_type, [len(run)])
        load = vector.LoadOp(access.mem, addresses.indices(slot), piece_type)
        ok = addresses.condition(slot)
        if ok is None:
            piece = em.emit(load)
        else:
            zero = _zero_vector(piece_type)
            piece = em.emit(
                scf.IfOp(
                    ok,
                    [piece_type],
                    [load, scf.YieldOp(load)],
                    [zero, scf.YieldOp(zero)],
                )
            )
        if run == tuple(range(lanes.V)):
            return piece
        for i, v in enumerate(run):
            values[v] = em.extract(piece, i)
    for v in plan.singles:
        slot = slots[v]
        indices = addresses.indices(slot)
        ok = addresses.condition(slot)
        if ok is None:
            values[v] = em.emit(memref.LoadOp.get(access.mem, indices))
            continue
        load = memref.LoadOp.get(access.mem, indices)
        zero = arith.ConstantOp(zero_attr(element_type))
        guarded = scf.IfOp(
            ok,
            [element_type],
            [load, scf.YieldOp(load)],
            [zero, scf.YieldOp(zero)],
        )
        values[v] = em.emit(guarded)
    return values  # type: ignore[return-value]


def store_components(
    em: SimtEmitter, access: Access, lanes: LaneMap, vec: SSAValue
) -> None:
    """Write each component of the matrix vector `vec` where it is in bounds
    (and not padding): a run of components as one vector."""
    plan = AccessPlan.of(em, access, lanes)
    addresses, element_type, slots = plan.addresses, plan.element_type, plan.slots

    def guarded(slot: IRSlot, store: Operation) -> None:
        ok = addresses.condition(slot)
        if ok is None:
            em.rewriter.insert(store)
        else:
            em.rewriter.insert(scf.IfOp(ok, [], [store, scf.YieldOp()]))

    for run in plan.runs:
        if run == tuple(range(lanes.V)):
            piece = vec
        else:
            piece = em.from_elements(
                [em.extract(vec, v) for v in run],
                VectorType(element_type, [len(run)]),
            )
        slot = slots[run[0]]
        guarded(slot, vector.StoreOp(piece, access.mem, addresses.indices(slot)))
    for v in plan.singles:
        slot, value = slots[v], em.extract(vec, v)
        guarded(slot, memref.StoreOp.get(value, access.mem, addresses.indices(slot)))
