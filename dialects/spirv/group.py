"""Subgroup (non-uniform) operations and barriers.

Scopes and memory semantics are enumerants in the IR (`<Subgroup>`); the
serializer turns them into the i32 constants SPIR-V takes as IdScope and
IdMemorySemantics operands.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import (
    GroupOperationAttr,
    MemorySemanticsAttr,
    ScopeAttr,
)
from coopmlir.dialects.spirv.constraints import (
    FLOAT,
    INTEGER,
    SCALAR_OR_VECTOR,
)


def _scope(scope: str | ScopeAttr) -> ScopeAttr:
    return ScopeAttr(scope) if isinstance(scope, str) else scope


class _ShuffleLikeOp(IRDLOperation):
    """`%r = spirv.GroupNonUniformShuffle <Subgroup> %value, %id : f32, i32`."""

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    execution_scope = prop_def(ScopeAttr)
    value = operand_def(T)
    id = operand_def(INTEGER)
    result = result_def(T)

    assembly_format = (
        "$execution_scope $value `,` $id attr-dict `:` type($value) `,` type($id)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        id: SSAValue | Operation,
        scope: str | ScopeAttr = "Subgroup",
    ):
        super().__init__(
            operands=[value, id],
            properties={"execution_scope": _scope(scope)},
            result_types=[SSAValue.get(value).type],
        )


@irdl_op_definition
class GroupNonUniformShuffleOp(_ShuffleLikeOp):
    """The value of the invocation `id` (OpGroupNonUniformShuffle)."""

    name = "spirv.GroupNonUniformShuffle"


@irdl_op_definition
class GroupNonUniformShuffleXorOp(_ShuffleLikeOp):
    """The value of the invocation `self ^ mask`."""

    name = "spirv.GroupNonUniformShuffleXor"


@irdl_op_definition
class GroupNonUniformShuffleUpOp(_ShuffleLikeOp):
    """The value of the invocation `self - delta`."""

    name = "spirv.GroupNonUniformShuffleUp"


@irdl_op_definition
class GroupNonUniformShuffleDownOp(_ShuffleLikeOp):
    """The value of the invocation `self + delta`."""

    name = "spirv.GroupNonUniformShuffleDown"


@irdl_op_definition
class GroupNonUniformBroadcastOp(_ShuffleLikeOp):
    """The value of the invocation `id`, which is dynamically uniform."""

    name = "spirv.GroupNonUniformBroadcast"


@irdl_op_definition
class GroupNonUniformBroadcastFirstOp(IRDLOperation):
    """`%r = spirv.GroupNonUniformBroadcastFirst <Subgroup> %value : f32`."""

    name = "spirv.GroupNonUniformBroadcastFirst"

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    execution_scope = prop_def(ScopeAttr)
    value = operand_def(T)
    result = result_def(T)

    assembly_format = "$execution_scope $value attr-dict `:` type($value)"

    def __init__(
        self, value: SSAValue | Operation, scope: str | ScopeAttr = "Subgroup"
    ):
        super().__init__(
            operands=[value],
            properties={"execution_scope": _scope(scope)},
            result_types=[SSAValue.get(value).type],
        )


@irdl_op_definition
class GroupNonUniformElectOp(IRDLOperation):
    """`%r = spirv.GroupNonUniformElect <Subgroup> : i1`."""

    name = "spirv.GroupNonUniformElect"

    execution_scope = prop_def(ScopeAttr)
    result = result_def(IntegerType(1))

    assembly_format = "$execution_scope attr-dict `:` type($result)"

    def __init__(self, scope: str | ScopeAttr = "Subgroup"):
        super().__init__(
            properties={"execution_scope": _scope(scope)},
            result_types=[IntegerType(1)],
        )


class _GroupReductionOp(IRDLOperation):
    """`%r = spirv.GroupNonUniformFAdd <Subgroup> <Reduce> %v : f32 -> f32`."""

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    execution_scope = prop_def(ScopeAttr)
    group_operation = prop_def(GroupOperationAttr)
    value = operand_def(T)
    result = result_def(T)

    assembly_format = (
        "$execution_scope $group_operation $value attr-dict `:` type($value)"
        " `->` type($result)"
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        operation: str = "Reduce",
        scope: str | ScopeAttr = "Subgroup",
    ):
        super().__init__(
            operands=[value],
            properties={
                "execution_scope": _scope(scope),
                "group_operation": GroupOperationAttr(operation),
            },
            result_types=[SSAValue.get(value).type],
        )

    def verify_(self) -> None:
        if self.group_operation.value.data not in (
            "Reduce",
            "InclusiveScan",
            "ExclusiveScan",
        ):
            raise VerifyException(
                "group operation must be Reduce, InclusiveScan or ExclusiveScan "
                "(clustered reductions are not supported)"
            )


class _FloatReductionOp(_GroupReductionOp):
    T: ClassVar = VarConstraint("T", FLOAT)
    value = operand_def(T)
    result = result_def(T)


class _IntegerReductionOp(_GroupReductionOp):
    T: ClassVar = VarConstraint("T", INTEGER)
    value = operand_def(T)
    result = result_def(T)


@irdl_op_definition
class GroupNonUniformFAddOp(_FloatReductionOp):
    """Subgroup sum of floats."""

    name = "spirv.GroupNonUniformFAdd"


@irdl_op_definition
class GroupNonUniformFMaxOp(_FloatReductionOp):
    """Subgroup maximum of floats."""

    name = "spirv.GroupNonUniformFMax"


@irdl_op_definition
class GroupNonUniformFMinOp(_FloatReductionOp):
    """Subgroup minimum of floats."""

    name = "spirv.GroupNonUniformFMin"


@irdl_op_definition
class GroupNonUniformIAddOp(_IntegerReductionOp):
    """Subgroup sum of integers."""

    name = "spirv.GroupNonUniformIAdd"


@irdl_op_definition
class ControlBarrierOp(IRDLOperation):
    """`spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease |
    WorkgroupMemory>`: wait for the invocations of the execution scope."""

    name = "spirv.ControlBarrier"

    execution_scope = prop_def(ScopeAttr)
    memory_scope = prop_def(ScopeAttr)
    memory_semantics = prop_def(MemorySemanticsAttr)

    assembly_format = (
        "$execution_scope `,` $memory_scope `,` $memory_semantics attr-dict"
    )

    def __init__(self, execution: str, memory: str, semantics: str):
        super().__init__(
            properties={
                "execution_scope": ScopeAttr(execution),
                "memory_scope": ScopeAttr(memory),
                "memory_semantics": MemorySemanticsAttr(semantics),
            }
        )


@irdl_op_definition
class MemoryBarrierOp(IRDLOperation):
    """`spirv.MemoryBarrier <Workgroup>, <AcquireRelease | WorkgroupMemory>`."""

    name = "spirv.MemoryBarrier"

    memory_scope = prop_def(ScopeAttr)
    memory_semantics = prop_def(MemorySemanticsAttr)

    assembly_format = "$memory_scope `,` $memory_semantics attr-dict"

    def __init__(self, memory: str, semantics: str):
        super().__init__(
            properties={
                "memory_scope": ScopeAttr(memory),
                "memory_semantics": MemorySemanticsAttr(semantics),
            }
        )


GROUP_OPS: list[type[IRDLOperation]] = [
    GroupNonUniformShuffleOp,
    GroupNonUniformShuffleXorOp,
    GroupNonUniformShuffleUpOp,
    GroupNonUniformShuffleDownOp,
    GroupNonUniformBroadcastOp,
    GroupNonUniformBroadcastFirstOp,
    GroupNonUniformElectOp,
    GroupNonUniformFAddOp,
    GroupNonUniformFMaxOp,
    GroupNonUniformFMinOp,
    GroupNonUniformIAddOp,
    ControlBarrierOp,
    MemoryBarrierOp,
]
