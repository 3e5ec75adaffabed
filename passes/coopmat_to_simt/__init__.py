"""coopmat-to-simt: every cooperative matrix becomes per-work-item vector code.

Each `!coopmat.matrix<MxNxT, use>` value becomes a `vector<V x T>` per
work-item, V and the element placement given by the matrix's subgroup layout
(`coopmlir.layout`, chosen by `coopmat.resolve_layout`: the type's own
layout, else the nearest enclosing `coopmat.layout` attribute, else the pass
options `layout` and `subgroup-size`). Every coopmat op becomes
arith/math/vector/scf/memref/gpu code; elements move between work-items with
`gpu.shuffle idx`. Once applied, a layout leaves only its subgroup size: each
function keeps it as `spirv.entry_point_abi = #spirv.entry_point_abi<
subgroup_size = S>` (MLIR's attribute, which mlir-opt verifies), and the
`coopmat.layout` attributes go, so L2 holds nothing of the coopmat dialect.

Low-precision A matrices use the unpacked tinytc layout (no VNNI packing):
one element per component, as `coopmlir.layout.TinytcLayout.element_map`.

Padding slots (components of a lane that hold no matrix element) are zero
after every lowered op, as `LaneMap.to_lanes` makes them.

The package: this module (the pass and one pattern per op), `lanes.py`
(`SimtEmitter`: lane functions, shuffles, the layout formulas as index
arithmetic) and `memory.py` (addresses of loads and stores).

The rewrite runs in five steps: (0) each `mul_add` of two plain loads
becomes a k loop that reads their memory (`memory_k_loop.py`), chosen on
the input before anything changes; (1) one pattern per coopmat op, which reads
its matrix operands through `builtin.unrealized_conversion_cast` to vectors
and gives its results back as casts to matrices; (2) the remaining matrix
types (block arguments, `scf.for`/`scf.if` results, function signatures)
become vectors; (3) the casts, now vector to the same vector, disappear;
(4) the subgroup sizes go into `spirv.entry_point_abi`. All
inputs are checked before anything changes, so bad input leaves the module
as it was and reports the op's location.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, gpu, math, vector
from xdsl.dialects.builtin import (
    AnyFloat,
    Float32Type,
    FunctionType,
    IndexType,
    IntegerType,
    ModuleOp,
    UnrealizedConversionCastOp,
    VectorType,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import VerifyException

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects import coopmat
from coopmlir.dialects.coopmat import (
    LAYOUT_ATTR_NAME,
    LayoutError,
    MatrixType,
    SubgroupLayoutAttr,
    invocation_layout,
    lane_vector_type,
    resolve_layout,
)
from coopmlir.dialects.kernel_abi import set_subgroup_size, subgroup_size_of
from coopmlir.layout import LaneMap
from coopmlir.passes.coopmat_to_simt.k_loop import emit_k_loop, plan_k_loop
from coopmlir.passes.coopmat_to_simt.lanes import Gather, SimtEmitter, fill_padding
from coopmlir.passes.coopmat_to_simt.matrix_ops import (
    check_reduce,
    lower_apply,
    lower_reduce,
    lower_transpose,
)
from coopmlir.passes.coopmat_to_simt.memory import (
    Access,
    load_components,
    store_components,
    unsupported_access,
)
from coopmlir.passes.coopmat_to_simt.memory_k_loop import (
    MemoryKLoopPlan,
    emit_memory_k_loop,
    erase_unused_loads,
    plain_load,
    plan_memory_k_loop,
)

# --------------------------------------------------------------------------
# Layouts of matrix values
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layouts:
    """Which `coopmlir.layout` spreads a matrix type at a given op."""

    default: SubgroupLayoutAttr | None

    def lanes(self, t: MatrixType, op: Operation) -> LaneMap:
        """`resolve_layout` with the pass's default; raises CompileError at
        `op` when `t` has no SIMT lowering there."""
        try:
            lanes = resolve_layout(t, op, self.default)
        except LayoutError as err:
            raise _error(op, str(err)) from None
        assert lanes is not None  # resolve_layout raises unless missing_ok
        return lanes

    def vector_type(self, t: MatrixType, op: Operation) -> VectorType:
        """The `vector<V x T>` that each work-item holds of `t` at `op`."""
        return lane_vector_type(t, self.lanes(t, op))


def _error(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), message)


def invocation_lanes(t: MatrixType, lanes: LaneMap, op: Operation) -> LaneMap:
    """The row (column for B) per invocation layout of from/to_vector, over
    the subgroup of `lanes`; raises CompileError at `op` where `t` does not
    fit it."""
    try:
        return invocation_layout(t, lanes.S)
    except LayoutError as err:
        raise _error(op, str(err)) from None


def _matrix_types_of(op: Operation) -> list[MatrixType]:
    types = [*op.operand_types, *op.result_types, *op.properties.values()]
    for region in op.regions:
        for block in region.blocks:
            types.extend(arg.type for arg in block.args)
    return [t for t in types if isinstance(t, MatrixType)]


def check_supported(module: ModuleOp, layouts: Layouts) -> None:
    """Raise CompileError at the first op that the pass cannot lower."""
    for op in module.walk():
        for t in _matrix_types_of(op):
            lanes = layouts.lanes(t, op)
            if isinstance(op, coopmat.FromVectorOp | coopmat.ToVectorOp):
                invocation_lanes(t, lanes, op)
            if isinstance(op, coopmat.ReduceOp) and t == op.matrix.type:
                why = check_reduce(op, lanes)
                if why is not None:
                    raise _error(op, why)
        if isinstance(op, coopmat.LoadOp | coopmat.StoreOp):
            assert isinstance(op.memref.type, coopmat.MemRefType)
            why = unsupported_access(op.memref.type, op.stride is not None)
            if why is not None:
                raise _error(op, why)


# --------------------------------------------------------------------------
# Patterns: shared parts
# --------------------------------------------------------------------------


class _MatrixPattern(RewritePattern):
    """A pattern with the pass's layouts and helpers to cross the type border."""

    def __init__(self, layouts: Layouts):
        self.layouts = layouts

    def lanes(self, value: SSAValue, op: Operation) -> LaneMap:
        assert isinstance(value.type, MatrixType)
        return self.layouts.lanes(value.type, op)

    def as_vector(
        self, value: SSAValue, op: Operation, rewriter: PatternRewriter
    ) -> SSAValue:
        """The vector of a matrix operand (the input of the cast we made)."""
        owner = value.owner
        if isinstance(owner, UnrealizedConversionCastOp) and len(owner.inputs) == 1:
            return owner.inputs[0]
        assert isinstance(value.type, MatrixType)
        cast = UnrealizedConversionCastOp.get(
            [value], [self.layouts.vector_type(value.type, op)]
        )
        rewriter.insert(cast)
        return cast.results[0]

    def replace(self, op: Operation, vec: SSAValue, rewriter: PatternRewriter) -> None:
        """Replace the matrix result of `op` by `vec`, cast back to the matrix."""
        cast = UnrealizedConversionCastOp.get([vec], [op.results[0].type])
        rewriter.replace(op, cast)

    @staticmethod
    def emitter(rewriter: PatternRewriter, lanes: LaneMap) -> SimtEmitter:
        return SimtEmitter(rewriter, lanes.S)


