"""What lower-to-coopmat lowers: one matmul-family op, its operands and
element types (`match_matmul`), and its tile configuration (`plan`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    TensorType,
)
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.linalg_mixed_precision import (
    ContractionOp,
)
from coopmlir.elements import bit_width, element_of
from coopmlir.passes.lower_to_coopmat.kernel_builder import AddressMap
from coopmlir.passes.specialize_contractions import NotAMatmul, matmul_loops
from coopmlir.targets import Target, targets_taking
from coopmlir.tiling import (
    Problem,
    TileConfig,
    candidates,
    check,
    choose,
)

if TYPE_CHECKING:
    from coopmlir.passes.lower_to_coopmat.weight_decode import WeightDecode

# --------------------------------------------------------------------------
# What is lowered: one matmul, its operands and element types
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Matmul:
    """A contraction (and the `linalg.fill` of its output) to lower:
    C[b] (m x n) += A[b] (m x k) * B[b] (k x n) over `batch` matrices (None:
    no batch dimension). `transposed` says, for A, B and C, whether the
    matrix is stored transposed (k x m, n x k, n x m).

    A size in `dynamic` ("batch", "m", "n", "k") is known only at run time;
    its field holds the size hint the configuration is chosen for, and
    `places` says which (operand, memref dimension) pairs hold it."""

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
    a_address: AddressMap | None = None
    """A is not stored as a matrix (a convolution's implicit im2col)."""
    dynamic: frozenset[str] = frozenset()
    places: dict[str, tuple[tuple[int, int], ...]] | None = None
    b_address: AddressMap | None = None
    """B is not stored as a matrix (an NCHW convolution's implicit im2col)."""
    b_decode: WeightDecode | None = None
    """B is decoded in the load from a dequantize prologue's buffers."""
    a_decode: WeightDecode | None = None
    """A is read through its element-wise producer (a cast, a scale, a
    dequantize), converted in the load."""
    a_batched: bool = True
    """False: one A for every matrix of the batch (an NCHW convolution's
    filter), read without the batch index."""
    pretransposed: tuple[bool, bool] = (False, False)
    """A, B read from a copy stored the other way (pretranspose.py);
    `transposed` says how the copy is stored."""
    staged: tuple[SSAValue | None, SSAValue | None] = (None, None)
    """The copies of A and B the kernel reads, once made (pretranspose.py)."""

    @property
    def operands(self) -> tuple[SSAValue, SSAValue, SSAValue]:
        a, b = (
            stored if copy is None else copy
            for stored, copy in zip(self.op.inputs, self.staged, strict=True)
        )
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
            byte_size(self.a_elem),
            byte_size(self.c_elem),
            batch=self.batch or 1,
            a_transposed=self.transposed[0],
            b_transposed=self.transposed[1],
            dynamic=self.dynamic,
            c_transposed=self.transposed[2],
            decoded=self.a_decode is not None or self.b_decode is not None,
        )

    def describe(self) -> str:
        """`batch=4 64x48x32 f16^T*f16->f32`: the problem as `explain` prints
        it (M x N x K; ^T marks an operand stored transposed)."""
        marks = ["^T" if t else "" for t in self.transposed]
        a, b, _, c = self.component_types
        batch = "" if self.batch is None else f"batch={self.size('batch')} "
        sizes = "x".join(self.size(d) for d in "mnk")
        return f"{batch}{sizes} {a}{marks[0]}*{b}{marks[1]}->{c}{marks[2]}"

    def size(self, dim: str) -> str:
        """`4096`, or `?(4096)` for a run-time size and its hint."""
        value = getattr(self, dim)
        return f"?({value})" if dim in self.dynamic else str(value)


def byte_size(t: Attribute) -> int:
    return bit_width(t) // 8


def error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"lower-to-coopmat: {message}")


def _matrix(
    op: Operation, value: SSAValue, what: str, rank: int
) -> MemRefType | TensorType:
    """The memref type of an operand, static or dynamic sizes (or tensor
    type: the tensor form is checked before it is bufferized)."""
    t = value.type
    kind = f"{rank}-D memref"
    if not isinstance(t, MemRefType | TensorType):
        raise error(op, f"{what} must be a {kind}, got {t}")
    if t.get_num_dims() != rank:
        raise error(op, f"{what} must be a {kind}, got {t}")
    if isinstance(t, MemRefType) and not isinstance(t.layout, NoneAttr):
        raise error(op, f"{what} must have the identity layout, got {t}")
    if isinstance(t, MemRefType) and not isinstance(t.memory_space, NoneAttr):
        raise error(
            op,
            f"{what} must be in global memory (no memory space), got {t}: a "
            "kernel argument is a storage buffer",
        )
    if any(d > INDEX_MAX for d in t.get_shape()):
        raise error(op, f"{what} has a dimension over MLIR's index range: {t}")
    return t


#: The largest dimension MLIR can index (int64).
INDEX_MAX = 2**63 - 1


#: The sizes a dynamic dimension is planned for without a `size-hint`.
DEFAULT_HINT = {"batch": 1, "m": 2048, "n": 2048, "k": 2048}


