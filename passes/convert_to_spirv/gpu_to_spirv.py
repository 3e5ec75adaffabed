"""gpu and gpu_subgroup ops in convert-to-spirv: ids are Input built-ins,
`gpu.block_dim` the kernel's known_block_size, `gpu.barrier` a workgroup
ControlBarrier (of workgroup memory; `gpu.barrier {coopmlir.device_scope}`
of storage buffers at Device scope too, for a kernel's atomics). Shuffles
move 32-bit values: 8- and 16-bit values are widened around them, so no
shaderSubgroupExtendedTypes feature is needed; an array moves element by
element.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from xdsl.dialects import gpu
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    IntegerType,
    VectorType,
    i32,
)
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects.gpu_subgroup import (
    LaneIdOp,
    ShuffleMode,
    ShuffleOp,
    is_device_barrier,
)
from coopmlir.dialects.spirv import arithmetic as sa
from coopmlir.dialects.spirv import conversion as sc
from coopmlir.dialects.spirv import group as sg
from coopmlir.dialects.spirv.composite import (
    CompositeConstructOp,
    CompositeExtractOp,
)
from coopmlir.dialects.spirv.structure import ReferenceOfOp, ReturnOp
from coopmlir.dialects.spirv.types import ArrayType
from coopmlir.passes.convert_to_spirv.builder import (
    DEVICE_BARRIER_SEMANTICS,
    WORKGROUP_SEMANTICS,
)
from coopmlir.passes.convert_to_spirv.errors import LoweringError

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.kernel import KernelLowering

_GPU_BUILTINS: dict[type[Operation], str] = {
    gpu.ThreadIdOp: "LocalInvocationId",
    gpu.BlockIdOp: "WorkgroupId",
    gpu.GridDimOp: "NumWorkgroups",
    gpu.GlobalIdOp: "GlobalInvocationId",
}

_GPU_SCALAR_BUILTINS: dict[type[Operation], str] = {
    gpu.SubgroupIdOp: "SubgroupId",
    gpu.NumSubgroupsOp: "NumSubgroups",
    gpu.SubgroupSizeOp: "SubgroupSize",
    LaneIdOp: "SubgroupLocalInvocationId",
    gpu.LaneIdOp: "SubgroupLocalInvocationId",
}

_SHUFFLES = {
    ShuffleMode.IDX: sg.GroupNonUniformShuffleOp,
    ShuffleMode.XOR: sg.GroupNonUniformShuffleXorOp,
    ShuffleMode.UP: sg.GroupNonUniformShuffleUpOp,
    ShuffleMode.DOWN: sg.GroupNonUniformShuffleDownOp,
}


def _gpu_id(k: KernelLowering, op: Operation) -> None:
    dim = "xyz".index(op.properties["dimension"].data.value)  # type: ignore[union-attr]
    k.result(op, k.b.builtin(_GPU_BUILTINS[type(op)], dim))


def _gpu_scalar_id(k: KernelLowering, op: Operation) -> None:
    k.result(op, k.b.builtin(_GPU_SCALAR_BUILTINS[type(op)]))


def _block_dim(k: KernelLowering, op: gpu.BlockDimOp) -> None:
    dim = "xyz".index(op.dimension.data.value)
    spec = k.spec_constants.get(f"workgroup_size_{'xyz'[dim]}")
    if spec is not None:  # the workgroup size follows the spec constants
        k.result(op, k.b.hoisted(ReferenceOfOp(spec)))
        return
    k.result(op, k.const(k.block_size[dim]))


def _barrier(k: KernelLowering, op: gpu.BarrierOp) -> None:
    if is_device_barrier(op):  # storage buffers too, for the kernel's atomics
        k.b.emit(sg.ControlBarrierOp("Workgroup", "Device", DEVICE_BARRIER_SEMANTICS))
        return
    k.b.emit(sg.ControlBarrierOp("Workgroup", "Workgroup", WORKGROUP_SEMANTICS))


def _return(k: KernelLowering, op: gpu.ReturnOp) -> None:
    if op.operands:
        raise LoweringError("a kernel returns nothing")
    k.b.emit(ReturnOp())


def _shuffle(k: KernelLowering, op: ShuffleOp) -> None:
    value, offset, width = (k.get(v) for v in op.operands)
    mode = op.mode.data
    if isinstance(value.type, ArrayType):
        # Shuffles take scalars and vectors: move an array element-wise.
        parts = [
            _shuffle_value(k, k.b.value(CompositeExtractOp(value, [j])), offset, mode)
            for j in range(value.type.length.data)
        ]
        result = k.b.value(CompositeConstructOp(parts, value.type))
    else:
        result = _shuffle_value(k, value, offset, mode)
    k.values[op.result] = result
    if not op.valid.uses:
        return
    lane = k.b.builtin("SubgroupLocalInvocationId")
    if mode == ShuffleMode.IDX:
        source = offset
    elif mode == ShuffleMode.XOR:
        source = k.b.value(sa.BitwiseXorOp(lane, offset))
    elif mode == ShuffleMode.DOWN:
        source = k.b.value(sa.IAddOp(lane, offset))
    else:
        source = k.b.value(sa.ISubOp(lane, offset))
    # Unsigned: a negative source lane (up) is out of range too.
    k.values[op.valid] = k.b.value(sa.ULessThanOp(source, width))


def _shuffle_value(
    k: KernelLowering, value: SSAValue, offset: SSAValue, mode: ShuffleMode
) -> SSAValue:
    narrow = _narrow_type(value.type)
    moved = value
    if narrow is not None:
        moved = k.b.value(narrow[0](value, narrow[1]))
    result = k.b.value(_SHUFFLES[mode](moved, offset))
    if narrow is not None:
        result = k.b.value(narrow[0](result, value.type))
    return result


def _narrow_type(t: Attribute) -> tuple[type[Operation], Attribute] | None:
    """How to widen an 8/16-bit shuffle value to 32 bits, or None."""
    if isinstance(t, Float16Type):
        return sc.FConvertOp, Float32Type()
    if isinstance(t, IntegerType) and t.width.data in (8, 16):
        return sc.UConvertOp, i32
    if isinstance(t, VectorType) and not isinstance(t.get_element_type(), Float32Type):
        element = t.get_element_type()
        if isinstance(element, Float16Type):
            return sc.FConvertOp, VectorType(Float32Type(), t.get_shape())
        if isinstance(element, IntegerType) and element.width.data in (8, 16):
            return sc.UConvertOp, VectorType(i32, t.get_shape())
    return None


HANDLERS: dict[type[Operation], Callable[[KernelLowering, Any], None]] = {
    **dict.fromkeys(_GPU_BUILTINS, _gpu_id),
    **dict.fromkeys(_GPU_SCALAR_BUILTINS, _gpu_scalar_id),
    gpu.BlockDimOp: _block_dim,
    gpu.BarrierOp: _barrier,
    gpu.ReturnOp: _return,
    ShuffleOp: _shuffle,
}
