"""vector ops in convert-to-spirv: 1-D vectors of 2-4 elements are SPIR-V
vectors, other lengths arrays, accessed with constant indices (a dynamic
index goes through a Function variable). A 128-bit vector of 8/16-bit
elements (or f32) loaded or stored at a proven 16-byte alignment moves as
one uvec4 and stays packed until an op needs its elements
(`wide_access.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, vector
from xdsl.dialects.builtin import IntegerAttr, IntegerType, VectorType
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
    CompositeInsertOp,
    VectorExtractDynamicOp,
    VectorInsertDynamicOp,
)
from coopmlir.dialects.spirv.memory import AccessChainOp, LoadOp, StoreOp
from coopmlir.dialects.spirv.structure import GlobalVariableOp
from coopmlir.dialects.spirv.types import ArrayType, PointerType
from coopmlir.elements import bit_width
from coopmlir.passes.convert_to_spirv import wide_access as wide
from coopmlir.passes.convert_to_spirv.arith_to_spirv import fma
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.memory import Memory, only_read

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering


def _vector_extract(k: KernelLowering, op: vector.ExtractOp) -> None:
    source = k.get(op.vector)
    positions = op.static_position.get_values()
    if len(positions) != 1:
        raise LoweringError("only 1-D vectors are supported")
    (position,) = positions
    if position >= 0:
        k.result(op, CompositeExtractOp(source, [position]))
        return
    index = k.get(op.dynamic_position[0])
    if isinstance(source.type, VectorType):
        k.result(op, VectorExtractDynamicOp(source, index))
        return
    # Vectors longer than 4 are arrays, which take a dynamic index only
    # through a pointer: spill to a Function variable, load the element.
    pointer = k.spill(source)
    element = k.b.value(AccessChainOp(pointer, [index]))
    k.result(op, LoadOp(element))


def _vector_insert(k: KernelLowering, op: vector.InsertOp) -> None:
    source, dest = k.get(op.source), k.get(op.dest)
    positions = op.static_position.get_values()
    if len(positions) != 1:
        raise LoweringError("only 1-D vectors are supported")
    (position,) = positions
    if position >= 0:
        k.result(op, CompositeInsertOp(source, dest, [position]))
        return
    index = k.get(op.dynamic_position[0])
    if isinstance(dest.type, VectorType):
        k.result(op, VectorInsertDynamicOp(source, dest, index))
        return
    # An array: spill it, store the element through a pointer, reload all.
    pointer = k.spill(dest)
    k.b.emit(StoreOp(k.b.value(AccessChainOp(pointer, [index])), source))
    k.result(op, LoadOp(pointer))


def _vector_broadcast(k: KernelLowering, op: Operation) -> None:
    (source,) = op.operands
    t = op.results[0].type
    assert isinstance(t, VectorType)
    if isinstance(source.type, VectorType):
        raise LoweringError("only scalar broadcasts are supported")
    value = k.get(source)
    parts = [value] * t.get_shape()[0]
    k.result(op, CompositeConstructOp(parts, k.types.value_type(t)))


def _vector_load(k: KernelLowering, op: vector.LoadOp) -> None:
    t = op.result.type
    assert isinstance(t, VectorType)
    wide_mem = _wide_memory(k, op, t)
    if wide_mem is not None:
        start = k.linear_index(wide_mem, [k.get(i) for i in op.indices])
        k.set_packed(op.result, k.load(wide_mem, start))
        return
    mem = k.memory(op.base)
    start = k.linear_index(mem, [k.get(i) for i in op.indices])
    parts = []
    for j in range(t.get_shape()[0]):
        index = start if j == 0 else k.b.value(sa.IAddOp(start, k.const(j)))
        parts.append(k.load(mem, index))
    k.result(op, CompositeConstructOp(parts, k.types.value_type(t)))


def _vector_store(k: KernelLowering, op: vector.StoreOp) -> None:
    t = op.vector.type
    assert isinstance(t, VectorType)
    wide_mem = _wide_memory(k, op, t)
    if wide_mem is not None:
        start = k.linear_index(wide_mem, [k.get(i) for i in op.indices])
        k.store(wide_mem, start, k.get_packed(op.vector))
        return
    mem = k.memory(op.base)
    value = k.get(op.vector)
    if _whole_variable(mem, value, op.indices):
        k.b.emit(StoreOp(mem.pointer, value))
        return
    start = k.linear_index(mem, [k.get(i) for i in op.indices])
    for j in range(t.get_shape()[0]):
        index = start if j == 0 else k.b.value(sa.IAddOp(start, k.const(j)))
        k.store(mem, index, k.b.value(CompositeExtractOp(value, [j])))


def _whole_variable(mem: Memory, value: SSAValue, indices: Sequence[SSAValue]) -> bool:
    """Whether an access of `value` at `indices` is all of a Function array
    (one OpStore of the array instead of one per element)."""
    pointer = mem.pointer.type
    return (
        mem.storage == "Function"
        and mem.unit == 1
        and mem.offset == 0
        and isinstance(pointer, PointerType)
        and pointer.pointee == value.type
        and all(_is_zero(i) for i in indices)
    )


def _is_zero(index: SSAValue) -> bool:
    owner = index.owner
    return (
        isinstance(owner, arith.ConstantOp)
        and isinstance(owner.value, IntegerAttr)
        and owner.value.value.data == 0
    )


def _vector_bitcast(k: KernelLowering, op: Operation) -> None:
    (source,) = op.operands
    t = op.results[0].type
    if source in k.packed and (t == wide.PACKED or wide.is_wide_vector(t)):
        # The same 128 bits: no unpacking (a decoded run's bytes as words).
        if t == wide.PACKED:
            k.values[op.results[0]] = k.get_packed(source)
        else:
            k.set_packed(op.results[0], k.get_packed(source))
        return
    value = k.get(source)
    target = k.types.value_type(t)
    if _one_word(source.type) and not isinstance(target, ArrayType):
        # vector<1xi32> -> vector<2xf16> (decode_bits.py's f16 pairs): one bitcast.
        word = k.b.value(CompositeExtractOp(value, [0]))
        k.result(op, sc.BitcastOp(word, target))
        return
    if isinstance(value.type, ArrayType) or isinstance(target, ArrayType):
        # Arrays (other lengths than 2-4) are recast word by word.
        src, dst = source.type, t
        assert isinstance(src, VectorType) and isinstance(dst, VectorType)
        parts = [
            k.b.value(CompositeExtractOp(value, [i])) for i in range(src.get_shape()[0])
        ]
        src_e = k.types.scalar_type(src.get_element_type())
        dst_e = k.types.scalar_type(dst.get_element_type())
        if 32 % bit_width(src_e) or 32 % bit_width(dst_e) or k.types.byte_size(src) % 4:
            raise LoweringError(
                "vector.bitcast of arrays needs 8-, 16- or 32-bit elements "
                "and whole 32-bit words"
            )
        parts = k.recast(parts, src_e, dst_e)
        k.result(op, CompositeConstructOp(parts, target))
        return
    k.result(op, sc.BitcastOp(value, target))


def _one_word(t: Attribute) -> bool:
    return (
        isinstance(t, VectorType)
        and t.get_shape() == (1,)
        and t.get_element_type() == IntegerType(32)
    )


def _wide_memory(
    k: KernelLowering, access: vector.LoadOp | vector.StoreOp, t: Attribute
) -> Memory | None:
    """Where a 128-bit `access` of vector type `t` can be one uvec4
    access (wide_access), or None: the access must be proven 16-byte
    aligned (on its indices, or by its `alignment` attribute, which a
    run-time branch of lower-to-coopmat has checked), into a uvec4
    workgroup array or a storage buffer the kernel only reads or only
    writes (through a uvec4 view at the same binding: the two views of a
    buffer the kernel never reads can only reorder stores to different
    elements, so they need no `Aliased` either)."""
    if not wide.is_wide_vector(t):
        return None
    base, indices = access.base, access.indices
    mem = k.memory(base)
    assert isinstance(t, VectorType)
    unit = wide.elements_per_wide(t.get_element_type())
    if not wide.claims_alignment(access) and not wide.aligned_offset(
        mem.memref_type,
        mem.strides,
        mem.offset,
        list(indices),
        unit,
        k.multiples,
    ):
        return None
    if mem.unit == unit:
        return mem
    if base not in k.bindings or not (only_read(base) or _never_read(base)):
        return None
    if base not in k.views:
        index, symbol = k.bindings[base]
        var = k.b.global_variable(
            GlobalVariableOp(
                f"{symbol}_uvec4",
                k.types.storage_buffer_type(wide.PACKED),
                bind=(0, index),
            )
        )
        k.views[base] = Memory(
            k.b.address_of(var),
            wide.PACKED,
            mem.memref_type,
            mem.strides,
            mem.offset,
            True,
            unit,
            non_private=mem.non_private,
        )
    return k.views[base]


def _never_read(memref_value: SSAValue) -> bool:
    """Whether the kernel only stores to this memref (an output it never
    reads back)."""
    writes = ("memref.store", "vector.store", "coopmat.store", "memref.dim")
    return all(use.operation.name in writes for use in memref_value.uses)


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    vector.ExtractOp: _vector_extract,
    vector.InsertOp: _vector_insert,
    vector.BroadcastOp: _vector_broadcast,
    vector.LoadOp: _vector_load,
    vector.StoreOp: _vector_store,
    vector.BitcastOp: _vector_bitcast,
    vector.FMAOp: fma,
}