# --------------------------------------------------------------------------
# Memory
# --------------------------------------------------------------------------


def _access(op: coopmat.LoadOp | coopmat.StoreOp) -> Access:
    checked = None if op.checked is None else op.checked.data
    return Access(op.memref, list(op.indices), op.stride, op.layout.data, checked)


class LowerLoad(_MatrixPattern):
    """`coopmat.load %mem[%i, %j] ...` -> per component: the address from
    `gpu.lane_id` (the tinytc coopmatrix layout documentation's load
    pseudo-code), `memref.load` (in `scf.if` where checked or
    padding), assembled with `vector.insert` into `vector<V x T>`; components
    that each lane holds consecutively in memory: one `vector.load` of up to
    16 bytes per run, then `vector.extract` (`memory.vector_runs`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.LoadOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.result, op)
        em = self.emitter(rewriter, lanes)
        values = load_components(em, _access(op), lanes)
        if isinstance(values, SSAValue):
            self.replace(op, values, rewriter)
            return
        result_type = self.layouts.vector_type(op.result.type, op)
        self.replace(op, em.from_elements(values, result_type), rewriter)


class LowerStore(_MatrixPattern):
    """`coopmat.store %m, %mem[...]` -> per component: `vector.extract`, the
    address (as for load) and `memref.store`, in `scf.if` where checked or
    padding; runs of components consecutive in memory: `vector.extract` /
    `vector.insert` into a vector of up to 16 bytes and one `vector.store`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.StoreOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.value, op)
        em = self.emitter(rewriter, lanes)
        vec = self.as_vector(op.value, op, rewriter)
        store_components(em, _access(op), lanes, vec)
        rewriter.erase(op)


