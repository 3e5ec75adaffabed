"""coopmat.reduce, coopmat.apply and coopmat.transpose in convert-to-spirv.

Both lowerings outline the work on one element into a `spirv.func` of the
module (`Pure`): the apply body becomes `@<kernel>_apply<i>(row: i32, col:
i32, value: T, captures...) -> T` (lowered like kernel code, so a math op
without a SPIR-V lowering is a located error), a reduction's combine
becomes `@<kernel>_<kind>_<T>(T, T) -> T` (FAdd/IAdd, GL FMax/SMax/UMax,
FMin/SMin/UMin). With SPV_NV_cooperative_matrix2 these functions are the
operands of its instructions (extensions/nv2.py); without it (KHR), the
`*_through_memory` lowerings here use the subgroup's workgroup-memory
scratch slot (`MatrixLowering.slot`), between subgroup barriers:

- transpose: store the accumulator row-major (stride N), load it
  column-major as the N x M matrix B with the same stride.
- apply: store, each invocation calls the function on elements
  `lane, lane + SubgroupSize, ...` (row e / N, column e % N) in place, load.
- reduce: store M x N at the slot's start; each invocation computes result
  elements `lane, lane + S, ...` of the R x C result (row r, column c: row r
  of the matrix for rows, column c for cols, all of it for both, the block
  at (2r, 2c) for quads) into the slot after the matrix, then a load.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IndexType
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import structure as ss
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp
from coopmlir.dialects.spirv.types import CooperativeMatrixType
from coopmlir.elements import is_bf16, is_float
from coopmlir.passes.convert_to_spirv.builder import SpirvFunctionBuilder
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.kernel import KernelLowering
from coopmlir.target_lowering import matrix_scratch, reduction_scratch

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering

#: coopmat.reduce mode -> SPV_NV_cooperative_matrix2 Reduce mask (as the
#: spirv dialect spells it).
REDUCE_MASKS = {
    cm.ReduceMode.ROWS: "Row",
    cm.ReduceMode.COLS: "Column",
    cm.ReduceMode.BOTH: "Row|Column",
    cm.ReduceMode.QUADS: "CooperativeMatrixReduce2x2",
}

# (float, signed integer, unsigned integer) combine of each reduce kind.
_COMBINE: dict[cm.ReduceKind, tuple[type[Operation], ...]] = {
    cm.ReduceKind.ADD: (sa.FAddOp, sa.IAddOp, sa.IAddOp),
    cm.ReduceKind.MAX: (sa.GLFMaxOp, sa.GLSMaxOp, sa.GLUMaxOp),
    cm.ReduceKind.MIN: (sa.GLFMinOp, sa.GLSMinOp, sa.GLUMinOp),
}


def position_free(op: cm.ApplyOp) -> bool:
    """Whether the apply body ignores the element's (row, col): then it maps
    each component the same way, whatever element the driver puts there."""
    row, col = op.body.block.args[:2]
    return not row.uses and not col.uses


def scratch_elements(op: Operation) -> tuple[cm.MatrixType, int] | None:
    """(matrix type, slot elements) that the KHR lowering of `op` stages
    through workgroup memory, or None for another op."""
    if isinstance(op, cm.ApplyOp) and position_free(op):
        return None  # apply_componentwise: in registers
    if isinstance(op, cm.ApplyOp | cm.TransposeOp):
        t = op.matrix.type
        assert isinstance(t, cm.MatrixType)
        return t, matrix_scratch(_shape(t))
    if isinstance(op, cm.ReduceOp):
        src, dst = op.matrix.type, op.result.type
        assert isinstance(src, cm.MatrixType) and isinstance(dst, cm.MatrixType)
        return src, reduction_scratch(_shape(src), _shape(dst))
    return None


def _shape(t: cm.MatrixType) -> tuple[int, int]:
    return t.shape[0], t.shape[1]


def _refuse_bf16(t: cm.MatrixType) -> None:
    """bf16 elements would be computed on in outlined functions, where
    convert-to-spirv carries bf16 as i16 bits (no bf16 arithmetic yet)."""
    if is_bf16(t):
        raise LoweringError(f"{t}: reduce and apply on bf16 matrices are not supported")


def _outline(
    m: MatrixLowering,
    stem: str,
    inputs: Sequence[Attribute],
    output: Attribute,
    body: Callable[[KernelLowering, Sequence[SSAValue]], SSAValue],
) -> str:
    """A new `spirv.func @<kernel>_<stem>(inputs) -> output "Pure"` whose
    body is `body(lowering, arguments)`'s value; its name."""
    name = m.function_name(stem)
    entry = Block(arg_types=inputs)
    builder = SpirvFunctionBuilder(entry, m.b.global_variable)

    def no_matrices(kernel: KernelLowering) -> Callable[[Operation], None]:
        def refuse(op: Operation) -> None:
            raise LoweringError("cannot appear in an outlined function")

        return refuse

    lowering = KernelLowering(builder, m.types, m.k.block_size, m.k.name, no_matrices)
    result = body(lowering, entry.args)
    builder.emit(ss.ReturnValueOp(result))
    builder.finish()
    m.add_function(ss.FuncOp(name, inputs, [output], Region([entry]), "Pure"))
    return name


