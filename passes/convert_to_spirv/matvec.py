"""coopmat.matvec -> SPV_NV_cooperative_vector: the input row loaded as a
cooperative vector, OpCooperativeVectorMatrixMulNV on the row-major weight
slab, the result stored, or with `accumulate` added (OpFAdd) to the stored
vector loaded back (docs/kernels.md, issue 28 part 4). coopmat.matvec_value
keeps the product: its components become the array that a vector longer
than 4 is (vector_to_spirv.py), so extf, addf and scf.for carry it. Offsets and the
matrix stride are bytes into each buffer's runtime array."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import Float16Type, Float32Type
from xdsl.ir import SSAValue

from coopmlir.dialects.coopmat_matvec import MatvecOp, MatvecValueOp
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv.composite import CompositeConstructOp, CompositeExtractOp
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


def _component(op: MatvecOp | MatvecValueOp, memref: SSAValue) -> str:
    """The ComponentType of a memref's elements (the IR's type: a bf16
    buffer is i16 in SPIR-V)."""
    t = memref.type.get_element_type()  # type: ignore[attr-defined]
    name = _COMPONENTS.get(type(t))
    if name is None:
        raise fail(op, f"cooperative vectors of {t} are not lowered (f16, f32 are)")
    return name


def _array(low: MatrixLowering, op: MatvecOp | MatvecValueOp, mem: Memory) -> SSAValue:
    """A pointer to the buffer's runtime array (the struct's member 0)."""
    if not mem.in_block or mem.unit != 1 or mem.storage != "StorageBuffer":
        raise fail(op, "cooperative vectors read and write storage buffers only")
    return low.b.value(AccessChainOp(mem.pointer, [low.k.const(0)]))


def _bytes(low: MatrixLowering, mem: Memory, elements: SSAValue | int) -> SSAValue:
    size = low.types.byte_size(mem.element_type)
    if isinstance(elements, int):
        return low.k.const(elements * size)
    return low.b.value(sa.IMulOp(elements, low.k.const(size)))


def _product(low: MatrixLowering, op: MatvecOp | MatvecValueOp, element) -> SSAValue:
    """The input row times the weight slab, a cooperative vector of the
    op's rows in `element` (the SPIR-V type of the result's elements)."""
    k = low.k
    w, x = k.memory(op.matrix), k.memory(op.input)
    rows, columns = op.shape
    w_at = k.linear_index(w, [k.get(op.row), k.get(op.column)])
    x_at = k.linear_index(x, [k.get(i) for i in op.input_index])
    vector = CooperativeVectorType(columns, x.element_type)
    x_array = _array(low, op, x)
    loaded = low.b.value(CooperativeVectorLoadOp(x_array, _bytes(low, x, x_at), vector))
    return low.b.value(
        CooperativeVectorMatrixMulOp(
            loaded,
            _array(low, op, w),
            _bytes(low, w, w_at),
            _bytes(low, w, w.strides[0]),
            (_component(op, op.input), _component(op, op.matrix)),
            "RowMajorNV",
            CooperativeVectorType(rows, element),
        )
    )


def lower_matvec_value(low: MatrixLowering, op: MatvecValueOp) -> None:
    result_type = low.k.types.value_type(op.result.type)
    element = low.k.types.scalar_type(op.result.type.get_element_type())
    if not isinstance(op.result.type.get_element_type(), Float16Type | Float32Type):
        raise fail(op, "cooperative vectors of f16 and f32 are lowered, no others")
    product = _product(low, op, element)
    parts = [low.b.value(CompositeExtractOp(product, [i])) for i in range(op.shape[0])]
    low.k.result(op, CompositeConstructOp(parts, result_type))


def lower_matvec(low: MatrixLowering, op: MatvecOp) -> None:
    k = low.k
    y = k.memory(op.output)
    y_array = _array(low, op, y)
    y_at = k.linear_index(y, [k.get(i) for i in op.output_index])
    _component(op, op.output)
    product = _product(low, op, y.element_type)
    y_bytes = _bytes(low, y, y_at)
    result = product
    if op.accumulate is not None:  # a chunk of K: add what earlier chunks stored
        held = CooperativeVectorLoadOp(y_array, y_bytes, product.type)
        result = low.b.value(sa.FAddOp(low.b.value(held), result))
    low.b.emit(CooperativeVectorStoreOp(y_array, y_bytes, result))