def match_matmul(op: ContractionOp, hint: dict[str, int] | None = None) -> Matmul:
    """Read shapes, layouts, types and the preceding fill; raise a located
    error for anything the lowering does not handle. Dynamic sizes take
    their value from `hint` (default: `DEFAULT_HINT`) for planning."""
    hint = {**DEFAULT_HINT, **(hint or {})}
    try:
        product = matmul_loops(op)
    except NotAMatmul as err:
        raise error(op, str(err)) from None
    (a_dims, b_dims, c_dims), batch = product.dims, product.batch
    m_loop, n_loop, k_loop = product.m, product.n, product.k
    a, b = op.inputs
    (c,) = op.outputs
    rank = 2 + batch
    types = [
        _matrix(op, v, what, rank) for v, what in zip((a, b, c), "ABC", strict=True)
    ]
    ta, tb, tc = types
    # Each loop's size: static where some operand gives it (the op's verifier
    # makes static sizes agree), else dynamic (-1) and held by `places`.
    names = {m_loop: "m", n_loop: "n", k_loop: "k"}
    if batch:
        names[c_dims[0]] = "batch"
    places: dict[str, list[tuple[int, int]]] = {name: [] for name in names.values()}
    loops = dict.fromkeys(names, -1)
    for operand, (dims, t) in enumerate(
        zip((a_dims, b_dims, c_dims), types, strict=True)
    ):
        for axis, (loop, size) in enumerate(zip(dims, t.get_shape(), strict=True)):
            places[names[loop]].append((operand, axis))
            loops[loop] = max(loops[loop], size)
    dynamic = frozenset(names[loop] for loop, size in loops.items() if size < 0)
    for loop in loops:
        if loops[loop] < 0:
            loops[loop] = hint[names[loop]]
    if ta.element_type != tb.element_type:
        raise error(
            op, f"A and B element types differ: {ta.element_type}, {tb.element_type}"
        )
    sizes = {"M": loops[m_loop], "N": loops[n_loop], "K": loops[k_loop]}
    if batch:
        sizes = {"batch": loops[c_dims[0]], **sizes}
    empty = [
        f"{name}=0"
        for name, size in sizes.items()
        if size == 0 and name.lower() not in dynamic
    ]
    if empty:
        fix = (
            "C = C (or its fill): replace the op by that"
            if empty == ["K=0"]
            else ("C is empty: remove the op")
        )
        raise error(
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
        product.transposed,
        ta.element_type,
        tc.element_type,
        not op.unsigned,
        dynamic=dynamic,
        places={name: tuple(p) for name, p in places.items()},
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
        raise error(fill, "the fill value must be an arith.constant")
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
    split_k: int | None = 1,
    deep_k: bool = False,
    decoded: bool = False,
) -> TileConfig:
    """The configuration for `matmul`: the options where given, the cost
    model's best candidate for the rest; a located error if none works.
    `split_k`: the split-K slices, or None for the cost model's fill
    heuristic (split_k.py); `deep_k`: K tiles of twice the usual depth are
    candidates (tiling.candidates); `decoded`: an operand will be decoded
    in the load (rated as such: tiling.Problem.decoded)."""
    op, types = matmul.op, matmul.component_types
    if types[0] == "f32" and target.has_matrix_units:
        hint = (
            "kernel=simt-tiled computes it"
            if target.simt_kernel == "simt-tiled"
            else "use target=simt"
        )
        raise error(
            op,
            f"f32 x f32 -> f32 needs a target without matrix units; {target.name}"
            f" has none for f32 ({hint})",
        )
    shapes = target.shapes_for(types)
    if not shapes:
        supported = "; ".join(
            f"{a}*{b}->{r}" for a, b, _, r in target.type_combinations()
        )
        others = [f"target={t}" for t in targets_taking(types) if t != target.name]
        listed = ", ".join(others[:-1]) + " or " if len(others) > 1 else ""
        takers = f"; it lowers with {listed}{others[-1]}" if others else ""
        if types[0].startswith("f8") and not others:
            takers = (
                "; no target has 8-bit float matrices (VK_EXT_shader_float8): "
                "widen the operands to f16 with arith.extf first"
            )
        raise error(
            op,
            f"{types[0]} x {types[1]} -> {types[3]} is not supported by "
            f"{target.name} (supported: {supported}){takers}",
        )
    if mma is not None:
        chosen = [s for s in shapes if (s.m, s.n, s.k) == mma]
        if not chosen:
            listed = ", ".join(f"{s.m}x{s.n}x{s.k}" for s in shapes)
            raise error(
                op,
                f"mma={'x'.join(map(str, mma))} is not a {types[0]} -> {types[3]} "
                f"shape of {target.name} (supported: {listed})",
            )
        shapes = tuple(chosen)
    problem = matmul.problem()
    if decoded:
        problem = replace(problem, decoded=True)
    split_shapes = target.shapes_for(split_types(matmul))
    if split_k not in (None, 1):
        sizes = {(s.m, s.n, s.k) for s in split_shapes}
        shapes = tuple(s for s in shapes if (s.m, s.n, s.k) in sizes)
        if not shapes:
            raise error(
                op,
                f"split_k={split_k} sums {types[0]} x {types[1]} partials in "
                f"{split_types(matmul)[3]}, which {target.name} does not multiply "
                "in the chosen matrix shape",
            )
    configs = candidates(
        problem, target, shapes, tile, subgroups, stages, split_k, split_shapes, deep_k
    )
    if configs:
        return choose(configs, problem, target)
    # Nothing fits: report why the closest explicit configuration fails.
    s = shapes[0]
    tm, tn, tk = tile or (s.m, s.n, s.k)
    sm, sn = subgroups or (1, 1)
    config = TileConfig(tm, tn, tk, sm, sn, s.m, s.n, s.k, stages or 0)
    if split_k not in (None, 1):
        config = replace(config, split_k=split_k)
    reason = check(config, problem, target) or (
        f"{config} needs more accumulator registers than {target.name} has"
    )
    raise error(op, reason)


def split_types(matmul: Matmul) -> tuple[str, str, str, str]:
    """The (a, b, c, result) component types of split-K's partial products:
    accumulators of 4 bytes (f16 results are summed in f32, rounded once)."""
    a, b, c, _ = matmul.component_types
    wide = "f32" if c in ("f16", "f32", "bf16") else c
    return (a, b, wide, wide)
