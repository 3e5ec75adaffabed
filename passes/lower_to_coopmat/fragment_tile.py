"""Register tiles of cooperative-matrix fragments (issue 31's kernel layer),
written once for every kernel kind: the fragment types of one product,
where a matrix's fragments are read and written (`Operand`), and the
multiply-add of A fragments by B fragments into a subgroup's accumulators.

A subgroup's `FragmentTile` is `frags_m x frags_n` accumulator fragments
(m x n each) at (row + i * m, col + j * n). One k step multiplies a column
of `frags_m` A fragments (m x k) by a row of `frags_n` B fragments (k x n):

    for j in 0..frags_n:  b_j = load B[k, col + j * n]
        for i in 0..frags_m:  acc[i][j] = mul_add(a_i, b_j, acc[i][j])

so each B fragment is loaded once and used `frags_m` times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import Float32Type, IntegerType
from xdsl.ir import Attribute, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.kernel_builder import (
    AddressMap,
    Index,
    KernelBuilder,
)

F32 = Float32Type()


def checked_mode(rows: bool, cols: bool) -> coopmat.CheckedMode | None:
    """The bounds check of a fragment access whose `rows` / `cols` may pass
    the matrix's end (None: none)."""
    if rows and cols:
        return coopmat.CheckedMode.BOTH
    if rows:
        return coopmat.CheckedMode.ROWS
    if cols:
        return coopmat.CheckedMode.COLS
    return None


def signed_operands(elem: Attribute, signed: bool) -> tuple[str, ...]:
    """`coopmat.mul_add`'s signed operands: all of them for a signed integer
    product, none otherwise."""
    if isinstance(elem, IntegerType) and signed:
        return ("a", "b", "c", "result")
    return ()


if TYPE_CHECKING:
    from coopmlir.passes.lower_to_coopmat.weight_decode import DecodedLoad


@dataclass(frozen=True)
class FragmentTypes:
    """The A (m x k), B (k x n) and accumulator (m x n) fragments of one product."""

    a: coopmat.MatrixType
    b: coopmat.MatrixType
    acc: coopmat.MatrixType

    @staticmethod
    def of(
        shape: tuple[int, int, int],
        elem: Attribute,
        acc_elem: Attribute = F32,
        scope: coopmat.MatrixScope = coopmat.MatrixScope.SUBGROUP,
    ) -> FragmentTypes:
        """The fragments of an m x n x k (`shape`) product of `elem` into `acc_elem`."""
        m, n, k = shape
        use = coopmat.MatrixUse
        return FragmentTypes(
            coopmat.MatrixType(m, k, elem, use.A, scope),
            coopmat.MatrixType(k, n, elem, use.B, scope),
            coopmat.MatrixType(m, n, acc_elem, use.ACC, scope),
        )


@dataclass(frozen=True)
class Operand:
    """Where fragments of one matrix are read or written: a memref, its
    leading (batch) indices, and whether the matrix is stored transposed.

    Fragments are addressed in matrix coordinates (row, col); a transposed
    matrix is read `col_major` at memref indices (col, row), so the `checked`
    rows and cols of a fragment stay the matrix's (coopmat.load bounds
    col_major rows by the last memref dimension).
    """

    memref: SSAValue
    prefix: tuple[SSAValue, ...] = ()
    transposed: bool = False
    address: AddressMap | None = None  # not a matrix in memory: staged only
    #: Decoded from quantized buffers as it is staged (weight_decode.py).
    decode: DecodedLoad | None = None

    @property
    def layout(self) -> coopmat.MatrixLayout:
        if self.transposed:
            return coopmat.MatrixLayout.COL_MAJOR
        return coopmat.MatrixLayout.ROW_MAJOR

    def indices(self, b: KernelBuilder, row: Index, col: Index) -> list[SSAValue]:
        first, second = (col, row) if self.transposed else (row, col)
        return [*self.prefix, b.value(first), b.value(second)]

    def stored(self, pair: tuple):
        """A (rows, cols)-ordered pair in the order of the memref dimensions."""
        return pair[::-1] if self.transposed else pair

    def load(
        self,
        b: KernelBuilder,
        row: Index,
        col: Index,
        matrix: coopmat.MatrixType,
        checked: coopmat.CheckedMode | None,
    ) -> SSAValue:
        op = coopmat.LoadOp(
            self.memref,
            self.indices(b, row, col),
            matrix,
            layout=self.layout,
            checked=checked,
        )
        return b.emit(op).results[0]

    def store(
        self,
        b: KernelBuilder,
        value: SSAValue,
        row: Index,
        col: Index,
        checked: coopmat.CheckedMode | None,
    ) -> None:
        indices = self.indices(b, row, col)
        b.emit(
            coopmat.StoreOp(
                value, self.memref, indices, layout=self.layout, checked=checked
            )
        )


def splat(b: KernelBuilder, value: float, matrix: coopmat.MatrixType) -> SSAValue:
    """A matrix with every element `value` (a hoisted constant)."""
    constant = b.constant(value, matrix.element_type)
    return b.emit(coopmat.SplatOp(constant, matrix)).results[0]


