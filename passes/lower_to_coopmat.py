"""lower-to-coopmat: linalg.matmul to tiled cooperative-matrix GPU kernels.

In: a `func.func` with `linalg.matmul` on static memrefs (L0), optionally
right after a `linalg.fill` of its output with a constant. Element types
f16 x f16 -> f16 | f32, bf16 x bf16 -> f32, i8 x i8 -> i32 (signed, or
unsigned with `cast = #linalg.type_fn<cast_unsigned>`), and f32 x f32 -> f32
on targets without matrix units. Also:

- transposed operands: `linalg.matmul` with MLIR's `indexing_maps` (any of
  A, B, C stored transposed) and `linalg.matmul_transpose_a|b`. Fragments of
  a transposed matrix are loaded/stored `col_major` in place (no transpose
  pass over memory); staged tiles keep the stored orientation.
- `linalg.batch_matmul` (with `indexing_maps` too, batch dimension first):
  grid z runs over the batch and every load and store gets `gpu.block_id z`
  as its leading index.
- the tensor form (`tensor.empty` + `linalg.fill` + matmul returning a
  tensor) is bufferized first by `bufferize-matmul` (see there: a returned
  fresh tensor becomes a trailing memref argument).

Out (L1, docs/kernels.md): the module gets `gpu.container_module`; the
`(fill, matmul)` pair becomes a `gpu.launch_func` in the same function, and
the kernel a `gpu.func` in `gpu.module @<func>_kernels`, with scf.for,
arith, memref, gpu id ops and coopmat ops only:

- grid: x over N tiles, y over M tiles, z over the batch; workgroup: SM*SN
  subgroups;
  subgroup (i, j) owns a C_ROWS x C_COLS register tile of m x n accumulator
  fragments, carried through the K loop as `scf.for` iter_args. Per k step,
  each A fragment is loaded once and reused across its row of B fragments
  (the Vulkan cooperative-matrix talk's tiled cooperative multiply).
- stages=0: fragments come straight from global memory.
  stages=1: per K tile, the workgroup copies the TM x TK tile of A and the
  TK x TN tile of B into workgroup memory (rows padded by 16 bytes against
  bank conflicts) between two barriers; fragments come from there. Each
  work-item copies chunks of up to 16 bytes, as one `vector.load` +
  `vector.store` when the global rows are whole chunks (else per element).
  convert-to-spirv makes a 16-byte chunk one uvec4 access.
  stages=2: as 1, but the next K tile is fetched into registers while the
  current one is multiplied (the Vulkan cooperative-matrix talk's pseudo-code).
- Edge tiles. Everything is static, so checks are decided per dimension:
  a dimension that the tile divides is never checked. stages=0: checked
  loads/stores (`checked(rows|cols|both)`) on the ragged dimensions only; the
  K loop runs over whole tiles unchecked and a peeled tail does the last
  ceil(K % TK / k) steps, checked only if K % k != 0. stages=1|2: the copy
  into workgroup memory clamps its indices and writes zeros outside A and B
  (padding), so fragment loads from workgroup memory are never checked;
  C is loaded/stored with checks on ragged M/N.

Bad input (an unsupported type for the target, a configuration that does not
divide or fit, dynamic shapes, indexing maps that are not a matmul of whole
matrices, a tensor program bufferize-matmul cannot handle) is a located
error; the module is unchanged.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, gpu, memref, scf, vector
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    NoneAttr,
    StringAttr,
    SymbolRefAttr,
    TensorType,
    UnitAttr,
    UnknownLoc,
    VectorType,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineDimExpr
from xdsl.passes import ModulePass

from coopmlir.constant_cache import ConstantCache, Number, arith_constant
from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects import coopmat
from coopmlir.dialects.gpu_subgroup import WORKGROUP_MEMORY_SPACE
from coopmlir.dialects.linalg_mixed_precision import (
    ContractionOp,
    require_coopmlir_contractions,
)
from coopmlir.elements import bit_width, element_of
from coopmlir.passes.bufferize_matmul import apply_plan, plan_function
from coopmlir.passes.specialize_contractions import specialize_contractions
from coopmlir.targets import Target, resolve_target
from coopmlir.tiling import (
    Problem,
    TileConfig,
    candidates,
    check,
    choose,
    describe,
    parse_dims,
)

# --------------------------------------------------------------------------
# What is lowered: one matmul, its operands and element types
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Matmul:
    """A contraction (and the `linalg.fill` of its output) to lower:
    C[b] (m x n) += A[b] (m x k) * B[b] (k x n) over `batch` matrices (None:
    no batch dimension). `transposed` says, for A, B and C, whether the
    matrix is stored transposed (k x m, n x k, n x m)."""

    op: ContractionOp
    fill: FillOp | None
    fill_value: Attribute | None
    batch: int | None
    m: int
    n: int
    k: int
    transposed: tuple[bool, bool, bool]
    a_elem: Attribute
    c_elem: Attribute
    signed: bool

    @property
    def operands(self) -> tuple[SSAValue, SSAValue, SSAValue]:
        a, b = self.op.inputs
        return (a, b, self.op.outputs[0])

    @property
    def component_types(self) -> tuple[str, str, str, str]:
        """(a, b, c, result) as VkComponentTypeKHR short names."""
        a = element_of(self.a_elem, self.signed).name
        c = element_of(self.c_elem, self.signed).name
        return (a, a, c, c)

    def problem(self) -> Problem:
        return Problem(
            self.m,
            self.n,
            self.k,
            _byte_size(self.a_elem),
            _byte_size(self.c_elem),
            batch=self.batch or 1,
            a_transposed=self.transposed[0],
            b_transposed=self.transposed[1],
        )

    def describe(self) -> str:
        """`batch=4 64x48x32 f16^T*f16->f32`: the problem as `explain` prints
        it (M x N x K; ^T marks an operand stored transposed)."""
        marks = ["^T" if t else "" for t in self.transposed]
        a, b, _, c = self.component_types
        batch = "" if self.batch is None else f"batch={self.batch} "
        return (
            f"{batch}{self.m}x{self.n}x{self.k} "
            f"{a}{marks[0]}*{b}{marks[1]}->{c}{marks[2]}"
        )


def _byte_size(t: Attribute) -> int:
    return bit_width(t) // 8


def _error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"lower-to-coopmat: {message}")


def _static_matrix(
    op: Operation, value: SSAValue, what: str, rank: int
) -> MemRefType | TensorType:
    """The static memref type of an operand (or tensor type: the tensor form
    is checked before it is bufferized)."""
    t = value.type
    kind = f"static {rank}-D memref"
    if not isinstance(t, MemRefType | TensorType):
        raise _error(op, f"{what} must be a {kind}, got {t}")
    if t.get_num_dims() != rank or any(d < 0 for d in t.get_shape()):
        raise _error(op, f"{what} must be a {kind}, got {t}")
    if isinstance(t, MemRefType) and not isinstance(t.layout, NoneAttr):
        raise _error(op, f"{what} must have the identity layout, got {t}")
    if isinstance(t, MemRefType) and not isinstance(t.memory_space, NoneAttr):
        raise _error(
            op,
            f"{what} must be in global memory (no memory space), got {t}: a "
            "kernel argument is a storage buffer",
        )
    if any(d > INDEX_MAX for d in t.get_shape()):
        raise _error(op, f"{what} has a dimension over MLIR's index range: {t}")
    return t


#: The largest dimension MLIR can index (int64).
INDEX_MAX = 2**63 - 1


def _positions(op: ContractionOp) -> tuple[list[list[int]], int]:
    """The loop of each operand dimension (A, B, C) and the batch loop count,
    or a located error for maps that are not a (batch) matmul with A, B and C
    each a plain or transposed matrix."""
    maps = [m.data for m in op.get_indexing_maps().data]
    dims: list[list[int]] = []
    for m in maps:
        if not all(isinstance(e, AffineDimExpr) for e in m.results):
            dims = []
            break
        dims.append([e.position for e in m.results if isinstance(e, AffineDimExpr)])
    text = ", ".join(str(m) for m in maps)
    if len(dims) != 3 or not all(len(set(d)) == len(d) for d in dims):
        raise _error(op, f"indexing maps [{text}] are not projected permutations")
    a, b, c = dims
    batch = len(c) - 2
    if batch not in (0, 1) or len(a) != len(c) or len(b) != len(c):
        raise _error(op, f"indexing maps [{text}] are not a (batch) matmul")
    if batch and not (a[0] == b[0] == c[0]):
        raise _error(
            op, f"indexing maps [{text}]: the batch dimension must lead A, B and C"
        )
    m_n = set(c[batch:])
    k = set(a[batch:]) - m_n
    if (
        len(k) != 1
        or set(b[batch:]) - m_n != k
        or len(set(a[batch:]) & m_n) != 1
        or len(set(b[batch:]) & m_n) != 1
        or set(a[batch:]) & set(b[batch:]) != k
    ):
        raise _error(
            op,
            f"indexing maps [{text}] are not a matmul: A and B must share one "
            "reduction dimension and each hold one dimension of C",
        )
    return dims, batch


def match_matmul(op: ContractionOp) -> Matmul:
    """Read shapes, layouts, types and the preceding fill; raise a located
    error for anything the lowering does not handle."""
    (a_dims, b_dims, c_dims), batch = _positions(op)
    a, b = op.inputs
    (c,) = op.outputs
    rank = 2 + batch
    ta = _static_matrix(op, a, "A", rank)
    tb = _static_matrix(op, b, "B", rank)
    tc = _static_matrix(op, c, "C", rank)
    m_loop = next(d for d in a_dims[batch:] if d in c_dims)
    n_loop = next(d for d in b_dims[batch:] if d in c_dims)
    (k_loop,) = set(a_dims[batch:]) - {m_loop}
    # The map checks above and the op's verifier make the shapes agree.
    loops = dict(zip(c_dims, tc.get_shape(), strict=True))
    loops[k_loop] = ta.get_shape()[a_dims.index(k_loop)]
    transposed = (
        a_dims[batch:] == [k_loop, m_loop],
        b_dims[batch:] == [n_loop, k_loop],
        c_dims[batch:] == [n_loop, m_loop],
    )
    if ta.element_type != tb.element_type:
        raise _error(
            op, f"A and B element types differ: {ta.element_type}, {tb.element_type}"
        )
    sizes = {"M": loops[m_loop], "N": loops[n_loop], "K": loops[k_loop]}
    if batch:
        sizes = {"batch": loops[c_dims[0]], **sizes}
    empty = [f"{name}=0" for name, size in sizes.items() if size == 0]
    if empty:
        fix = (
            "C = C (or its fill): replace the op by that"
            if empty == ["K=0"]
            else ("C is empty: remove the op")
        )
        raise _error(
            op, f"an empty product ({', '.join(empty)}) has no kernel to launch; {fix}"
        )
    fill, value = _preceding_fill(op, c, tc.element_type)
    return Matmul(
        op,
        fill,
        value,
        loops[c_dims[0]] if batch else None,
        loops[m_loop],
        loops[n_loop],
        loops[k_loop],
        transposed,
        ta.element_type,
        tc.element_type,
        not op.unsigned,
    )


def _preceding_fill(
    op: Operation, c: SSAValue, c_elem: Attribute
) -> tuple[FillOp | None, Attribute | None]:
    """The `linalg.fill` of C right before `op` (on tensors: the one that makes
    C), and its value as a constant of C's element type."""
    fill = op.prev_op
    if not isinstance(fill, FillOp):
        return None, None
    if c not in fill.res and fill.outputs[0] != c:
        return None, None
    source = fill.inputs[0].owner
    if not isinstance(source, arith.ConstantOp):
        raise _error(fill, "the fill value must be an arith.constant")
    value = source.value
    assert isinstance(value, FloatAttr | IntegerAttr)
    number = value.value.data
    if isinstance(c_elem, AnyFloat):
        return fill, FloatAttr(float(number), c_elem)
    assert isinstance(c_elem, IntegerType)
    return fill, IntegerAttr(int(number), c_elem)