# --------------------------------------------------------------------------
# Multiply-add
# --------------------------------------------------------------------------


class LowerMulAdd(_MatrixPattern):
    """`coopmat.mul_add %a, %b, %c` -> A, B and C widened to the type of the
    sum once (`arith.extf` on the vectors; `extsi`/`extui` per component and
    signedness flag), then for each k: A[row, k] and B[k, col] of every
    accumulator component taken from the lanes that hold them (`Gather`:
    `vector.extract`, `gpu.shuffle idx` of whole vectors or components) and
    accumulated, `math.fma` for floats, `arith.muli`+`addi` for integers (in
    i64 and clamped once at the end when `saturating`).

    The accumulation is on the whole vector (one fma per k on operand
    vectors built with `vector.broadcast`/`insert`, or the shuffled B vector
    itself) where that takes fewer ops than one fma per component and k;
    else per component. Padding components are zero at the end."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.MulAddOp, rewriter: PatternRewriter):
        a_lanes, b_lanes = self.lanes(op.a, op), self.lanes(op.b, op)
        c_lanes = self.lanes(op.c, op)
        em = self.emitter(rewriter, c_lanes)
        types = MulAddTypes.of(op)
        work = types.work_type
        a = widen_vector(em, self.as_vector(op.a, op, rewriter), work, types.a_signed)
        b = widen_vector(em, self.as_vector(op.b, op, rewriter), work, types.b_signed)
        c = widen_vector(em, self.as_vector(op.c, op, rewriter), work, types.c_signed)
        plan = plan_k_loop(a_lanes, b_lanes, c_lanes)
        if plan is not None:
            totals = emit_k_loop(em, plan, a, b, c, types.step)
            totals += [None] * (c_lanes.V - len(totals))
            total = em.from_elements(totals, lane_vector(c))
            result = fill_padding(em, types.finish(em, total), c_lanes)
            self.replace(op, result, rewriter)
            return
        rows, cols = c_lanes.element_map()
        a_lane, a_comp = a_lanes.owner_map()
        b_lane, b_comp = b_lanes.owner_map()
        gather_a, gather_b = Gather(em, a), Gather(em, b)
        cares = [rows[:, v] >= 0 for v in range(c_lanes.V)]
        row, col = rows.clip(0), cols.clip(0)
        xs, ys = [], []  # per k: the request of each accumulator component
        for k in range(a_lanes.N):
            xs.append(
                [
                    gather_a.request(a_lane[row[:, v], k], a_comp[row[:, v], k], care)
                    for v, care in enumerate(cares)
                ]
            )
            ys.append(
                [
                    gather_b.request(b_lane[k, col[:, v]], b_comp[k, col[:, v]], care)
                    for v, care in enumerate(cares)
                ]
            )
        live = [care.any() for care in cares]
        assert isinstance(c.type, VectorType)
        vector_cost = sum(
            gather_a.assemble_cost(x) + gather_b.assemble_cost(y) + 1
            for x, y in zip(xs, ys, strict=True)
        )
        # The per-component form also extracts and inserts each live component.
        if vector_cost <= sum(live) * (len(xs) + 2):
            total = c
            for x, y in zip(xs, ys, strict=True):
                total = types.step(
                    em,
                    total,
                    gather_a.assemble(x, c.type),
                    gather_b.assemble(y, c.type),
                )
        else:
            totals = [em.extract(c, v) if live[v] else None for v in range(len(live))]
            for x, y in zip(xs, ys, strict=True):
                for v, total in enumerate(totals):
                    if total is not None:
                        x_v, y_v = gather_a.value(x[v]), gather_b.value(y[v])
                        totals[v] = types.step(em, total, x_v, y_v)
            total = em.from_elements(totals, c.type)
        result = fill_padding(em, types.finish(em, total), c_lanes)
        self.replace(op, result, rewriter)


def lower_mul_adds_from_memory(module: ModuleOp, layouts: Layouts) -> None:
    """Every `coopmat.mul_add` of two plain `coopmat.load`s -> a k loop that
    reads A and B where the loads would have (`memory_k_loop.py`); chosen on
    the input before anything changes, while the loads are still loads."""
    pattern = LowerMulAddFromMemory(layouts)
    chosen = []
    for op in module.walk():
        if isinstance(op, coopmat.MulAddOp):
            a, b = plain_load(op.a, op), plain_load(op.b, op)
            if a is not None and b is not None:
                plan = plan_memory_k_loop(a, b, pattern.lanes(op.c, op))
                if plan is not None:
                    chosen.append((op, a, b, plan))
    for op, a, b, plan in chosen:
        pattern.rewrite(op, a, b, plan, PatternRewriter(op))


class LowerMulAddFromMemory(_MatrixPattern):
    """One mul_add of `lower_mul_adds_from_memory` (not run by a walker: the
    choice is made on the whole input first)."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        del op, rewriter

    def rewrite(
        self,
        op: coopmat.MulAddOp,
        a: coopmat.LoadOp,
        b: coopmat.LoadOp,
        plan: MemoryKLoopPlan,
        rewriter: PatternRewriter,
    ) -> None:
        c_lanes = self.lanes(op.c, op)
        em = self.emitter(rewriter, c_lanes)
        types = MulAddTypes.of(op)
        c = widen_vector(
            em, self.as_vector(op.c, op, rewriter), types.work_type, types.c_signed
        )

        def widen(em: SimtEmitter, x: SSAValue, is_a: bool) -> SSAValue:
            signed = types.a_signed if is_a else types.b_signed
            return widen_scalar(em, x, types.work_type, signed)

        totals = emit_memory_k_loop(em, plan, a, b, c, widen, types.step)
        total = em.from_elements(totals, lane_vector(c))
        self.replace(op, types.finish(em, total), rewriter)
        erase_unused_loads([a, b], rewriter)