def apply_function(m: MatrixLowering, op: cm.ApplyOp) -> str:
    """The apply body as `(row: i32, col: i32, value: T, captures...) -> T`."""
    t = op.matrix.type
    assert isinstance(t, cm.MatrixType)
    _refuse_bf16(t)
    element = m.types.matrix_element_type(t)
    block = op.body.block
    captures = [m.types.value_type(c.type) for c in op.captures]
    index = m.types.scalar_type(IndexType())

    def body(lowering: KernelLowering, args: Sequence[SSAValue]) -> SSAValue:
        for old, new in zip(block.args, args, strict=True):
            lowering.values[old] = new
        terminator = block.last_op
        assert isinstance(terminator, cm.YieldOp)
        for inner in block.ops:
            if inner is not terminator:
                lowering.lower_op(inner)
        return lowering.get(terminator.values[0])

    return _outline(m, "apply", [index, index, element, *captures], element, body)


def combine_function(m: MatrixLowering, op: cm.ReduceOp) -> str:
    """The reduction's combine as `(T, T) -> T` (one per kind and type)."""
    t = op.matrix.type
    assert isinstance(t, cm.MatrixType)
    _refuse_bf16(t)
    element = m.types.matrix_element_type(t)
    kind = op.kind.data
    unsigned = op.unsigned is not None
    key = (kind, unsigned, element)
    if key in m.combines:
        return m.combines[key]
    floats, ints, uints = _COMBINE[kind]
    cls = floats if is_float(t.element_type) else uints if unsigned else ints

    def body(lowering: KernelLowering, args: Sequence[SSAValue]) -> SSAValue:
        return lowering.b.value(cls(*args))

    stem = f"{kind.value}{'_u' if unsigned else ''}_{element}"
    m.combines[key] = _outline(m, stem, [element, element], element, body)
    return m.combines[key]


# -- the ops -------------------------------------------------------------------


def transpose_through_memory(m: MatrixLowering, op: cm.TransposeOp) -> None:
    src = op.matrix.type
    assert isinstance(src, cm.MatrixType)
    target = m.types.matrix_type(op.result.type)
    assert isinstance(target, CooperativeMatrixType)
    value = m.k.get(op.matrix)
    scratch, slot = m.slot(src)
    width = m.k.const(src.shape[1])
    m.subgroup_barrier()
    m.fast_store(scratch, slot, value, width, False)
    m.subgroup_barrier()
    m.set(op, m.fast_load(scratch, slot, width, True, target))