# --------------------------------------------------------------------------
# The configuration: options over the heuristic, checked against the target
# --------------------------------------------------------------------------


def plan(
    matmul: Matmul,
    target: Target,
    tile: tuple[int, int, int] | None,
    subgroups: tuple[int, int] | None,
    mma: tuple[int, int, int] | None,
    stages: int | None,
) -> TileConfig:
    """The configuration for `matmul`: the options where given, the cost
    model's best candidate for the rest; a located error if none works."""
    op, types = matmul.op, matmul.component_types
    if types[0] == "f32" and target.has_matrix_units:
        raise _error(
            op,
            f"f32 x f32 -> f32 needs a target without matrix units; {target.name}"
            " has none for f32 (use target=simt)",
        )
    shapes = target.shapes_for(types)
    if not shapes:
        supported = "; ".join(
            f"{a}*{b}->{r}" for a, b, _, r in target.type_combinations()
        )
        raise _error(
            op,
            f"{types[0]} x {types[1]} -> {types[3]} is not supported by "
            f"{target.name} (supported: {supported})",
        )
    if mma is not None:
        chosen = [s for s in shapes if (s.m, s.n, s.k) == mma]
        if not chosen:
            listed = ", ".join(f"{s.m}x{s.n}x{s.k}" for s in shapes)
            raise _error(
                op,
                f"mma={'x'.join(map(str, mma))} is not a {types[0]} -> {types[3]} "
                f"shape of {target.name} (supported: {listed})",
            )
        shapes = tuple(chosen)
    problem = matmul.problem()
    configs = candidates(problem, target, shapes, tile, subgroups, stages)
    if configs:
        return choose(configs, problem, target)
    # Nothing fits: report why the closest explicit configuration fails.
    s = shapes[0]
    tm, tn, tk = tile or (s.m, s.n, s.k)
    sm, sn = subgroups or (1, 1)
    config = TileConfig(tm, tn, tk, sm, sn, s.m, s.n, s.k, stages or 0)
    reason = check(config, problem, target) or (
        f"{config} needs more accumulator registers than {target.name} has"
    )
    raise _error(op, reason)


