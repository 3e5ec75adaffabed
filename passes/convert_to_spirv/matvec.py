"""coopmat.matvec -> SPV_NV_cooperative_vector: the input row loaded as a
cooperative vector, OpCooperativeVectorMatrixMulNV on the row-major weight
slab, the result stored, or with `accumulate` added (OpFAdd) to the stored
vector loaded back (docs/kernels.md, issue 28 part 4). Offsets and the
matrix stride are bytes into each buffer's runtime array."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import Float16Type, Float32Type
from xdsl.ir import SSAValue

from coopmlir.dialects.coopmat_matvec import MatvecOp
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv.cooperative_vector import (
    CooperativeVectorLoadOp,
    CooperativeVectorMatrixMulOp,
    CooperativeVectorStoreOp,
    CooperativeVectorType,
)
from coopmlir.dialects.spirv.memory import AccessChainOp
from coopmlir.passes.convert_to_spirv.errors import fail
from coopmlir.passes.convert_to_spirv.memory import Memory

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering

#: SPIR-V ComponentType enumerants of the element types lowered so far.
_COMPONENTS = {Float16Type: "Float16NV", Float32Type: "Float32NV"}


def _component(op: MatvecOp, memref: SSAValue) -> str:
    """The ComponentType of a memref's elements (the IR's type: a bf16
    buffer is i16 in SPIR-V)."""
    t = memref.type.get_element_type()  # type: ignore[attr-defined]
    name = _COMPONENTS.get(type(t))
    if name is None:
        raise fail(op, f"cooperative vectors of {t} are not lowered (f16, f32 are)")
    return name


def _array(low: MatrixLowering, op: MatvecOp, mem: Memory) -> SSAValue:
    """A pointer to the buffer's runtime array (the struct's member 0)."""
    if not mem.in_block or mem.unit != 1 or mem.storage != "StorageBuffer":
        raise fail(op, "cooperative vectors read and write storage buffers only")
    return low.b.value(AccessChainOp(mem.pointer, [low.k.const(0)]))


def _bytes(low: MatrixLowering, mem: Memory, elements: SSAValue | int) -> SSAValue:
    size = low.types.byte_size(mem.element_type)
    if isinstance(elements, int):
        return low.k.const(elements * size)
    return low.b.value(sa.IMulOp(elements, low.k.const(size)))


def lower_matvec(low: MatrixLowering, op: MatvecOp) -> None:
    k = low.k
    w, x, y = (k.memory(v) for v in (op.matrix, op.input, op.output))
    arrays = [_array(low, op, mem) for mem in (w, x, y)]
    rows, columns = op.shape
    w_at = k.linear_index(w, [k.get(op.row), k.get(op.column)])
    x_at = k.linear_index(x, [k.get(i) for i in op.input_index])
    y_at = k.linear_index(y, [k.get(i) for i in op.output_index])
    vector = CooperativeVectorType(columns, x.element_type)
    loaded = low.b.value(
        CooperativeVectorLoadOp(arrays[1], _bytes(low, x, x_at), vector)
    )
    product = CooperativeVectorMatrixMulOp(
        loaded,
        arrays[0],
        _bytes(low, w, w_at),
        _bytes(low, w, w.strides[0]),
        (_component(op, op.input), _component(op, op.matrix)),
        "RowMajorNV",
        CooperativeVectorType(rows, y.element_type),
    )
    _component(op, op.output)
    y_bytes = _bytes(low, y, y_at)
    result = low.b.value(product)
    if op.accumulate is not None:  # a chunk of K: add what earlier chunks stored
        held = CooperativeVectorLoadOp(arrays[2], y_bytes, product.result.type)
        result = low.b.value(sa.FAddOp(low.b.value(held), result))
    low.b.emit(CooperativeVectorStoreOp(arrays[2], y_bytes, result))
