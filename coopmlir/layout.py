"""Subgroup layouts of cooperative matrices: which work-item holds which element.

A layout distributes an M x N matrix over the S work-items ("lanes") of a
subgroup; lane p holds a vector of V components. Two families are provided:

- `TinytcLayout`: the tinytc coopmatrix layout documentation's layout. The
  matrix is seen as an I x K1 x J x K2 tensor A* and linearised as
  L(i, k1, j, k2) = i + k1*I + j*I*K1 + k2*I*K1*J; component v of lane p is
  A*[L^-1(p + v*S)], zero (padding) for columns j >= N.
- `InvocationLayout`: the row/column-per-invocation layouts of the
  VK_QCOM_cooperative_matrix_conversion proposal: invocation i holds row i
  (A, accumulator) or column i (B).

Each layout states its index formulas once, against `IndexArithmetic`:
`element_formula` maps (lane, component) to (row, col, in_matrix) and
`owner_formula` maps (row, col) back to (lane, component). `NUMPY` evaluates
them on integer arrays (everything below); coopmat-to-simt evaluates the same
formulas with an implementation that emits `arith` ops, as Triton applies its
`LinearLayout` both in C++ and as emitted index arithmetic.

Both layouts share one API (`LaneMap`): `element_of`/`owner_of` for single
indices, `element_map`/`owner_map` as numpy index arrays, and
`to_lanes`/`from_lanes` to gather a matrix into per-lane vectors and scatter it
back. A QCOM vector-to-matrix conversion is therefore
`tinytc.to_lanes(row.from_lanes(v))`.

Pure Python + numpy: nothing here builds or reads IR; element types are
named as MLIR spells them and described by `coopmlir.elements`.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from coopmlir.elements import BY_MLIR

# numpy is imported by the functions that evaluate a layout, not with the
# module: the coopmat dialect imports this, and most tools never evaluate one.
if TYPE_CHECKING:
    import numpy as np

SUBGROUP_SIZES = (8, 16, 32, 64)
USES = ("a", "b", "acc")

#: Size in bytes of each element type a matrix can hold (MLIR spelling); 4-bit
#: integers are no matrix element (they are widened before a product).
ELEMENT_BYTES = {
    name: element.bytes for name, element in BY_MLIR.items() if element.bytes
}

Index = tuple[int, int]


def _is_power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def _check_common(rows: int, cols: int, subgroup_size: int, use: str, ty: str) -> None:
    """Raise ValueError naming the first constraint that the arguments break."""
    for name, value in (("rows M", rows), ("cols N", cols)):
        # bool is an int subclass, but True rows is a bug, not a size.
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name}={value!r} must be an integer >= 1")
    if not isinstance(subgroup_size, int) or subgroup_size not in SUBGROUP_SIZES:
        raise ValueError(
            f"subgroup size S={subgroup_size!r} must be a power of two in "
            f"{{{', '.join(map(str, SUBGROUP_SIZES))}}}"
        )
    if use not in USES:
        raise ValueError(f"use {use!r} must be one of {', '.join(USES)}")
    if ty not in ELEMENT_BYTES:
        raise ValueError(
            f"element type {ty!r} must be one of {', '.join(ELEMENT_BYTES)}"
        )


def _frozen(array: np.ndarray) -> np.ndarray:
    # Cached maps are shared between callers: make accidental writes fail.
    array.flags.writeable = False
    return array


# --------------------------------------------------------------------------
# Index arithmetic: what the layout formulas are written with
# --------------------------------------------------------------------------

X = TypeVar("X")  # an index value of one IndexArithmetic
C = TypeVar("C")  # a condition of one IndexArithmetic


class IndexArithmetic(Protocol[X, C]):
    """The operations that the layout formulas are written with.

    Values are non-negative integers: numpy arrays, Python ints, or index
    values of emitted IR. The second operand of `mul`, `rem`, `div` and
    `less` is a Python int. An implementation may fold what it can decide:
    `less` returns None where the comparison holds for every value.
    """

    def constant(self, value: int) -> X:
        """The constant `value`."""
        ...

    def add(self, x: X, y: X) -> X:
        """x + y."""
        ...

    def mul(self, x: X, c: int) -> X:
        """x * c."""
        ...

    def rem(self, x: X, c: int) -> X:
        """x % c, for c >= 1."""
        ...

    def div(self, x: X, c: int) -> X:
        """x // c, for c >= 1."""
        ...

    def less(self, x: X, c: int) -> C | None:
        """x < c, or None where that holds for every value of x."""
        ...