def convert(b: KernelBuilder, x: SSAValue, matrix: coopmat.MatrixType) -> SSAValue:
    """`x` as `matrix`, converted only where its type differs."""
    if x.type == matrix:
        return x
    return b.emit(coopmat.ConvertOp(x, matrix)).results[0]


def accumulator_as_a(
    b: KernelBuilder, acc: SSAValue, elem: Attribute, a_type: coopmat.MatrixType
) -> SSAValue:
    """An f32 accumulator fragment as the A operand `a_type` of the next
    product, in registers: rounded to `elem` first when that is narrower
    (attention's P before `@ V`, a chain layer's output)."""
    if elem != F32:
        m, n = a_type.shape
        acc = convert(b, acc, coopmat.MatrixType(m, n, elem, coopmat.MatrixUse.ACC))
    return convert(b, acc, a_type)


def mul_add(
    b: KernelBuilder,
    a: SSAValue,
    b_frag: SSAValue,
    acc: SSAValue,
    signed: tuple[str, ...] = (),
) -> SSAValue:
    """acc + a @ b_frag."""
    return b.emit(coopmat.MulAddOp(a, b_frag, acc, signed=signed)).results[0]


@dataclass(frozen=True)
class FragmentTile:
    """The `frags_m x frags_n` accumulator fragments of `types` one subgroup
    holds in registers (module doc); `signed`: of an integer product."""

    types: FragmentTypes
    frags_m: int = 1
    frags_n: int = 1
    signed: tuple[str, ...] = ()
    #: m, n, k as values (spec constants, spec_grid.py) where the types'
    #: static sizes are only the defaults; None: the types' sizes.
    sizes: tuple[Index, Index, Index] | None = None

    def mnk(self) -> tuple[Index, Index, Index]:
        """The fragments' m, n and k: `sizes`, else the types'."""
        if self.sizes is not None:
            return self.sizes
        m, n = self.types.acc.shape
        return m, n, self.types.a.shape[1]

    def origins(self, b: KernelBuilder, row: Index, col: Index) -> list[tuple]:
        """Where each fragment of the tile at (row, col) begins, row by row."""
        m, n, _ = self.mnk()
        return [
            (b.add(row, b.mul(i, m)), b.add(col, b.mul(j, n)))
            for i in range(self.frags_m)
            for j in range(self.frags_n)
        ]

    def fill(self, b: KernelBuilder, value: SSAValue) -> list[SSAValue]:
        """Every accumulator `value` (one splat shared by all)."""
        splat = b.emit(coopmat.SplatOp(value, self.types.acc)).results[0]
        return [splat] * (self.frags_m * self.frags_n)

    def load(
        self,
        b: KernelBuilder,
        src: Operand,
        row: Index,
        col: Index,
        checked: coopmat.CheckedMode | None,
    ) -> list[SSAValue]:
        """The accumulators of the tile at (row, col) of `src`."""
        return [
            src.load(b, r, c, self.types.acc, checked)
            for r, c in self.origins(b, row, col)
        ]

    def store(
        self,
        b: KernelBuilder,
        dst: Operand,
        accs: Sequence[SSAValue],
        origins: Sequence[tuple],
        checked: coopmat.CheckedMode | None,
    ) -> None:
        """Store each accumulator at its origin (from `origins`) of `dst`."""
        for acc, (r, c) in zip(accs, origins, strict=True):
            dst.store(b, acc, r, c, checked)

    def multiply_add(
        self,
        b: KernelBuilder,
        accs: Sequence[SSAValue],
        a_frags: Sequence[SSAValue],
        load_b: Callable[[int], SSAValue],
    ) -> list[SSAValue]:
        """One k step (module doc): the `frags_m` A fragments `a_frags` times
        the B fragments `load_b(j)`, j < frags_n, added to `accs`."""
        fn = self.frags_n
        accs = list(accs)
        for j in range(fn):
            b_frag = load_b(j)
            for i, a in enumerate(a_frags):
                accs[i * fn + j] = mul_add(b, a, b_frag, accs[i * fn + j], self.signed)
        return accs

    def k_steps(
        self,
        b: KernelBuilder,
        accs: Sequence[SSAValue],
        a_src: Operand,
        b_src: Operand,
        origin: tuple[Index, Index, Index],
        steps: int,
        checks: tuple[coopmat.CheckedMode | None, coopmat.CheckedMode | None],
    ) -> list[SSAValue]:
        """`steps` k steps of the tile at `origin` (row, col, k) from memory:
        per step, the A fragments at (row + i * m, k) and the B fragments at
        (k, col + j * n), bounds-checked as `checks` says."""
        row, col, k = origin
        m, n, step = self.mnk()
        accs = list(accs)
        for s in range(steps):
            at = b.add(k, b.mul(s, step))
            a_frags = [
                a_src.load(b, b.add(row, b.mul(i, m)), at, self.types.a, checks[0])
                for i in range(self.frags_m)
            ]

            def load_b(j: int, at: Index = at) -> SSAValue:
                col_j = b.add(col, b.mul(j, n))
                return b_src.load(b, at, col_j, self.types.b, checks[1])

            accs = self.multiply_add(b, accs, a_frags, load_b)
        return accs