def apply_componentwise(m: MatrixLowering, op: cm.ApplyOp) -> None:
    """A position-free apply as a loop over the work-item's components
    (OpCooperativeMatrixLength): no workgroup memory, no barriers."""
    t = op.matrix.type
    assert isinstance(t, cm.MatrixType)
    func = apply_function(m, op)
    captures = [m.k.get(c) for c in op.captures]
    element = m.types.matrix_element_type(t)
    variable = m.k.spill(m.k.get(op.matrix))
    length = m.b.value(m.ext.length(m.types.matrix_type(t)))
    unused = m.k.const(0, m.types.scalar_type(IndexType()))

    def step(c: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
        pointer = m.b.value(AccessChainOp(variable, [c]))
        old = m.b.value(LoadOp(pointer))
        call = ss.FunctionCallOp(func, [unused, unused, old, *captures], element)
        m.b.emit(StoreOp(pointer, m.b.value(call)))
        return []

    m.b.loop(m.k.const(0), length, m.k.const(1), [], step)
    m.set(op, LoadOp(variable))


def apply_through_memory(m: MatrixLowering, op: cm.ApplyOp) -> None:
    t = op.matrix.type
    assert isinstance(t, cm.MatrixType)
    func = apply_function(m, op)
    value = m.k.get(op.matrix)
    captures = [m.k.get(c) for c in op.captures]
    element = m.types.matrix_element_type(t)
    rows, cols = t.shape
    scratch, slot = m.slot(t)
    width = m.k.const(cols)
    m.subgroup_barrier()
    m.fast_store(scratch, slot, value, width, False)
    m.subgroup_barrier()

    def each(e: SSAValue) -> None:
        row = m.b.value(sa.UDivOp(e, width))
        col = m.b.value(sa.UModOp(e, width))
        address = m.b.value(sa.IAddOp(slot, e))
        old = m.k.load(scratch, address)
        call = ss.FunctionCallOp(func, [row, col, old, *captures], element)
        m.k.store(scratch, address, m.b.value(call))

    m.for_each_element(rows * cols, each)
    m.subgroup_barrier()
    m.set(op, m.fast_load(scratch, slot, width, False, m.types.matrix_type(t)))


def reduce_through_memory(m: MatrixLowering, op: cm.ReduceOp) -> None:
    src, dst = op.matrix.type, op.result.type
    assert isinstance(src, cm.MatrixType) and isinstance(dst, cm.MatrixType)
    target = m.types.matrix_type(dst)
    assert isinstance(target, CooperativeMatrixType)
    func = combine_function(m, op)
    value = m.k.get(op.matrix)
    mode = op.mode.data
    element = m.types.matrix_element_type(src)
    (rows, cols), (result_rows, result_cols) = src.shape, dst.shape
    scratch, slot = m.slot(src)
    width = m.k.const(cols)
    result = m.b.value(sa.IAddOp(slot, m.k.const(rows * cols)))
    m.subgroup_barrier()
    m.fast_store(scratch, slot, value, width, False)
    m.subgroup_barrier()

    def combine(x: SSAValue, y: SSAValue) -> SSAValue:
        return m.b.value(ss.FunctionCallOp(func, [x, y], element))

    def at(row: SSAValue | int, col: SSAValue | int) -> SSAValue:
        """Element (row, col) of the stored matrix."""
        r = m.k.const(row) if isinstance(row, int) else row
        c = m.k.const(col) if isinstance(col, int) else col
        offset = m.b.value(sa.IAddOp(m.b.value(sa.IMulOp(r, width)), c))
        return m.k.load(scratch, m.b.value(sa.IAddOp(slot, offset)))

    def fold(first: SSAValue, count: int, nth: Callable[[SSAValue], SSAValue]):
        """combine(first, nth(1), ..., nth(count - 1)) in a loop."""
        if count == 1:
            return first

        def step(k: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
            return [combine(carried[0], nth(k))]

        one, end = m.k.const(1), m.k.const(count)
        return m.b.loop(one, end, one, [first], step)[0]

    def spread(first: SSAValue, count: int, stride: int, value: SSAValue) -> None:
        """Store `value` at result elements first + i * stride, i < count."""

        def step(i: SSAValue, carried: Sequence[SSAValue]) -> list[SSAValue]:
            offset = m.b.value(sa.IMulOp(i, m.k.const(stride)))
            at_i = m.b.value(sa.IAddOp(first, offset))
            m.k.store(scratch, m.b.value(sa.IAddOp(result, at_i)), value)
            return []

        m.b.loop(m.k.const(0), m.k.const(count), m.k.const(1), [], step)

    # Rows (columns): each row (column) is reduced once, by one work-item,
    # and its value stored along the result's row (column).
    if mode == cm.ReduceMode.ROWS:

        def each_row(r: SSAValue) -> None:
            reduced = fold(at(r, 0), cols, lambda k: at(r, k))
            first = m.b.value(sa.IMulOp(r, m.k.const(result_cols)))
            spread(first, result_cols, 1, reduced)

        m.for_each_element(result_rows, each_row)
        m.subgroup_barrier()
        m.set(op, m.fast_load(scratch, result, m.k.const(result_cols), False, target))
        return
    if mode == cm.ReduceMode.COLS:

        def each_col(c: SSAValue) -> None:
            reduced = fold(at(0, c), rows, lambda k: at(k, c))
            spread(c, result_rows, result_cols, reduced)

        m.for_each_element(result_cols, each_col)
        m.subgroup_barrier()
        m.set(op, m.fast_load(scratch, result, m.k.const(result_cols), False, target))
        return

    def each(e: SSAValue) -> None:
        r = m.b.value(sa.UDivOp(e, m.k.const(result_cols)))
        c = m.b.value(sa.UModOp(e, m.k.const(result_cols)))
        if mode == cm.ReduceMode.BOTH:
            whole = m.k.load(scratch, slot)
            reduced = fold(
                whole,
                rows * cols,
                lambda k: m.k.load(scratch, m.b.value(sa.IAddOp(slot, k))),
            )
        else:  # quads: the 2x2 block at (2r, 2c)
            top = m.b.value(sa.IMulOp(r, m.k.const(2)))
            left = m.b.value(sa.IMulOp(c, m.k.const(2)))
            bottom = m.b.value(sa.IAddOp(top, m.k.const(1)))
            right = m.b.value(sa.IAddOp(left, m.k.const(1)))
            reduced = combine(
                combine(at(top, left), at(top, right)),
                combine(at(bottom, left), at(bottom, right)),
            )
        m.k.store(scratch, m.b.value(sa.IAddOp(result, e)), reduced)

    m.for_each_element(result_rows * result_cols, each)
    m.subgroup_barrier()
    m.set(op, m.fast_load(scratch, result, m.k.const(result_cols), False, target))