class NumpyArithmetic:
    """`IndexArithmetic` on numpy integer arrays (and Python ints): Python's
    operators, no folding; `less` gives a boolean array."""

    def constant(self, value: int) -> np.int64:
        import numpy as np

        return np.int64(value)

    def add(self, x, y):
        return x + y

    def mul(self, x, c: int):
        return x * c

    def rem(self, x, c: int):
        return x % c

    def div(self, x, c: int):
        return x // c

    def less(self, x, c: int):
        return x < c


#: The numpy evaluation of the layout formulas.
NUMPY = NumpyArithmetic()


@dataclass(frozen=True)
class Slot(Generic[X, C]):
    """Where one component of one lane sits: matrix row and column, and
    `in_matrix`, a condition that is false where the slot is padding (None:
    the slot holds a matrix element on every lane)."""

    row: X
    col: X
    in_matrix: C | None


# --------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class LaneMap:
    """What every layout offers, given its two index formulas.

    Subclasses are frozen dataclasses that define V, `_check` (the layout's
    own constraints), `element_formula` and `owner_formula`; the numpy maps
    and the gather/scatter below come from evaluating those with `NUMPY`.
    """

    rows: int
    cols: int
    subgroup_size: int = 16
    use: str = "acc"
    element_type: str = "f32"

    def __post_init__(self) -> None:
        _check_common(
            self.rows, self.cols, self.subgroup_size, self.use, self.element_type
        )
        self._check()

    def _check(self) -> None:
        """Raise ValueError naming the layout's first constraint that fails."""

    @property
    def M(self) -> int:
        return self.rows

    @property
    def N(self) -> int:
        return self.cols

    @property
    def S(self) -> int:
        return self.subgroup_size

    @property
    def V(self) -> int:
        raise NotImplementedError

    @property
    def element_bytes(self) -> int:
        return ELEMENT_BYTES[self.element_type]

    @property
    def dtype(self) -> np.dtype:
        """numpy dtype of one element (uint16 bit patterns for bf16)."""
        return BY_MLIR[self.element_type].bits_dtype

    @property
    def padding_count(self) -> int:
        """Number of (lane, component) slots that hold no matrix element."""
        return self.S * self.V - self.M * self.N

    def element_formula(
        self, ar: IndexArithmetic[X, C], lane: X, comp: X
    ) -> Slot[X, C]:
        """The slot of component `comp` of lane `lane`, computed with `ar`."""
        raise NotImplementedError

    def owner_formula(self, ar: IndexArithmetic[X, C], row: X, col: X) -> tuple[X, X]:
        """(lane, component) that holds matrix element (row, col), computed
        with `ar`: the inverse of `element_formula` on the matrix."""
        raise NotImplementedError

    def component_order(self) -> tuple[int, ...]:
        """Every component once, in the order SIMT code computes their slots."""
        return tuple(range(self.V))

    def _elements(self, lane: np.ndarray, comp: np.ndarray):
        """(rows, cols) of numpy lanes and components; -1 marks padding."""
        import numpy as np

        slot = self.element_formula(NUMPY, lane, comp)
        if slot.in_matrix is None:
            return slot.row, slot.col
        inside = slot.in_matrix
        return np.where(inside, slot.row, -1), np.where(inside, slot.col, -1)

    def _owners(self, row: np.ndarray, col: np.ndarray):
        """(lanes, components) of numpy rows and columns."""
        return self.owner_formula(NUMPY, row, col)

    def element_of(self, lane: int, component: int) -> Index | None:
        """(row, col) held by `lane` in `component`, or None for padding."""
        import numpy as np

        lane, component = operator.index(lane), operator.index(component)
        if not (0 <= lane < self.S and 0 <= component < self.V):
            raise IndexError(
                f"(lane, component)=({lane}, {component}) outside {self.S}x{self.V}"
            )
        row, col = self._elements(np.int64(lane), np.int64(component))
        return None if row < 0 else (int(row), int(col))

    def owner_of(self, row: int, col: int) -> Index:
        """(lane, component) that holds matrix element (row, col)."""
        import numpy as np

        row, col = operator.index(row), operator.index(col)
        if not (0 <= row < self.M and 0 <= col < self.N):
            raise IndexError(f"(row, col)=({row}, {col}) outside {self.M}x{self.N}")
        lane, comp = self._owners(np.int64(row), np.int64(col))
        return int(lane), int(comp)

    @cached_property
    def _element_map(self) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        lane = np.arange(self.S, dtype=np.int64)[:, None]
        comp = np.arange(self.V, dtype=np.int64)[None, :]
        rows, cols = np.broadcast_arrays(*self._elements(lane, comp))
        return _frozen(rows.copy()), _frozen(cols.copy())

    @cached_property
    def _owner_map(self) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        row = np.arange(self.M, dtype=np.int64)[:, None]
        col = np.arange(self.N, dtype=np.int64)[None, :]
        lanes, comps = np.broadcast_arrays(*self._owners(row, col))
        return _frozen(lanes.copy()), _frozen(comps.copy())

    def element_map(self) -> tuple[np.ndarray, np.ndarray]:
        """(rows, cols): read-only int64 arrays of shape (S, V); -1 marks padding."""
        return self._element_map

    def owner_map(self) -> tuple[np.ndarray, np.ndarray]:
        """(lanes, components): read-only int64 arrays of shape (M, N)."""
        return self._owner_map

    def padding_mask(self) -> np.ndarray:
        """Boolean (S, V) array, True where a slot holds no matrix element."""
        return self._element_map[0] < 0

    def to_lanes(self, matrix: np.ndarray) -> np.ndarray:
        """Gather an (M, N) matrix into (S, V) per-lane vectors; padding is 0."""
        import numpy as np

        matrix = np.asarray(matrix)
        if matrix.shape != (self.M, self.N):
            raise ValueError(f"matrix shape {matrix.shape} != ({self.M}, {self.N})")
        rows, cols = self._element_map
        pad = rows < 0
        lanes = matrix[np.where(pad, 0, rows), np.where(pad, 0, cols)]
        lanes[pad] = 0
        return lanes

    def from_lanes(self, lanes: np.ndarray) -> np.ndarray:
        """Scatter (S, V) per-lane vectors back into the (M, N) matrix."""
        import numpy as np

        lanes = np.asarray(lanes)
        if lanes.shape != (self.S, self.V):
            raise ValueError(f"lanes shape {lanes.shape} != ({self.S}, {self.V})")
        owner_lane, owner_comp = self._owner_map
        return lanes[owner_lane, owner_comp]