def widen_scalar(em: SimtEmitter, x: SSAValue, t: Attribute, signed: bool) -> SSAValue:
    """The scalar (or vector) `x` extended to the wider type `t`."""
    if isinstance(x.type, VectorType):
        return widen_vector(em, x, t, signed)
    if x.type == t:
        return x
    if isinstance(t, AnyFloat):
        return em.emit(arith.ExtFOp(x, t))
    return em.emit((arith.ExtSIOp if signed else arith.ExtUIOp)(x, t))


def lane_vector(value: SSAValue) -> VectorType:
    assert isinstance(value.type, VectorType)
    return value.type


@dataclass(frozen=True)
class MulAddTypes:
    """Element types and integer flags of one mul_add."""

    input_type: Attribute
    acc_type: Attribute
    a_signed: bool
    b_signed: bool
    c_signed: bool
    result_signed: bool
    saturating: bool

    @classmethod
    def of(cls, op: coopmat.MulAddOp) -> MulAddTypes:
        a, c = op.a.type, op.c.type
        assert isinstance(a, MatrixType)
        assert isinstance(c, MatrixType)
        return cls(
            a.element_type,
            c.element_type,
            op.a_signed is not None,
            op.b_signed is not None,
            op.c_signed is not None,
            op.result_signed is not None,
            op.saturating is not None,
        )

    @property
    def work_type(self) -> Attribute:
        """Type the sum is kept in: i64 for saturating integers, else the acc."""
        return i64 if self.saturating else self.acc_type

    def step(
        self, em: SimtEmitter, total: SSAValue, x: SSAValue, y: SSAValue
    ) -> SSAValue:
        """total + x*y (scalars or vectors of the work type)."""
        if isinstance(self.acc_type, AnyFloat):
            return em.emit(math.FmaOp(x, y, total))
        return em.emit(arith.AddiOp(total, em.emit(arith.MuliOp(x, y))))

    def finish(self, em: SimtEmitter, total: SSAValue) -> SSAValue:
        """The vector of sums in the accumulator type (clamped if saturating)."""
        if not self.saturating:
            return total
        assert isinstance(self.acc_type, IntegerType)
        assert isinstance(total.type, VectorType)
        bits = self.acc_type.width.data
        low, high = (
            (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
            if self.result_signed
            else (0, (1 << bits) - 1)
        )
        total = em.emit(arith.MaxSIOp(total, em.splat(low, total.type)))
        total = em.emit(arith.MinSIOp(total, em.splat(high, total.type)))
        return convert_elements(em, total, self.acc_type, unsigned=False)


def widen_vector(em: SimtEmitter, x: SSAValue, t: Attribute, signed: bool) -> SSAValue:
    """The vector `x` with elements extended to the wider type `t`."""
    assert isinstance(x.type, VectorType)
    if x.type.element_type == t:
        return x
    return convert_elements(em, x, t, unsigned=not signed)


# --------------------------------------------------------------------------
# Element-wise arithmetic
# --------------------------------------------------------------------------

_FLOAT_OPS = {
    coopmat.AddOp: arith.AddfOp,
    coopmat.SubOp: arith.SubfOp,
    coopmat.MulOp: arith.MulfOp,
}
_INT_OPS = {
    coopmat.AddOp: arith.AddiOp,
    coopmat.SubOp: arith.SubiOp,
    coopmat.MulOp: arith.MuliOp,
}


def _is_float_matrix(value: SSAValue) -> bool:
    assert isinstance(value.type, MatrixType)
    return isinstance(value.type.element_type, AnyFloat)


class LowerBinary(_MatrixPattern):
    """`coopmat.add/sub/mul %x, %y` -> `arith.addf/subf/mulf` (`addi/subi/
    muli` for integers) on the two vectors."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter):
        if type(op) not in _FLOAT_OPS:
            return
        lhs, rhs = op.operands
        x, y = self.as_vector(lhs, op, rewriter), self.as_vector(rhs, op, rewriter)
        table = _FLOAT_OPS if _is_float_matrix(lhs) else _INT_OPS
        new = table[type(op)](x, y)
        rewriter.insert(new)
        self.replace(op, new.results[0], rewriter)


class LowerDiv(_MatrixPattern):
    """`coopmat.div %x, %y` -> `arith.divf` (`divsi`, `divui` if `unsigned`);
    padding components divide by one and stay zero."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.DivOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.lhs, op)
        em = self.emitter(rewriter, lanes)
        x = self.as_vector(op.lhs, op, rewriter)
        y = self.as_vector(op.rhs, op, rewriter)
        if _is_float_matrix(op.lhs):
            quotient = em.emit(arith.DivfOp(x, y))
        else:
            div = arith.DivUIOp if op.unsigned is not None else arith.DivSIOp
            quotient = em.emit(div(x, fill_padding(em, y, lanes, 1)))
        quotient = fill_padding(em, quotient, lanes)
        self.replace(op, quotient, rewriter)


class LowerNeg(_MatrixPattern):
    """`coopmat.neg %x` -> `arith.negf` (`arith.subi` from zero for integers)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.NegOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.operand, op)
        em = self.emitter(rewriter, lanes)
        x = self.as_vector(op.operand, op, rewriter)
        if _is_float_matrix(op.operand):
            result = em.emit(arith.NegfOp(x))
        else:
            assert isinstance(x.type, VectorType)
            result = em.emit(arith.SubiOp(em.zeros(x.type), x))
        self.replace(op, result, rewriter)


class LowerScale(_MatrixPattern):
    """`coopmat.scale %m, %s` -> `vector.broadcast %s` and `arith.mulf`
    (`muli`)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ScaleOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.matrix, op)
        em = self.emitter(rewriter, lanes)
        x = self.as_vector(op.matrix, op, rewriter)
        assert isinstance(x.type, VectorType)
        s = em.emit(vector.BroadcastOp(op.scalar, x.type))
        mul = arith.MulfOp if _is_float_matrix(op.matrix) else arith.MuliOp
        self.replace(op, em.emit(mul(x, s)), rewriter)