# --------------------------------------------------------------------------
# Building the kernel
# --------------------------------------------------------------------------

Index = int | SSAValue
"""An index known at compile time (int) or an SSA value."""


class KernelBuilder:
    """Appends ops to the current block; folds index arithmetic on ints and
    hoists constants to the top of the kernel."""

    def __init__(self, entry: Block):
        self.entry = entry
        self.block = entry
        self._constants = ConstantCache(arith_constant, self._hoist)
        self._last_constant: Operation | None = None
        self._arith_cache: dict[tuple, SSAValue] = {}

    def emit(self, op: Operation) -> Operation:
        self.block.add_op(op)
        return op

    @contextmanager
    def inside(self, block: Block) -> Iterator[None]:
        outer, self.block = self.block, block
        try:
            yield
        finally:
            self.block = outer

    def constant(self, value: Number, t: Attribute) -> SSAValue:
        return self._constants.get(value, t)

    def _hoist(self, op: Operation) -> None:
        """Constants go first in the kernel, in the order they are asked for."""
        if self._last_constant is not None:
            self.entry.insert_op_after(op, self._last_constant)
        elif self.entry.first_op is not None:
            self.entry.insert_op_before(op, self.entry.first_op)
        else:
            self.entry.add_op(op)
        self._last_constant = op

    def value(self, x: Index) -> SSAValue:
        return self.constant(x, IndexType()) if isinstance(x, int) else x

    def _reuse(self, key: tuple, build: Callable[[], Operation]) -> SSAValue:
        """The result of an identical op already built in the current block or
        an enclosing one (it dominates what is built now), else of `build()`."""
        for block in self._enclosing_blocks():
            found = self._arith_cache.get((*key, block))
            if found is not None:
                return found
        result = self.emit(build()).results[0]
        self._arith_cache[(*key, self.block)] = result
        return result

    def _enclosing_blocks(self) -> Iterator[Block]:
        block: Block | None = self.block
        while block is not None:
            yield block
            parent = block.parent_op()
            block = parent.parent_block() if parent else None

    def _arith(self, op_type: type[Operation], x: SSAValue, y: int | SSAValue):
        """`x op y`, built once per dominating block."""
        return self._reuse((op_type, x, y), lambda: op_type(x, self.value(y)))

    def add(self, x: Index, y: Index) -> Index:
        if isinstance(x, int) and isinstance(y, int):
            return x + y
        if isinstance(x, int):
            x, y = y, x
        assert isinstance(x, SSAValue)
        return x if y == 0 else self._arith(arith.AddiOp, x, y)

    def mul(self, x: Index, y: int) -> Index:
        if isinstance(x, int):
            return x * y
        if y in (0, 1):
            return x if y == 1 else 0
        return self._arith(arith.MuliOp, x, y)

    def div(self, x: Index, y: int) -> Index:
        if isinstance(x, int):
            return x // y
        return x if y == 1 else self._arith(arith.DivUIOp, x, y)

    def rem(self, x: Index, y: int) -> Index:
        if isinstance(x, int):
            return x % y
        return 0 if y == 1 else self._arith(arith.RemUIOp, x, y)

    def below(self, x: SSAValue, bound: int) -> SSAValue:
        """`x < bound` (unsigned)."""
        return self._reuse(
            ("ult", x, bound), lambda: arith.CmpiOp(x, self.value(bound), "ult")
        )

    def clamp(self, x: SSAValue, bound: int) -> SSAValue:
        """min(x, bound - 1): an index that stays inside a dimension of `bound`."""
        return self._arith(arith.MinUIOp, x, bound - 1)

    def both(self, x: SSAValue, y: SSAValue) -> SSAValue:
        return self._arith(arith.AndIOp, x, y)

    def gpu_id(self, op_type: type[Operation], dim: str | None = None) -> SSAValue:
        op = op_type(gpu.DimensionAttr(gpu.DimensionEnum(dim))) if dim else op_type()
        return self.emit(op).results[0]

    def for_loop(
        self, lower: Index, upper: Index, step: int, carried: Sequence[SSAValue]
    ) -> tuple[scf.ForOp, Block]:
        body = Block(arg_types=[IndexType(), *(v.type for v in carried)])
        loop = scf.ForOp(
            self.value(lower), self.value(upper), self.value(step), carried, body
        )
        self.emit(loop)
        return loop, body


