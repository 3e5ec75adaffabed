"""memref ops in convert-to-spirv: loads and stores linearized with the
memref's strides (`KernelLowering.linear_index`), `memref.dim` (a constant
or a push-constant size), and `memref.alloca`: a Workgroup array for
workgroup memory (an array of uvec4 where every access allows it,
`wide_access.py`), a Function array otherwise; `memref.alloc` of workgroup
memory (MLIR's spelling, which prepare-gpu-to-spirv writes) is the same
Workgroup array.

`memref.atomic_rmw` on an i32 storage buffer is MLIR's MemRefToSPIRV
lowering: `addi` is AtomicIAdd, `assign` AtomicExchange, at Device scope
with acquire-release semantics on storage-buffer memory (made available
and visible, as the Vulkan memory model needs); other kinds, element types
and memories are refused. A kernel that has one is lowered with
`KernelLowering.device_scope` (`uses_atomics`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, memref, vector
from xdsl.dialects.builtin import MemRefType, i32
from xdsl.ir import Operation, SSAValue

from coopmlir.dialects import coopmat
from coopmlir.dialects.memref_syntax import atomic_rmw_kind
from coopmlir.dialects.spirv.atomic import AtomicExchangeOp, AtomicIAddOp
from coopmlir.dialects.spirv.structure import GlobalVariableOp
from coopmlir.dialects.spirv.types import ArrayType
from coopmlir.passes.convert_to_spirv import wide_access as wide
from coopmlir.passes.convert_to_spirv.builder import ATOMIC_SEMANTICS
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.memory import Memory

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering


def _memref_load(k: KernelLowering, op: memref.LoadOp) -> None:
    mem = k.memory(op.memref)
    index = k.linear_index(mem, [k.get(i) for i in op.indices])
    k.result(op, k.load(mem, index))


def _memref_store(k: KernelLowering, op: memref.StoreOp) -> None:
    mem = k.memory(op.memref)
    index = k.linear_index(mem, [k.get(i) for i in op.indices])
    k.store(mem, index, k.get(op.value))


#: The SPIR-V instruction of each memref.atomic_rmw kind that has one.
_ATOMICS = {"addi": AtomicIAddOp, "assign": AtomicExchangeOp}


def uses_atomics(kernel: Operation) -> bool:
    """Whether `kernel` has a memref.atomic_rmw (see `KernelLowering.device_scope`)."""
    return any(isinstance(op, memref.AtomicRMWOp) for op in kernel.walk())


def _atomic_rmw(k: KernelLowering, op: memref.AtomicRMWOp) -> None:
    kind = atomic_rmw_kind(op)
    if kind not in _ATOMICS:
        raise LoweringError(
            f"kind '{kind}' has no SPIR-V lowering (only {' and '.join(_ATOMICS)})"
        )
    if op.value.type != i32:
        raise LoweringError(f"updates i32 elements only, not {op.value.type}")
    mem = k.memory(op.memref)
    if mem.storage != "StorageBuffer":
        raise LoweringError(
            f"updates storage buffers (kernel arguments) only, not {mem.storage} memory"
        )
    index = k.linear_index(mem, [k.get(i) for i in op.indices])
    pointer = k.element_pointer(mem, index)
    update = _ATOMICS[kind](pointer, k.get(op.value), "Device", ATOMIC_SEMANTICS)
    k.result(op, update)


def _alloc(k: KernelLowering, op: memref.AllocOp) -> None:
    if k.types.storage_class(op.memref.type) != "Workgroup":
        raise LoweringError("memref.alloc in a kernel must allocate workgroup memory")
    _alloca(k, op)


def _alloca(k: KernelLowering, op: memref.AllocaOp | memref.AllocOp) -> None:
    t = op.memref.type
    assert isinstance(t, MemRefType)
    strides, offset = k.types.memref_layout(t)
    unit = 1
    if k.types.storage_class(t) == "Workgroup":
        unit = _workgroup_unit(k, op.memref, strides, offset)
    pointer_type = k.types.local_array_type(t, unit)
    if pointer_type.storage == "Workgroup":
        k.workgroup_count += 1
        name = f"{k.name}_workgroup_{k.workgroup_count - 1}"
        var = k.b.global_variable(GlobalVariableOp(name, pointer_type))
        pointer = k.b.address_of(var)
    else:
        pointer = k.b.function_variable(pointer_type.pointee)
    assert isinstance(pointer_type.pointee, ArrayType)
    element = pointer_type.pointee.element_type
    k.memories[op.memref] = Memory(pointer, element, t, strides, offset, False, unit)


def _workgroup_unit(
    k: KernelLowering, memref_value: SSAValue, strides: tuple[int, ...], offset: int
) -> int:
    """Elements per uvec4 when workgroup array `memref_value` can be
    declared `uvec4[]` (wide_access): it is written by 128-bit vector
    stores, and every use is an aligned 128-bit vector access or an
    unchecked KHR cooperative-matrix access at an aligned offset and
    stride. Otherwise 1 (an array of its elements)."""
    t = memref_value.type
    assert isinstance(t, MemRefType)
    if wide.element_bits(t.get_element_type()) is None:
        return 1
    unit = wide.elements_per_wide(t.get_element_type())
    vector_stores = 0
    for use in memref_value.uses:
        user = use.operation
        if isinstance(user, vector.LoadOp | vector.StoreOp):
            value_t = (
                user.result.type
                if isinstance(user, vector.LoadOp)
                else user.vector.type
            )
            if user.base is not memref_value or not wide.is_wide_vector(value_t):
                return 1
            indices = list(user.indices)
            vector_stores += isinstance(user, vector.StoreOp)
        elif (
            isinstance(user, coopmat.LoadOp | coopmat.StoreOp)
            and k.types.extension.accesses_uvec4_arrays()
        ):
            stride_multiple = (
                strides[-2]
                if user.stride is None
                else wide.known_multiple(user.stride, k.multiples)
            )
            if (
                user.checked is not None
                or user.memref is not memref_value
                or stride_multiple % unit
            ):
                return 1
            indices = list(user.indices)
        else:
            return 1
        if not wide.aligned_offset(t, strides, offset, indices, unit, k.multiples):
            return 1
    return unit if vector_stores else 1


def _dim(k: KernelLowering, op: memref.DimOp) -> None:
    index = op.index.owner
    if not isinstance(index, arith.ConstantOp):
        raise LoweringError("memref.dim needs a constant dimension")
    size = k.memory(op.source).shape[index.value.value.data]
    k.result(op, k.size(size))


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    memref.LoadOp: _memref_load,
    memref.StoreOp: _memref_store,
    memref.AllocaOp: _alloca,
    memref.AllocOp: _alloc,
    memref.DimOp: _dim,
    memref.AtomicRMWOp: _atomic_rmw,
}