# --------------------------------------------------------------------------
# Construction and per-work-item access
# --------------------------------------------------------------------------


class LowerSplat(_MatrixPattern):
    """`coopmat.splat %x` -> `vector.broadcast %x`, padding components zero."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.SplatOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.result, op)
        em = self.emitter(rewriter, lanes)
        t = self.layouts.vector_type(op.result.type, op)
        splat = em.emit(vector.BroadcastOp(op.value, t))
        self.replace(op, fill_padding(em, splat, lanes), rewriter)


class LowerLength(_MatrixPattern):
    """`coopmat.length : T` -> `arith.constant V : index`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.LengthOp, rewriter: PatternRewriter):
        lanes = self.layouts.lanes(op.matrix_type, op)
        rewriter.replace(op, arith.ConstantOp.from_int_and_width(lanes.V, IndexType()))


class LowerExtract(_MatrixPattern):
    """`coopmat.extract %m[%k]` -> `vector.extract %v[%k]`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ExtractOp, rewriter: PatternRewriter):
        x = self.as_vector(op.matrix, op, rewriter)
        rewriter.replace(op, vector.ExtractOp(x, [op.index], op.result.type))


class LowerInsert(_MatrixPattern):
    """`coopmat.insert %x, %m[%k]` -> `vector.insert %x, %v[%k]`."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.InsertOp, rewriter: PatternRewriter):
        x = self.as_vector(op.matrix, op, rewriter)
        new = vector.InsertOp(op.value, x, [op.index])
        rewriter.insert(new)
        self.replace(op, new.result, rewriter)