@dataclass(frozen=True)
class TinytcLayout(LaneMap):
    """Intel tinytc coopmatrix layout of an M x N matrix over S lanes.

    Shape of A* (the tinytc coopmatrix layout documentation):
      I = min(M, S),  J = ceil(I*N/S)*S/I,  K = M/I = K1*K2,  V = I*K*J/S,
      K1 = omega_b = max(1, 2/size(ty)) for use b when M/S > 1, else 1.
    Lane p, component v = w1 + u*K1 + w2*K1*(V/K) holds
      row = p % I + (w1 + w2*K1)*I,  col = p//I + u*(S/I)   (padding if col >= N).
    Requires M and S powers of two (S in 8..64) and N >= 1.
    """

    def _check(self) -> None:
        if not _is_power_of_two(self.rows):
            raise ValueError(f"rows M={self.rows} must be a power of two")

    @property
    def I(self) -> int:  # noqa: E743 - the document's name
        return min(self.M, self.S)

    @property
    def J(self) -> int:
        # Smallest J >= N with I*J a multiple of S.
        return -(-self.I * self.N // self.S) * self.S // self.I

    @property
    def K(self) -> int:
        return self.M // self.I

    @property
    def K1(self) -> int:
        if self.use == "b" and self.M > self.S:
            return max(1, 2 // self.element_bytes)  # omega_b
        return 1

    @property
    def K2(self) -> int:
        return self.K // self.K1

    @property
    def V(self) -> int:
        return self.I * self.K * self.J // self.S

    @property
    def needs_mask(self) -> bool:
        """The tinytc coopmatrix layout documentation's `J*S/I > N`.

        Conservative: it is true whenever I < S even without padding (e.g.
        4x16, S=16). The exact test for padding is `padding_count > 0`
        (equivalently J > N).
        """
        return self.J * self.S // self.I > self.N

    @property
    def omega(self) -> int:
        """VNNI operands per 32-bit channel for A: max(1, 4/size(ty))."""
        return max(1, 4 // self.element_bytes)

    @property
    def vnni(self) -> bool:
        """Whether this A fragment is stored VNNI-packed (omega values per i32).

        The tinytc coopmatrix layout documentation packs low-precision A when
        N is a multiple of omega, with
        A**[c, i, k1, j, k2] = A*[i, k1, c + j*omega, k2]. We also require
        M >= S (I = S): only then does lane p hold whole row segments, so the
        omega channels of one word are omega adjacent columns held by the same
        lane, i.e. components v = w*omega + c. For I < S the document's A**
        would assign columns to lanes differently from A* (and I*J/omega need
        not be a multiple of S), so such fragments stay unpacked.
        """
        return (
            self.use == "a"
            and self.omega > 1
            and self.N % self.omega == 0
            and self.I == self.S
        )

    @property
    def _per_block(self) -> int:
        """V/K = I*J/S: the components of one row block."""
        return self.V // self.K

    def _component(self, ar: IndexArithmetic[X, C], w1: X, u: X, w2: X) -> X:
        """Component v = w1 + u*K1 + w2*K1*(V/K)."""
        K1 = self.K1
        return ar.add(ar.add(w1, ar.mul(u, K1)), ar.mul(w2, K1 * self._per_block))

    def element_formula(
        self, ar: IndexArithmetic[X, C], lane: X, comp: X
    ) -> Slot[X, C]:
        """Lane p, component v = w1 + u*K1 + w2*K1*(V/K): row
        p % I + (w1 + w2*K1)*I, column p/I + u*(S/I), padding where the
        column is N or more (the documentation's load pseudo-code)."""
        S, I, K1 = self.S, self.I, self.K1  # noqa: E741 - the documentation's names
        # The lane terms first: SIMT code computes them once, before any slot.
        i0, j0 = ar.rem(lane, I), ar.div(lane, I)
        w1 = ar.rem(comp, K1)
        u = ar.rem(ar.div(comp, K1), self._per_block)
        w2 = ar.div(comp, K1 * self._per_block)
        row = ar.add(i0, ar.mul(ar.add(w1, ar.mul(w2, K1)), I))
        col = ar.add(j0, ar.mul(u, S // I))
        return Slot(row, col, ar.less(col, self.N))

    def owner_formula(self, ar: IndexArithmetic[X, C], row: X, col: X) -> tuple[X, X]:
        """Row r, column c: lane r % I + (c % (S/I))*I, component with
        k = r/I = w1 + w2*K1 and u = c/(S/I)."""
        S, I, K1 = self.S, self.I, self.K1  # noqa: E741 - the documentation's names
        k = ar.div(row, I)
        lane = ar.add(ar.rem(row, I), ar.mul(ar.rem(col, S // I), I))
        u = ar.div(col, S // I)
        return lane, self._component(ar, ar.rem(k, K1), u, ar.div(k, K1))

    def component_order(self) -> tuple[int, ...]:
        """Row block (w1, w2) by row block, then u within a block: the loop
        order of the documentation's load pseudo-code."""
        return tuple(
            self._component(NUMPY, w1, u, w2)
            for w1 in range(self.K1)
            for w2 in range(self.K2)
            for u in range(self._per_block)
        )

    def pack_vnni(self, lanes: np.ndarray) -> np.ndarray:
        """Pack (S, V) lane vectors into (S, V/omega) uint32 VNNI words.

        Word w of a lane holds components w*omega .. w*omega + omega-1, i.e.
        columns c + w'*omega of one row (see `vnni`), channel c in bits
        [c*b, (c+1)*b) with b the element width: channel 0 in the low bits.
        """
        import numpy as np

        self._check_vnni()
        lanes = np.asarray(lanes)
        if lanes.shape != (self.S, self.V):
            raise ValueError(f"lanes shape {lanes.shape} != ({self.S}, {self.V})")
        return pack_channels(lanes, self.omega)

    def unpack_vnni(self, words: np.ndarray, dtype=None) -> np.ndarray:
        """Inverse of `pack_vnni`: (S, V/omega) uint32 -> (S, V) of `dtype`."""
        import numpy as np

        self._check_vnni()
        words = np.asarray(words)
        if words.shape != (self.S, self.V // self.omega):
            raise ValueError(
                f"words shape {words.shape} != ({self.S}, {self.V // self.omega})"
            )
        return unpack_channels(words, self.omega, dtype or self.dtype)

    def _check_vnni(self) -> None:
        if not self.vnni:
            raise ValueError(
                f"VNNI packing needs use a, omega > 1, N % omega == 0 and M >= S; "
                f"got use={self.use} {self.element_type} omega={self.omega} "
                f"{self.M}x{self.N} S={self.S}"
            )

    def describe(self) -> str:
        """One line with the layout's parameters."""
        return (
            f"tinytc {self.M}x{self.N} {self.element_type} use={self.use} "
            f"S={self.S}: I={self.I} J={self.J} K={self.K} K1={self.K1} "
            f"K2={self.K2} V={self.V} needs_mask={self.needs_mask} vnni={self.vnni}"
        )


@dataclass(frozen=True)
class InvocationLayout(LaneMap):
    """One row or column per invocation (the VK_QCOM_cooperative_matrix_conversion
    proposal).

    - use a:   lane i holds row i (V = N); requires M <= S.
    - use b:   lane i holds column i (V = M); requires N <= S.
    - use acc: lane i holds row i (V = N); requires M <= S and N in {S, S/2, S/4}.
    Lanes at or beyond the row (column) count hold only padding, as the
    extension ignores their vectors. Accumulators with more rows than S are
    not supported. The extension's type list and its 32-byte row length for
    A/B are properties of the instruction, not of the layout, so they are
    left to the target checks.
    """

    def _check(self) -> None:
        S = self.subgroup_size
        if self.use == "b":
            if self.cols > S:
                raise ValueError(f"cols N={self.cols} must be <= subgroup size S={S}")
        elif self.rows > S:
            raise ValueError(f"rows M={self.rows} must be <= subgroup size S={S}")
        if self.use == "acc" and self.cols not in (S, S // 2, S // 4):
            raise ValueError(
                f"accumulator cols N={self.cols} must be S, S/2 or S/4 "
                f"({S}, {S // 2} or {S // 4})"
            )

    @property
    def by_column(self) -> bool:
        """True when lane i holds column i (use b), False for rows."""
        return self.use == "b"

    @property
    def V(self) -> int:
        return self.M if self.by_column else self.N

    def element_formula(
        self, ar: IndexArithmetic[X, C], lane: X, comp: X
    ) -> Slot[X, C]:
        """Lane p, component v: row p, column v (row v, column p for use b);
        padding on lanes past the last row (column)."""
        in_matrix = ar.less(lane, self.N if self.by_column else self.M)
        row, col = (comp, lane) if self.by_column else (lane, comp)
        return Slot(row, col, in_matrix)

    def owner_formula(self, ar: IndexArithmetic[X, C], row: X, col: X) -> tuple[X, X]:
        """Row r, column c: lane r, component c (lane c, component r for b)."""
        return (col, row) if self.by_column else (row, col)

    def describe(self) -> str:
        """One line with the layout's parameters."""
        held = "column" if self.by_column else "row"
        return (
            f"{held} per invocation {self.M}x{self.N} {self.element_type} "
            f"use={self.use} S={self.S}: V={self.V}"
        )


LAYOUT_KINDS = {"tinytc": TinytcLayout, "row": InvocationLayout}


def make_layout(
    kind: str, rows: int, cols: int, subgroup_size: int, use: str, element_type: str
) -> TinytcLayout | InvocationLayout:
    """Build a layout by kind name: "tinytc" or "row" (row/column per invocation)."""
    if kind not in LAYOUT_KINDS:
        raise ValueError(f"layout {kind!r} must be one of {', '.join(LAYOUT_KINDS)}")
    return LAYOUT_KINDS[kind](rows, cols, subgroup_size, use, element_type)


def _uint_type(nbytes: int) -> np.dtype:
    import numpy as np

    return np.dtype(f"<u{nbytes}")


def pack_channels(values: np.ndarray, omega: int) -> np.ndarray:
    """Pack groups of `omega` consecutive values (last axis) into uint32 words.

    `values` may have any dtype whose item size is 4/omega bytes (float16,
    int8, uint16 bit patterns of bf16, ...). Value k*omega + c goes to word k,
    bits [c*b, (c+1)*b) with b = 32/omega: channel 0 in the low bits.
    """
    import numpy as np

    values = np.ascontiguousarray(values)
    nbytes = values.dtype.itemsize
    if nbytes * omega != 4:
        raise ValueError(f"{omega} channels of {nbytes} bytes do not fill 32 bits")
    if values.shape[-1] % omega:
        raise ValueError(f"last axis {values.shape[-1]} is not a multiple of {omega}")
    bits = values.view(_uint_type(nbytes)).astype(np.uint32)
    bits = bits.reshape(*values.shape[:-1], -1, omega)
    shifts = np.arange(omega, dtype=np.uint32) * np.uint32(8 * nbytes)
    return np.bitwise_or.reduce(bits << shifts, axis=-1).astype(np.uint32)


def unpack_channels(words: np.ndarray, omega: int, dtype) -> np.ndarray:
    """Inverse of `pack_channels`: uint32 words -> values of `dtype`."""
    import numpy as np

    dtype = np.dtype(dtype)
    if dtype.itemsize * omega != 4:
        raise ValueError(f"{omega} channels of {dtype} do not fill 32 bits")
    words = np.asarray(words, dtype=np.uint32)
    shifts = np.arange(omega, dtype=np.uint32) * np.uint32(8 * dtype.itemsize)
    mask = np.uint32((1 << (8 * dtype.itemsize)) - 1)
    channels = (words[..., None] >> shifts) & mask
    bits = channels.astype(_uint_type(dtype.itemsize))
    return bits.view(dtype).reshape(*words.shape[:-1], -1)
