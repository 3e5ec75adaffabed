"""`gpu` with `gpu.shuffle` and `#gpu.address_space`: the one place coopmlir
adds to xDSL's gpu dialect.

xDSL 0.74's gpu dialect has no subgroup shuffle, which SIMT code (the output
of `coopmat-to-simt`) needs to move matrix elements between work-items. MLIR
spells it

    %r, %valid = gpu.shuffle idx %value, %lane, %width : f32

`ShuffleOp` is that op; `GpuSubgroup` is xDSL's `GPU` dialect with it added
(and with MLIR's pretty syntax for `gpu.lane_id`, which xDSL prints generic).
Semantics (MLIR's): every work-item of the subgroup provides `%value`; work-item
`p` receives the value of the source lane `idx: offset`, `xor: p ^ offset`,
`up: p - offset` or `down: p + offset`, and `%valid` says whether that lane is
below `%width` (and, for `up`, not negative). `%r` is undefined when not valid.
A shuffle with a constant lane is a subgroup broadcast (SPIR-V
`OpGroupNonUniformBroadcast`); there is no separate op for it.

Workgroup memory is a memref in `#gpu.address_space<workgroup>` (how MLIR's
GPU and SPIR-V conversions spell it, and what coopmlir's passes write) or in
memory space 3 (NVVM's number for it); `is_workgroup_memory` accepts both.

A `gpu.barrier {coopmlir.device_scope}` (`device_barrier`) also orders
storage-buffer accesses at Device scope, as a kernel whose workgroups hand
results to each other through an atomic needs (convert-to-spirv gives it
those semantics); a plain `gpu.barrier` orders workgroup memory only.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import gpu
from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntegerAttr,
    IntegerType,
    UnitAttr,
    VectorType,
    i1,
    i32,
)
from xdsl.dialects.gpu import GPU
from xdsl.dialects.utils import StrEnum
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Dialect, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.enum_syntax import InAngleBrackets


class ShuffleMode(StrEnum):
    """How the source lane of `gpu.shuffle` is computed from the offset."""

    XOR = "xor"
    UP = "up"
    DOWN = "down"
    IDX = "idx"


@irdl_attr_definition
class ShuffleModeAttr(EnumAttribute[ShuffleMode], SpacedOpaqueSyntaxAttribute):
    """`#gpu<shuffle_mode idx>`, as MLIR spells it."""

    name = "gpu.shuffle_mode"


class AddressSpace(StrEnum):
    GLOBAL = "global"
    WORKGROUP = "workgroup"
    PRIVATE = "private"


@irdl_attr_definition
class AddressSpaceAttr(InAngleBrackets, EnumAttribute[AddressSpace]):
    """`#gpu.address_space<global|workgroup|private>`, as MLIR spells it."""

    name = "gpu.address_space"


#: The memory space coopmlir's passes give workgroup memory.
WORKGROUP_MEMORY_SPACE = AddressSpaceAttr(AddressSpace.WORKGROUP)
PRIVATE_MEMORY_SPACE = AddressSpaceAttr(AddressSpace.PRIVATE)


#: The unit attribute of a device-scope `gpu.barrier` (module doc).
DEVICE_SCOPE = "coopmlir.device_scope"


def device_barrier() -> gpu.BarrierOp:
    """A workgroup barrier that also makes storage-buffer writes available
    and visible at Device scope (module doc)."""
    barrier = gpu.BarrierOp()
    barrier.attributes[DEVICE_SCOPE] = UnitAttr()
    return barrier


def is_device_barrier(op: gpu.BarrierOp) -> bool:
    return DEVICE_SCOPE in op.attributes


def is_workgroup_memory(t: Attribute) -> bool:
    """A memref in workgroup memory: space 3 or `#gpu.address_space<workgroup>`."""
    space = getattr(t, "memory_space", None)
    if isinstance(space, AddressSpaceAttr):
        return space.data == AddressSpace.WORKGROUP
    return isinstance(space, IntegerAttr) and space.value.data == 3


def is_private_memory(t: Attribute) -> bool:
    """A memref in private memory (`#gpu.address_space<private>`, or 6, MLIR's
    Vulkan number for Function): one copy per work-item, a SPIR-V Function
    variable."""
    space = getattr(t, "memory_space", None)
    if isinstance(space, AddressSpaceAttr):
        return space.data == AddressSpace.PRIVATE
    return isinstance(space, IntegerAttr) and space.value.data == 6


def _shufflable(t: Attribute) -> bool:
    """MLIR's AnyIntegerOrFloatOr1DVector."""
    if isinstance(t, VectorType):
        return t.get_num_dims() == 1 and _shufflable(t.get_element_type())
    return isinstance(t, IntegerType | AnyFloat)


@irdl_op_definition
class ShuffleOp(IRDLOperation):
    """`%r, %valid = gpu.shuffle <mode> %value, %offset, %width : T`."""

    name = "gpu.shuffle"

    # Any type here, checked in verify_: a constraint failure while parsing
    # would be reported without a location.
    T: ClassVar = VarConstraint("T", AnyAttr())

    value = operand_def(T)
    offset = operand_def(i32)
    width = operand_def(i32)
    mode = prop_def(ShuffleModeAttr)
    result = result_def(T)
    valid = result_def(i1)

    traits = traits_def(Pure())
    assembly_format = "$mode $value `,` $offset `,` $width attr-dict `:` type($value)"

    def __init__(
        self,
        mode: ShuffleMode | str,
        value: SSAValue | Operation,
        offset: SSAValue | Operation,
        width: SSAValue | Operation,
    ):
        super().__init__(
            operands=[value, offset, width],
            result_types=[SSAValue.get(value).type, i1],
            properties={"mode": ShuffleModeAttr(ShuffleMode(mode))},
        )

    def verify_(self) -> None:
        if not _shufflable(self.value.type):
            raise VerifyException(
                "shuffled value must be an integer, a float or a 1-D vector of "
                f"them, got {self.value.type}"
            )


@irdl_op_definition
class LaneIdOp(IRDLOperation):
    """`%lane = gpu.lane_id`: the work-item's index within its subgroup.

    xDSL's `gpu.lane_id` only has the generic syntax; this is the same op with
    MLIR's pretty one.
    """

    name = "gpu.lane_id"

    result = result_def(IndexType)

    traits = traits_def(Pure())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[IndexType()])


def _with_subgroup_ops() -> Dialect:
    # MLIR's warp-matrix ops (gpu.subgroup_mma_*) live in their own module.
    from coopmlir.dialects.gpu_mma import MMA_ATTRIBUTES, MMA_OPS

    ops = [op for op in GPU.operations if op is not gpu.LaneIdOp]
    return Dialect(
        "gpu",
        [*ops, LaneIdOp, ShuffleOp, *MMA_OPS],
        [*GPU.attributes, ShuffleModeAttr, AddressSpaceAttr, *MMA_ATTRIBUTES],
    )


GpuSubgroup = _with_subgroup_ops()