# --------------------------------------------------------------------------
# Conversions
# --------------------------------------------------------------------------


def convert_elements(
    em: SimtEmitter, x: SSAValue, to: Attribute, unsigned: bool
) -> SSAValue:
    """`arith` casts of a vector to element type `to` (integers signed unless
    `unsigned`); bf16 <-> f16 goes through f32. Float-to-float casts act on
    the whole vector, the others per component."""
    assert isinstance(x.type, VectorType)
    src = x.type.element_type
    shape = x.type.get_shape()
    dst_type = VectorType(to, shape)
    if src == to:
        return x
    src_float, dst_float = isinstance(src, AnyFloat), isinstance(to, AnyFloat)
    if src_float and dst_float:
        width = (src.bitwidth, to.bitwidth)  # type: ignore[union-attr]
        if width[0] == width[1]:  # bf16 <-> f16
            x = em.emit(arith.ExtFOp(x, VectorType(Float32Type(), shape)))
            return em.emit(arith.TruncFOp(x, dst_type))
        cast = arith.ExtFOp if width[0] < width[1] else arith.TruncFOp
        return em.emit(cast(x, dst_type))
    if not src_float and not dst_float:
        assert isinstance(src, IntegerType) and isinstance(to, IntegerType)
        if src.width.data > to.width.data:
            cast = arith.TruncIOp
        else:
            cast = arith.ExtUIOp if unsigned else arith.ExtSIOp
    elif dst_float:
        cast = arith.UIToFPOp if unsigned else arith.SIToFPOp
    else:
        cast = arith.FPToUIOp if unsigned else arith.FPToSIOp
    # xDSL 0.74's integer casts take scalars only: cast component by component.
    elements = [em.emit(cast(em.extract(x, v), to)) for v in range(shape[0])]
    return em.from_elements(elements, dst_type)


class LowerConvert(_MatrixPattern):
    """`coopmat.convert` -> `arith` casts of the vector (element type), then,
    when the use changes (accumulator -> a or b), the shuffles that move each
    element to the lane and component of the new layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ConvertOp, rewriter: PatternRewriter):
        src, dst = self.lanes(op.operand, op), self.lanes(op.result, op)
        em = self.emitter(rewriter, dst)
        x = self.as_vector(op.operand, op, rewriter)
        assert isinstance(op.result.type, MatrixType)
        to = op.result.type.element_type
        x = convert_elements(em, x, to, op.unsigned is not None)
        result_type = self.layouts.vector_type(op.result.type, op)
        self.replace(op, em.relayout(x, src, dst, result_type), rewriter)


class _InvocationVectorPattern(_MatrixPattern):
    """from_vector / to_vector: a matrix and a row (column) per invocation."""

    def invocation(
        self,
        matrix: SSAValue,
        vector_type: VectorType,
        op: Operation,
        rewriter: PatternRewriter,
    ) -> tuple[LaneMap, LaneMap, SimtEmitter, VectorType]:
        """The layouts of `matrix` and of its rows (columns for B) per
        invocation, an emitter, and `vector_type` unpacked (the same type
        unless it is a packed i32 form)."""
        assert isinstance(matrix.type, MatrixType)
        lanes = self.lanes(matrix, op)
        rows = invocation_lanes(matrix.type, lanes, op)
        em = self.emitter(rewriter, lanes)
        element_type = matrix.type.element_type
        if vector_type.get_element_type() == element_type:
            return lanes, rows, em, vector_type
        return lanes, rows, em, VectorType(element_type, [rows.V])


class LowerFromVector(_InvocationVectorPattern):
    """`coopmat.from_vector %row` -> shuffles from the row (column for B) per
    invocation layout to the matrix layout (`vector.bitcast` first for the
    packed i32 forms)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.FromVectorOp, rewriter: PatternRewriter):
        source = op.vector
        assert isinstance(source.type, VectorType)
        lanes, rows, em, unpacked = self.invocation(
            op.result, source.type, op, rewriter
        )
        if unpacked != source.type:
            source = em.emit(vector.BitcastOp(source, unpacked))
        result_type = self.layouts.vector_type(op.result.type, op)
        self.replace(op, em.relayout(source, rows, lanes, result_type), rewriter)


