"""coopmat.from_vector / to_vector / bitcast_array / extract_subarray
without SPV_QCOM_cooperative_matrix_conversion (KHR and NV matrices).

- from_vector / to_vector (one row per invocation for A and acc, one column
  for B): through the subgroup's scratch slot. from_vector: invocations
  below the row (column) count store their line into the row-major slot
  (i32-packed vectors unpacked first), a subgroup barrier, a cooperative
  load; to_vector: a cooperative store, a subgroup barrier, each invocation
  reads its line (zeros beyond the row/column count).
- bitcast_array, extract_subarray: per-invocation arrays, lowered on the
  elements (Bitcast per 32-bit word; CompositeExtract, or a Function
  variable for a dynamic start of an array).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import VectorType
from xdsl.ir import SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    VectorExtractDynamicOp,
)
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp
from coopmlir.passes.convert_to_spirv.matrix import constant_index

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering


def _line_index(
    m: MatrixLowering, slot: SSAValue, lane: SSAValue, j: int, t: cm.MatrixType
) -> SSAValue:
    """Offset in the row-major slot of element j of `lane`'s line."""
    cols = t.shape[1]
    if t.use_kind == cm.MatrixUse.B:  # column `lane`, row j
        offset = m.b.value(sa.IAddOp(lane, m.k.const(j * cols)))
    else:  # row `lane`, column j
        row = m.b.value(sa.IMulOp(lane, m.k.const(cols)))
        offset = m.b.value(sa.IAddOp(row, m.k.const(j)))
    return m.b.value(sa.IAddOp(slot, offset))


def _lines(t: cm.MatrixType) -> tuple[int, int]:
    """(how many invocations hold a line, elements per line)."""
    rows, cols = t.shape
    return (cols, rows) if t.use_kind == cm.MatrixUse.B else (rows, cols)


def from_vector(m: MatrixLowering, op: cm.FromVectorOp) -> None:
    t, source = op.result.type, op.vector.type
    assert isinstance(t, cm.MatrixType) and isinstance(source, VectorType)
    lines, line = _lines(t)
    element = m.types.scalar_type(t.element_type)
    value = m.k.get(op.vector)
    target = m.types.matrix_type(t)
    parts = m.parts(value, source.get_shape()[0])
    parts = m.k.recast(parts, m.types.scalar_type(source.get_element_type()), element)
    scratch, slot = m.slot(t)
    lane = m.b.builtin("SubgroupLocalInvocationId")
    m.subgroup_barrier()

    def write() -> list[SSAValue]:
        for j, part in enumerate(parts[:line]):
            m.k.store(scratch, _line_index(m, slot, lane, j, t), part)
        return []

    holds = m.b.value(sa.ULessThanOp(lane, m.k.const(lines)))
    m.b.selection(holds, [], write)
    m.subgroup_barrier()
    width = m.k.const(t.shape[1])
    m.set(op, m.fast_load(scratch, slot, width, False, target))


def to_vector(m: MatrixLowering, op: cm.ToVectorOp) -> None:
    t, result = op.matrix.type, op.result.type
    assert isinstance(t, cm.MatrixType) and isinstance(result, VectorType)
    lines, line = _lines(t)
    element = m.types.scalar_type(t.element_type)
    matrix = m.k.get(op.matrix)
    scratch, slot = m.slot(t)
    width = m.k.const(t.shape[1])
    m.subgroup_barrier()
    m.fast_store(scratch, slot, matrix, width, False)
    m.subgroup_barrier()
    lane = m.b.builtin("SubgroupLocalInvocationId")
    holds = m.b.value(sa.ULessThanOp(lane, m.k.const(lines)))
    # Invocations without a line read line 0 and return zeros.
    safe = m.b.value(sa.SelectOp(holds, lane, m.k.const(0)))
    zero = m.k.const(0, element)
    parts = []
    for j in range(line):
        loaded = m.k.load(scratch, _line_index(m, slot, safe, j, t))
        parts.append(m.b.value(sa.SelectOp(holds, loaded, zero)))
    parts = m.k.recast(parts, element, m.types.scalar_type(result.get_element_type()))
    m.set(op, CompositeConstructOp(parts, m.types.value_type(result)))


def bitcast_array(m: MatrixLowering, op: cm.BitcastArrayOp) -> None:
    src, dst = op.source.type, op.result.type
    assert isinstance(src, VectorType) and isinstance(dst, VectorType)
    value = m.k.get(op.source)
    target = m.types.value_type(dst)
    parts = m.parts(value, src.get_shape()[0])
    parts = m.k.recast(
        parts,
        m.types.scalar_type(src.get_element_type()),
        m.types.scalar_type(dst.get_element_type()),
    )
    m.set(op, CompositeConstructOp(parts, target))


def extract_subarray(m: MatrixLowering, op: cm.ExtractSubarrayOp) -> None:
    src, dst = op.source.type, op.result.type
    assert isinstance(src, VectorType) and isinstance(dst, VectorType)
    value = m.k.get(op.source)
    target = m.types.value_type(dst)
    count = dst.get_shape()[0]
    start = constant_index(op.start)
    if start is not None:
        parts = [
            m.b.value(CompositeExtractOp(value, [start + j])) for j in range(count)
        ]
        m.set(op, CompositeConstructOp(parts, target))
        return
    first = m.k.get(op.start)
    indices = [first] + [
        m.b.value(sa.IAddOp(first, m.k.const(j))) for j in range(1, count)
    ]
    if isinstance(value.type, VectorType):
        parts = [m.b.value(VectorExtractDynamicOp(value, i)) for i in indices]
    else:
        # Arrays take a dynamic index only through a pointer.
        variable = m.k.spill(value)
        parts = [
            m.b.value(LoadOp(m.b.value(AccessChainOp(variable, [i])))) for i in indices
        ]
    m.set(op, CompositeConstructOp(parts, target))