@dataclass(frozen=True)
class Checks:
    """Which dimensions of the problem are ragged for the tile (need checks)."""

    m: bool
    n: bool
    k_tile: bool  # K % TK != 0: the last K tile is partial
    k_step: bool  # K % k != 0: the last k step is partial


def _checked(rows: bool, cols: bool) -> coopmat.CheckedMode | None:
    if rows and cols:
        return coopmat.CheckedMode.BOTH
    if rows:
        return coopmat.CheckedMode.ROWS
    if cols:
        return coopmat.CheckedMode.COLS
    return None


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
    prefix: tuple[SSAValue, ...]
    transposed: bool

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


class MatmulKernel:
    """Emits the body of one kernel for `matmul` with `config` (module doc)."""

    def __init__(
        self, matmul: Matmul, config: TileConfig, target: Target, entry: Block
    ):
        self.mm = matmul
        self.cfg = config
        self.target = target
        self.b = KernelBuilder(entry)
        self.args = entry.args
        self.checks = Checks(
            m=matmul.m % config.tile_m != 0,
            n=matmul.n % config.tile_n != 0,
            k_tile=matmul.k % config.tile_k != 0,
            k_step=matmul.k % config.mma_k != 0,
        )
        mm, mn, mk = config.mma
        a = matmul.a_elem
        self.a_type = coopmat.MatrixType(mm, mk, a, coopmat.MatrixUse.A)
        self.b_type = coopmat.MatrixType(mk, mn, a, coopmat.MatrixUse.B)
        self.c_type = coopmat.MatrixType(mm, mn, matmul.c_elem, coopmat.MatrixUse.ACC)

    # -- the whole kernel ----------------------------------------------------

    def build(self) -> None:
        b, cfg = self.b, self.cfg
        block_x = b.gpu_id(gpu.BlockIdOp, "x")
        block_y = b.gpu_id(gpu.BlockIdOp, "y")
        # Batched: workgroup z of the grid takes matrix z of A, B and C.
        prefix = () if self.mm.batch is None else (b.gpu_id(gpu.BlockIdOp, "z"),)
        self.A, self.B, self.C = (
            Operand(arg, prefix, t)
            for arg, t in zip(self.args, self.mm.transposed, strict=True)
        )
        # One subgroup per workgroup: its id is 0 and needs no op.
        subgroup = b.gpu_id(gpu.SubgroupIdOp) if cfg.num_subgroups > 1 else 0
        self.tile_row = b.mul(block_y, cfg.tile_m)
        self.tile_col = b.mul(block_x, cfg.tile_n)
        sub_m, sub_n = cfg.subgroup_tile
        self.sub_row = b.mul(b.div(subgroup, cfg.subgroups_n), sub_m)
        self.sub_col = b.mul(b.rem(subgroup, cfg.subgroups_n), sub_n)
        row = b.add(self.tile_row, self.sub_row)
        col = b.add(self.tile_col, self.sub_col)
        accs = self.initial_accumulators(row, col)
        if cfg.stages == 0:
            accs = self.k_loop_global(accs, row, col)
        else:
            accs = self.k_loop_staged(accs)
        self.store_accumulators(accs, row, col)
        b.emit(gpu.ReturnOp([]))

    def fragment_origins(self, row: Index, col: Index) -> list[list[tuple]]:
        mm, mn, _ = self.cfg.mma
        b = self.b
        return [
            [(b.add(row, i * mm), b.add(col, j * mn)) for j in range(self.cfg.frags_n)]
            for i in range(self.cfg.frags_m)
        ]

    def initial_accumulators(self, row: Index, col: Index) -> list[SSAValue]:
        b = self.b
        if self.mm.fill_value is not None:
            fill = self.mm.fill_value
            value = b.constant(fill.value.data, fill.type)
            splat = b.emit(coopmat.SplatOp(value, self.c_type)).results[0]
            return [splat] * (self.cfg.frags_m * self.cfg.frags_n)
        checked = _checked(self.checks.m, self.checks.n)
        return [
            self.C.load(b, r, c, self.c_type, checked)
            for origins in self.fragment_origins(row, col)
            for r, c in origins
        ]

    def store_accumulators(self, accs: list[SSAValue], row: Index, col: Index):
        b = self.b
        checked = _checked(self.checks.m, self.checks.n)
        origins = [rc for line in self.fragment_origins(row, col) for rc in line]
        for acc, (r, c) in zip(accs, origins, strict=True):
            self.C.store(b, acc, r, c, checked)

    # -- multiply-accumulate over k steps --------------------------------------

    def k_steps(
        self,
        accs: list[SSAValue],
        a_src: Operand,
        a_origin: tuple[Index, Index],
        b_src: Operand,
        b_origin: tuple[Index, Index],
        steps: int,
        checks: tuple[coopmat.CheckedMode | None, coopmat.CheckedMode | None],
    ) -> list[SSAValue]:
        """`steps` k steps: per step, load each A fragment of the subgroup's
        rows once, then for each B fragment multiply it into its column."""
        b, cfg = self.b, self.cfg
        mm, mn, mk = cfg.mma
        fm, fn = cfg.frags_m, cfg.frags_n
        accs = list(accs)
        for s in range(steps):
            a_frags = [
                a_src.load(
                    b,
                    b.add(a_origin[0], i * mm),
                    b.add(a_origin[1], s * mk),
                    self.a_type,
                    checks[0],
                )
                for i in range(fm)
            ]
            for j in range(fn):
                b_frag = b_src.load(
                    b,
                    b.add(b_origin[0], s * mk),
                    b.add(b_origin[1], j * mn),
                    self.b_type,
                    checks[1],
                )
                for i in range(fm):
                    accs[i * fn + j] = b.emit(
                        coopmat.MulAddOp(
                            a_frags[i], b_frag, accs[i * fn + j], signed=self._signed()
                        )
                    ).results[0]
        return accs

    def _signed(self) -> tuple[str, ...]:
        if isinstance(self.mm.a_elem, IntegerType) and self.mm.signed:
            return ("a", "b", "c", "result")
        return ()

    def k_loop_global(
        self, accs: list[SSAValue], row: Index, col: Index
    ) -> list[SSAValue]:
        """stages=0: whole K tiles in an scf.for, then a peeled, checked tail."""
        b, cfg, mm = self.b, self.cfg, self.mm
        tk, mk = cfg.tile_k, cfg.mma_k
        whole = mm.k - mm.k % tk
        rows = _checked(self.checks.m, False)
        cols = _checked(False, self.checks.n)
        if whole:
            loop, body = b.for_loop(0, whole, tk, accs)
            with b.inside(body):
                k = body.args[0]
                new = self.k_steps(
                    list(body.args[1:]),
                    self.A,
                    (row, k),
                    self.B,
                    (k, col),
                    tk // mk,
                    (rows, cols),
                )
                b.emit(scf.YieldOp(*new))
            accs = list(loop.results)
        tail = mm.k - whole
        if tail:
            ragged = self.checks.k_step
            accs = self.k_steps(
                accs,
                self.A,
                (row, whole),
                self.B,
                (whole, col),
                -(-tail // mk),
                (_checked(self.checks.m, ragged), _checked(ragged, self.checks.n)),
            )
        return accs

    # -- staging through workgroup memory ------------------------------------

    def k_loop_staged(self, accs: list[SSAValue]) -> list[SSAValue]:
        """stages=1|2: copy K tiles of A and B into workgroup memory, then
        multiply from there; stages=2 fetches the next tile into registers
        before the math of the current one."""
        b, cfg, mm = self.b, self.cfg, self.mm
        # Tiles keep the orientation of A and B, so copies stay contiguous.
        a_shape, b_shape = cfg.staged_shapes(_byte_size(mm.a_elem), *mm.transposed[:2])
        a_tile = memref.AllocaOp.get(
            mm.a_elem, shape=a_shape, memory_space=WORKGROUP_MEMORY_SPACE
        )
        b_tile = memref.AllocaOp.get(
            mm.a_elem, shape=b_shape, memory_space=WORKGROUP_MEMORY_SPACE
        )
        # Workgroup memory is allocated at the top of the kernel (kernels.md).
        b.entry.insert_op_before(a_tile, b.entry.first_op)
        b.entry.insert_op_after(b_tile, a_tile)
        self.a_tile = Operand(a_tile.memref, (), self.A.transposed)
        self.b_tile = Operand(b_tile.memref, (), self.B.transposed)
        self.thread = b.gpu_id(gpu.ThreadIdOp, "x")
        tiles = -(-mm.k // cfg.tile_k)
        if cfg.stages == 1:
            return self._staged_loop(accs, tiles)
        return self._prefetch_loop(accs, tiles)

    def _staged_loop(self, accs: list[SSAValue], tiles: int) -> list[SSAValue]:
        b, tk = self.b, self.cfg.tile_k
        loop, body = b.for_loop(0, tiles * tk, tk, accs)
        with b.inside(body):
            k = body.args[0]
            b.emit(gpu.BarrierOp())
            for copy in self._copies(k):
                copy.emit_loop()
            b.emit(gpu.BarrierOp())
            b.emit(scf.YieldOp(*self._math(list(body.args[1:]))))
        return list(loop.results)

    def _prefetch_loop(self, accs: list[SSAValue], tiles: int) -> list[SSAValue]:
        b, tk = self.b, self.cfg.tile_k
        fetched = [v for copy in self._copies(0) for v in copy.fetch()]
        if tiles > 1:
            loop, body = b.for_loop(0, (tiles - 1) * tk, tk, [*accs, *fetched])
            with b.inside(body):
                k = body.args[0]
                n_acc = len(accs)
                held = list(body.args[1 + n_acc :])
                self._store_fetched(k, held)
                next_k = b.add(k, tk)
                prefetched = [v for copy in self._copies(next_k) for v in copy.fetch()]
                new = self._math(list(body.args[1 : 1 + n_acc]))
                b.emit(scf.YieldOp(*new, *prefetched))
            accs = list(loop.results[: len(accs)])
            fetched = list(loop.results[len(accs) :])
        self._store_fetched((tiles - 1) * tk, fetched)
        return self._math(accs)

    def _store_fetched(self, k: Index, fetched: list[SSAValue]) -> None:
        """Barrier, write the fetched A and B tiles to workgroup memory, barrier."""
        b = self.b
        b.emit(gpu.BarrierOp())
        start = 0
        for copy in self._copies(k):
            count = copy.values_per_thread
            copy.store(fetched[start : start + count])
            start += count
        b.emit(gpu.BarrierOp())

    def _copies(self, k: Index) -> tuple[TileCopy, TileCopy]:
        cfg, mm, checks = self.cfg, self.mm, self.checks
        a_copy = self._copy(
            self.A,
            self.a_tile,
            (self.tile_row, k),
            (cfg.tile_m, cfg.tile_k),
            (mm.m, mm.k),
            (checks.m, checks.k_tile),
        )
        b_copy = self._copy(
            self.B,
            self.b_tile,
            (k, self.tile_col),
            (cfg.tile_k, cfg.tile_n),
            (mm.k, mm.n),
            (checks.k_tile, checks.n),
        )
        return a_copy, b_copy

    def _copy(
        self,
        src: Operand,
        dst: Operand,
        origin: tuple[Index, Index],
        shape: tuple[int, int],
        bounds: tuple[int, int],
        checked: tuple[bool, bool],
    ) -> TileCopy:
        """The copy of a tile given in matrix coordinates, in the memref's."""
        return TileCopy(
            self.b,
            src.memref,
            src.prefix,
            dst.memref,
            src.stored(origin),
            src.stored(shape),
            src.stored(bounds),
            src.stored(checked),
            self.thread,
            self.cfg.workgroup_size(self.target.subgroup_size),
        )

    def _math(self, accs: list[SSAValue]) -> list[SSAValue]:
        cfg = self.cfg
        return self.k_steps(
            accs,
            self.a_tile,
            (self.sub_row, 0),
            self.b_tile,
            (0, self.sub_col),
            cfg.tile_k // cfg.mma_k,
            (None, None),
        )


@dataclass
class TileCopy:
    """A workgroup's copy of a rows x cols tile of a global matrix at `origin`
    into workgroup memory, zero outside the matrix (`bounds`). Coordinates
    are the memref's last two dimensions; `prefix` indexes the ones before.
    The origin's column is a multiple of the tile's cols (tiles sit on a grid).

    Work-item t copies chunks of `vector` consecutive elements (16 bytes when
    the tile splits that way): chunk c starts at linear element
    (c * threads + t) * vector of the tile. A chunk moves as one
    `vector.load`/`vector.store` of `vector<V x T>` when `vectorized`, else
    element by element (`memref.load`/`memref.store`).
    """

    b: KernelBuilder
    src: SSAValue
    prefix: tuple[SSAValue, ...]
    dst: SSAValue
    origin: tuple[Index, Index]
    shape: tuple[int, int]
    bounds: tuple[int, int]
    checked: tuple[bool, bool]
    thread: SSAValue
    threads: int

    @property
    def vector(self) -> int:
        rows, cols = self.shape
        width = 16 // _byte_size(self.element_type)
        while cols % width or (rows * cols) % (width * self.threads):
            width //= 2
        return width

    @property
    def vectorized(self) -> bool:
        """Whether every chunk is one aligned vector access: the global rows
        are a whole number of chunks long, so a chunk (which starts at a
        multiple of `vector` in the tile and the tile at a multiple of cols)
        starts aligned in A/B and lies either wholly inside the matrix or
        wholly outside; the padded tile rows (cols + 16 bytes) stay aligned."""
        return self.vector > 1 and self.bounds[1] % self.vector == 0

    @property
    def element_type(self) -> Attribute:
        t = self.src.type
        assert isinstance(t, MemRefType)
        return t.element_type

    @property
    def vector_type(self) -> VectorType:
        return VectorType(self.element_type, [self.vector])

    @property
    def values_per_thread(self) -> int:
        """How many SSA values `fetch` returns: chunks or elements."""
        elements = self.shape[0] * self.shape[1] // self.threads
        return elements // self.vector if self.vectorized else elements

    def _elements(self, start: Index) -> Iterator[tuple[Index, Index]]:
        """(row, col) in the tile of each element of the chunk that starts at
        linear tile index `start` (one place for a vectorized chunk)."""
        b, cols = self.b, self.shape[1]
        row = b.div(start, cols)
        col0 = b.rem(start, cols)
        for u in range(1 if self.vectorized else self.vector):
            yield row, b.add(col0, u)

    def _start(self, chunk: Index) -> SSAValue:
        b, v = self.b, self.vector
        return b.value(b.add(b.mul(self.thread, v), b.mul(chunk, v * self.threads)))

    def _places(self) -> list[tuple[Index, Index]]:
        """stages=2: where each fetched value goes, chunk by chunk."""
        chunks = self.shape[0] * self.shape[1] // (self.threads * self.vector)
        return [rc for c in range(chunks) for rc in self._elements(self._start(c))]

    def _global_indices(
        self, row: Index, col: Index
    ) -> tuple[SSAValue | None, list[SSAValue]]:
        """The in-bounds condition (None: unchecked) and the clamped memref
        indices of tile place (row, col). A vectorized chunk clamps its column
        to the last whole chunk, so its vector stays inside the row."""
        b = self.b
        guard: SSAValue | None = None
        safe = []
        widths = (1, self.vector if self.vectorized else 1)
        for origin, offset, bound, checked, width in zip(
            self.origin, (row, col), self.bounds, self.checked, widths, strict=True
        ):
            value = b.value(b.add(origin, offset))
            if checked:
                inside = b.below(value, bound)
                guard = inside if guard is None else b.both(guard, inside)
                value = b.clamp(value, bound - width + 1)
            safe.append(value)
        return guard, [*self.prefix, *safe]

    def _load(self, row: Index, col: Index) -> SSAValue:
        """Load the element (vectorized: the chunk) at (row, col) of the tile
        from the global matrix, or zero where a checked index is outside."""
        b = self.b
        guard, indices = self._global_indices(row, col)
        if self.vectorized:
            load = vector.LoadOp(self.src, indices, self.vector_type)
            zero_type: Attribute = self.vector_type
        else:
            load = memref.LoadOp.get(self.src, indices)
            zero_type = self.element_type
        loaded = b.emit(load).results[0]
        if guard is None:
            return loaded
        zero_value = b.constant(0, zero_type)
        return b.emit(arith.SelectOp(guard, loaded, zero_value)).results[0]

    def _store(self, value: SSAValue, row: Index, col: Index) -> None:
        b = self.b
        indices = [b.value(row), b.value(col)]
        if self.vectorized:
            b.emit(vector.StoreOp(value, self.dst, indices))
        else:
            b.emit(memref.StoreOp.get(value, self.dst, indices))

    def emit_loop(self) -> None:
        """stages=1: an scf.for over this work-item's chunks, load then store."""
        b, v = self.b, self.vector
        total = self.shape[0] * self.shape[1]
        _, body = b.for_loop(b.mul(self.thread, v), total, v * self.threads, [])
        with b.inside(body):
            for row, col in self._elements(body.args[0]):
                self._store(self._load(row, col), row, col)
            b.emit(scf.YieldOp())

    def fetch(self) -> list[SSAValue]:
        """stages=2: load this work-item's chunks (or elements) into registers."""
        return [self._load(row, col) for row, col in self._places()]

    def store(self, values: list[SSAValue]) -> None:
        """stages=2: write what `fetch` loaded to workgroup memory."""
        for value, (row, col) in zip(values, self._places(), strict=True):
            self._store(value, row, col)


# --------------------------------------------------------------------------
# Host side: the launch and the gpu.module
# --------------------------------------------------------------------------


def build_kernel(
    name: str, matmul: Matmul, config: TileConfig, target: Target
) -> gpu.FuncOp:
    """The `gpu.func` computing `matmul` (arguments A, B, C)."""
    types = [v.type for v in matmul.operands]
    threads = config.workgroup_size(target.subgroup_size)
    kernel = gpu.FuncOp(
        name, (types, []), kernel=True, known_block_size=[threads, 1, 1]
    )
    kernel.attributes[coopmat.LAYOUT_ATTR_NAME] = coopmat.SubgroupLayoutAttr(
        "tinytc", target.subgroup_size
    )
    MatmulKernel(matmul, config, target, kernel.body.block).build()
    return kernel


def launch(
    matmul: Matmul, config: TileConfig, target: Target, kernel: SymbolRefAttr
) -> None:
    """Replace the fill and matmul by a launch of `kernel` on the full grid."""
    op = matmul.op
    grid = config.grid(matmul.problem())
    block = (config.workgroup_size(target.subgroup_size), 1, 1)
    consts: dict[int, SSAValue] = {}
    for size in (*grid, *block):
        if size not in consts:
            c = arith.ConstantOp(IntegerAttr(size, IndexType()))
            op.parent_block().insert_op_before(c, op)
            consts[size] = c.result
    call = gpu.LaunchFuncOp(
        kernel,
        [consts[s] for s in grid],
        [consts[s] for s in block],
        kernelOperands=list(matmul.operands),
    )
    op.parent_block().insert_op_before(call, op)
    op.detach()
    op.erase()
    if matmul.fill is not None:
        source = matmul.fill.inputs[0].owner
        matmul.fill.detach()
        matmul.fill.erase()
        if isinstance(source, Operation) and not source.results[0].uses:
            source.detach()
            source.erase()


@dataclass(frozen=True)
class LowerToCoopmat(ModulePass):
    """`--lower-to-coopmat="target=h100-vulkan tile=128x128x32 subgroups=2x2
    mma=16x16x16 stages=2 explain=true"`; options left out are chosen by the
    tiling model (`coopmlir.tiling`) for the target (`coopmlir.targets`)."""

    name = "lower-to-coopmat"

    target: str = "generic"
    """Device: generic, h100-vulkan, lavapipe, simt, or vulkan[:DEVICE] (queried)."""

    tile: str | None = None
    """Workgroup tile TMxTNxTK, e.g. 128x128x32 (default: the cost model's)."""

    subgroups: str | None = None
    """Subgroup grid SMxSN inside the workgroup tile, e.g. 2x2."""

    mma: str | None = None
    """Cooperative-matrix shape mxnxk, one the target lists, e.g. 16x8x16."""

    stages: int | None = None
    """0: fragments from global memory, 1: staged through workgroup memory,
    2: staged with register prefetch of the next K tile."""

    explain: bool = False
    """Print the chosen configuration and its predicted efficiency as a remark."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            target = resolve_target(self.target, ctx)
        except ValueError as err:
            raise CompileError(f"error: lower-to-coopmat: {err}") from None
        self.lower(op, target)

    def lower(self, op: ModuleOp, target: Target) -> None:
        """The pass for a `Target` object (the runtime's queried devices);
        the `target` option is not read."""
        # Contraction-shaped linalg.generic ops become named ones first (an
        # equivalent form: left so if a later check refuses the module).
        specialize_contractions(op)
        try:
            tile = parse_dims(self.tile, 3, "tile") if self.tile else None
            subgroups = (
                parse_dims(self.subgroups, 2, "subgroups") if self.subgroups else None
            )
            mma = parse_dims(self.mma, 3, "mma") if self.mma else None
        except ValueError as err:
            raise CompileError(f"error: lower-to-coopmat: {err}") from None
        if self.stages is not None and self.stages not in (0, 1, 2):
            raise CompileError(
                f"error: lower-to-coopmat: stages={self.stages} must be 0, 1 or 2"
            )
        # Check everything before changing anything: errors leave the module.
        require_coopmlir_contractions(op, self.name)
        # Functions with matmuls on tensors are checked as they are, then
        # bufferized; other functions are left alone.
        buffers = []
        for function in op.body.block.ops:
            if isinstance(function, func.FuncOp) and any(
                isinstance(o, ContractionOp) and o.res for o in function.walk()
            ):
                buffers.append(plan_function(function, op))
        on_tensors = {p.function for p in buffers if p is not None}
        configs = []
        for matmul_op in _contractions(op):
            if matmul_op.res and _function_of(matmul_op) not in on_tensors:
                raise _error(matmul_op, "the tensor form needs a top-level func.func")
            matmul = match_matmul(matmul_op)
            configs.append(plan(matmul, target, tile, subgroups, mma, self.stages))
        for buffer_plan in buffers:
            if buffer_plan is not None:
                apply_plan(buffer_plan)
        work = [match_matmul(o) for o in _contractions(op)]
        for matmul, config in zip(work, configs, strict=True):
            if self.explain:
                print(
                    f"{location_of(matmul.op)}: remark: lower-to-coopmat: "
                    f"{matmul.describe()}: "
                    f"{describe(matmul.problem(), config, target)}",
                    file=sys.stderr,
                )
            self._lower(op, matmul, config, target)
        if work:
            op.attributes["gpu.container_module"] = UnitAttr()
        _warn_about_linalg_left(op)

    def _lower(
        self, module: ModuleOp, matmul: Matmul, config: TileConfig, target: Target
    ) -> None:
        host = _function_of(matmul.op)
        assert host is not None
        kernels = _kernel_module(module, host)
        base = host.sym_name.data
        names = {
            f.sym_name.data for f in kernels.body.block.ops if isinstance(f, gpu.FuncOp)
        }
        name = base if base not in names else f"{base}_{len(names)}"
        kernel = build_kernel(name, matmul, config, target)
        kernels.body.block.add_op(kernel)
        symbol = SymbolRefAttr(kernels.sym_name.data, [name])
        launch(matmul, config, target, symbol)
        # As MLIR rewrites do, the new ops take the matmul's location, so that
        # later passes (convert-to-spirv) report errors at its source line.
        for new_op in (kernels, *kernel.walk()):
            if isinstance(new_op.location, UnknownLoc):
                new_op.location = matmul.op.location


def _warn_about_linalg_left(module: ModuleOp) -> None:
    """A warning at each linalg op the pass leaves (never a silent no-op)."""
    for op in module.walk():
        parent = op.parent_op()
        if op.dialect_name() != "linalg" or (
            parent is not None and parent.dialect_name() == "linalg"
        ):
            continue
        print(
            f"{location_of(op)}: warning: lower-to-coopmat: '{op.name}' is left as "
            "it is: the pass lowers linalg.matmul, matmul_transpose_a/b, "
            "batch_matmul and contraction-shaped linalg.generic (and a "
            "linalg.fill of their output right before them)",
            file=sys.stderr,
        )


def _contractions(module: ModuleOp) -> list[ContractionOp]:
    return [o for o in module.walk() if isinstance(o, ContractionOp)]


def _function_of(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def _kernel_module(module: ModuleOp, host: func.FuncOp) -> gpu.ModuleOp:
    """The `gpu.module @<host>_kernels` after `host`, created on first use."""
    name = f"{host.sym_name.data}_kernels"
    for op in module.body.block.ops:
        if isinstance(op, gpu.ModuleOp) and op.sym_name.data == name:
            return op
    kernels = gpu.ModuleOp(StringAttr(name), Region(Block()))
    module.body.block.insert_op_after(kernels, host)
    return kernels