class LowerToVector(_InvocationVectorPattern):
    """`coopmat.to_vector %m` -> shuffles from the matrix layout to the row
    (column for B) per invocation layout (`vector.bitcast` after for the
    packed i32 forms)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ToVectorOp, rewriter: PatternRewriter):
        assert isinstance(op.result.type, VectorType)
        lanes, rows, em, unpacked = self.invocation(
            op.matrix, op.result.type, op, rewriter
        )
        x = self.as_vector(op.matrix, op, rewriter)
        result = em.relayout(x, lanes, rows, unpacked)
        if unpacked != op.result.type:
            result = em.emit(vector.BitcastOp(result, op.result.type))
        rewriter.replace_all_uses_with(op.result, result)
        rewriter.erase(op)


class LowerBitcastArray(RewritePattern):
    """`coopmat.bitcast_array %v` -> `vector.bitcast %v` (per invocation)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.BitcastArrayOp, rewriter: PatternRewriter):
        rewriter.replace(op, vector.BitcastOp(op.source, op.result.type))


class LowerExtractSubarray(RewritePattern):
    """`coopmat.extract_subarray %v[%start]` -> for each i: `vector.extract
    %v[%start + i]` and `vector.insert` into the result (per invocation)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: coopmat.ExtractSubarrayOp, rewriter: PatternRewriter
    ):
        em = SimtEmitter(rewriter, 1)
        assert isinstance(op.result.type, VectorType)
        elements = []
        for i in range(op.result.type.get_shape()[0]):
            position = (
                op.start if i == 0 else em.emit(arith.AddiOp(op.start, em.index(i)))
            )
            elements.append(em.extract(op.source, position))
        result = em.from_elements(elements, op.result.type)
        rewriter.replace_all_uses_with(op.result, result)
        rewriter.erase(op)


# --------------------------------------------------------------------------
# Matrix-level ops (matrix_ops.py)
# --------------------------------------------------------------------------


class LowerReduce(_MatrixPattern):
    """`coopmat.reduce kind mode %m` -> in-lane `arith` combination of the
    components that share a row (column), identity for padding, then
    `gpu.shuffle xor` butterflies over the lanes that share it (both:
    every lane), and the partials moved to the result layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ReduceOp, rewriter: PatternRewriter):
        src, dst = self.lanes(op.matrix, op), self.lanes(op.result, op)
        em = self.emitter(rewriter, src)
        x = self.as_vector(op.matrix, op, rewriter)
        t = self.layouts.vector_type(op.result.type, op)
        self.replace(op, lower_reduce(em, op, x, src, dst, t), rewriter)


class LowerApply(_MatrixPattern):
    """`coopmat.apply %m captures(...) {body}` -> the body's arith/math
    ops once per component, on `vector.extract` of it, its row and
    column (index arithmetic on `gpu.lane_id`) and the captures; the
    yielded values `vector.insert`ed, padding zero."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.ApplyOp, rewriter: PatternRewriter):
        lanes = self.lanes(op.matrix, op)
        em = self.emitter(rewriter, lanes)
        x = self.as_vector(op.matrix, op, rewriter)
        self.replace(op, lower_apply(em, op, x, lanes), rewriter)


class LowerTranspose(_MatrixPattern):
    """`coopmat.transpose %m` -> `gpu.shuffle idx` (whole vectors or
    components) and `vector.extract`/`insert` that move element (c, r)
    of the accumulator layout to (r, c) of the B layout."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: coopmat.TransposeOp, rewriter: PatternRewriter):
        src, dst = self.lanes(op.matrix, op), self.lanes(op.result, op)
        em = self.emitter(rewriter, dst)
        x = self.as_vector(op.matrix, op, rewriter)
        t = self.layouts.vector_type(op.result.type, op)
        self.replace(op, lower_transpose(em, x, src, dst, t), rewriter)


# --------------------------------------------------------------------------
# Types that no pattern touched, and the casts
# --------------------------------------------------------------------------


def convert_remaining_types(module: ModuleOp, layouts: Layouts) -> None:
    """Block arguments, op results and function signatures of matrix type
    become vectors (loop-carried values, `scf.if` results, calls)."""
    for op in module.walk():
        for result in op.results:
            if isinstance(result.type, MatrixType):
                Rewriter.replace_value_with_new_type(
                    result, layouts.vector_type(result.type, op)
                )
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if isinstance(arg.type, MatrixType):
                        Rewriter.replace_value_with_new_type(
                            arg, layouts.vector_type(arg.type, op)
                        )
        if isinstance(op, func.FuncOp | gpu.FuncOp):
            _convert_signature(op, layouts)


def _convert_signature(op: func.FuncOp | gpu.FuncOp, layouts: Layouts) -> None:
    signature = op.function_type
    inputs = [
        layouts.vector_type(t, op) if isinstance(t, MatrixType) else t
        for t in signature.inputs
    ]
    outputs = [
        layouts.vector_type(t, op) if isinstance(t, MatrixType) else t
        for t in signature.outputs
    ]
    op.properties["function_type"] = FunctionType.from_lists(inputs, outputs)


def subgroup_sizes(module: ModuleOp, layouts: Layouts) -> dict[Operation, int]:
    """The subgroup size each function runs with (`subgroup_size_of`; for a
    function that says nothing, the one size of the matrices it uses)."""
    sizes: dict[Operation, int] = {}
    for fn in module.walk():
        if not isinstance(fn, func.FuncOp | gpu.FuncOp):
            continue
        try:
            size = subgroup_size_of(fn)
        except VerifyException as err:
            raise _error(fn, str(err)) from None
        if size is None:
            used = {
                layouts.lanes(t, op).subgroup_size
                for op in fn.walk()
                for t in _matrix_types_of(op)
            }
            size = used.pop() if len(used) == 1 else None
        if size is not None:
            sizes[fn] = size
    return sizes


def record_subgroup_sizes(module: ModuleOp, sizes: dict[Operation, int]) -> None:
    """The layouts are applied: each function keeps only its subgroup size, in
    MLIR's `spirv.entry_point_abi`, and the `coopmat.layout`s go."""
    for fn, size in sizes.items():
        set_subgroup_size(fn, size)
    for op in module.walk():
        op.attributes.pop(LAYOUT_ATTR_NAME, None)


def fold_casts(module: ModuleOp) -> None:
    """Drop the casts, which now convert a vector to the same vector."""
    for op in list(module.walk()):
        if not isinstance(op, UnrealizedConversionCastOp):
            continue
        (source,), (result,) = op.inputs, op.results
        if source.type != result.type:
            raise CompileError.at(
                location_of(op),
                f"internal error: {source.type} left as {result.type}",
            )
        result.replace_all_uses_with(source)
        op.detach()
        op.erase()


# --------------------------------------------------------------------------
# The pass
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class CoopmatToSimt(ModulePass):
    """Lower every cooperative matrix to per-work-item vectors (see module doc).

    `layout` and `subgroup_size` give the layout of matrices that have none
    of their own and no enclosing `coopmat.layout`.
    """

    name = "coopmat-to-simt"

    subgroup_size: int | None = None
    """Subgroup size of matrices without a layout of their own or an enclosing
    coopmat.layout (left out: such a matrix is an error)."""

    layout: str = "tinytc"
    """With subgroup-size: tinytc (Intel tinytc's coopmatrix layout) or row
    (VK_QCOM_cooperative_matrix_conversion's row per invocation)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        layouts = Layouts(self._default_layout())
        check_supported(op, layouts)
        sizes = subgroup_sizes(op, layouts)
        lower_mul_adds_from_memory(op, layouts)
        patterns = [
            LowerLoad(layouts),
            LowerStore(layouts),
            LowerMulAdd(layouts),
            LowerBinary(layouts),
            LowerDiv(layouts),
            LowerNeg(layouts),
            LowerScale(layouts),
            LowerSplat(layouts),
            LowerLength(layouts),
            LowerExtract(layouts),
            LowerInsert(layouts),
            LowerConvert(layouts),
            LowerFromVector(layouts),
            LowerToVector(layouts),
            LowerBitcastArray(),
            LowerExtractSubarray(),
            LowerReduce(layouts),
            LowerApply(layouts),
            LowerTranspose(layouts),
        ]
        PatternRewriteWalker(
            GreedyRewritePatternApplier(patterns, dce_enabled=False),
            apply_recursively=False,
        ).rewrite_module(op)
        convert_remaining_types(op, layouts)
        fold_casts(op)
        record_subgroup_sizes(op, sizes)

    def _default_layout(self) -> SubgroupLayoutAttr | None:
        if self.subgroup_size is None:
            return None
        layout = SubgroupLayoutAttr(self.layout, self.subgroup_size)
        try:
            layout.verify()
        except Exception as err:
            raise CompileError(f"error: coopmat-to-simt options: {err}") from None
        return layout
