"""Which SPIR-V instruction each spirv op becomes, and in what operand order.

Most ops are "result type, result id, operand ids" of the instruction named
after the op: `spirv.IAdd` is OpIAdd, `spirv.KHR.CooperativeMatrixLoad` is
OpCooperativeMatrixLoadKHR, `spirv.GL.FMax` is OpExtInst GLSL.std.450 FMax.
The ops whose SPIR-V operands differ from their xDSL operands (enumerants
that become constants, literal indices, memory operands) have an emitter
in `SPECIAL`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects.builtin import IntegerAttr, IntegerType, NoneType
from xdsl.ir import Operation

from coopmlir.dialects.spirv import atomic, grammar, group
from coopmlir.dialects.spirv import cooperative_vector as cv
from coopmlir.dialects.spirv import coopmatrix as cm
from coopmlir.dialects.spirv import tensor_addressing as ta
from coopmlir.dialects.spirv.composite import (
    CompositeExtractOp,
    CompositeInsertOp,
    UndefOp,
    VectorInsertDynamicOp,
    VectorShuffleOp,
)
from coopmlir.dialects.spirv.memory import LoadOp, StoreOp
from coopmlir.dialects.spirv.structure import FunctionCallOp
from coopmlir.spirv.instructions import Id, Literal, Operand
from coopmlir.spirv.module_builder import SerializationError, enum

if TYPE_CHECKING:
    from coopmlir.spirv.function_writer import FunctionWriter


def instruction_name(op_name: str) -> str:
    """`spirv.IAdd` -> `OpIAdd`; `spirv.KHR.X` -> `OpXKHR`; `spirv.NV.X` -> `OpXNV`;
    `spirv.QCOM.X` -> `OpXQCOM`."""
    name = op_name.removeprefix("spirv.")
    vendor, dot, rest = name.partition(".")
    if dot and vendor in ("KHR", "NV", "EXT", "INTEL", "QCOM"):
        return f"Op{rest}{vendor}"
    return f"Op{name}"


def emit_op(writer: FunctionWriter, op: Operation) -> None:
    """Write the instruction(s) of a non-control-flow op."""
    special = SPECIAL.get(type(op))
    if special is not None:
        special(writer, op)
        return
    if op.name.startswith("spirv.GL."):
        _extended(writer, op)
        return
    opname = instruction_name(op.name)
    try:
        grammar.opcode(opname)
    except ValueError:
        raise SerializationError(f"'{op.name}' has no SPIR-V serialization") from None
    _plain(writer, op, opname, [writer.value(o) for o in op.operands])


def _plain(
    writer: FunctionWriter, op: Operation, opname: str, operands: list[Operand]
) -> None:
    """`%r = OpX %type operands...` or, without a result, `OpX operands...`."""
    if not op.results:
        writer.emit(opname, *operands)
        return
    (result,) = op.results
    result_id = writer.builder.new_id()
    writer.values[result] = result_id
    writer.emit(
        opname, writer.builder.type_id(result.type), *operands, result=result_id
    )


def _extended(writer: FunctionWriter, op: Operation) -> None:
    name = op.name.removeprefix("spirv.GL.")
    instruction = Literal(grammar.glsl_std_450(name), text=name)
    operands = [writer.value(o) for o in op.operands]
    _plain(
        writer, op, "OpExtInst", [writer.builder.glsl_std_450(), instruction, *operands]
    )


def _memory_operands(op: LoadOp | StoreOp) -> list[Operand]:
    if op.memory_access is None:
        return []
    operands: list[Operand] = [enum("MemoryAccess", *op.memory_access.names)]
    if op.alignment is not None:
        operands.append(Literal(op.alignment.value.data))
    return operands


def _load(writer: FunctionWriter, op: LoadOp) -> None:
    _plain(writer, op, "OpLoad", [writer.value(op.ptr), *_memory_operands(op)])


def _store(writer: FunctionWriter, op: StoreOp) -> None:
    writer.emit(
        "OpStore", writer.value(op.ptr), writer.value(op.value), *_memory_operands(op)
    )


def _literals(values) -> list[Operand]:
    return [Literal(v.value.data & 0xFFFFFFFF) for v in values]


def _composite_extract(writer: FunctionWriter, op: CompositeExtractOp) -> None:
    _plain(
        writer,
        op,
        "OpCompositeExtract",
        [writer.value(op.composite), *_literals(op.indices)],
    )


def _composite_insert(writer: FunctionWriter, op: CompositeInsertOp) -> None:
    operands = [writer.value(op.object), writer.value(op.composite)]
    _plain(writer, op, "OpCompositeInsert", [*operands, *_literals(op.indices)])


def _vector_shuffle(writer: FunctionWriter, op: VectorShuffleOp) -> None:
    operands = [writer.value(op.vector1), writer.value(op.vector2)]
    _plain(writer, op, "OpVectorShuffle", [*operands, *_literals(op.components)])


def _vector_insert_dynamic(writer: FunctionWriter, op: VectorInsertDynamicOp) -> None:
    operands = [writer.value(op.vector), writer.value(op.component)]
    _plain(writer, op, "OpVectorInsertDynamic", [*operands, writer.value(op.index)])


def _undef(writer: FunctionWriter, op: UndefOp) -> None:
    writer.values[op.result] = writer.builder.undef(op.result.type)


def _function_call(writer: FunctionWriter, op: FunctionCallOp) -> None:
    result_id = writer.builder.new_id()
    result_type = op.result_types[0] if op.result_types else NoneType()
    if op.results:
        writer.values[op.results[0]] = result_id
    writer.emit(
        "OpFunctionCall",
        writer.builder.type_id(result_type),
        writer.symbols[op.callee.root_reference.data],
        *(writer.value(a) for a in op.arguments),
        result=result_id,
    )


def _scope(writer: FunctionWriter, attr) -> Id:
    return writer.builder.scope(attr.value.data)


def _group_with_id(writer: FunctionWriter, op) -> None:
    """Shuffles and Broadcast: scope, value, invocation id (or mask/delta)."""
    operands = [_scope(writer, op.execution_scope), writer.value(op.value)]
    _plain(writer, op, instruction_name(op.name), [*operands, writer.value(op.id)])


def _group_value(writer: FunctionWriter, op) -> None:
    operands = [_scope(writer, op.execution_scope), writer.value(op.value)]
    _plain(writer, op, instruction_name(op.name), operands)


def _group_reduction(writer: FunctionWriter, op) -> None:
    operands = [
        _scope(writer, op.execution_scope),
        enum("GroupOperation", *op.group_operation.names),
        writer.value(op.value),
    ]
    _plain(writer, op, instruction_name(op.name), operands)


def _elect(writer: FunctionWriter, op: group.GroupNonUniformElectOp) -> None:
    _plain(writer, op, "OpGroupNonUniformElect", [_scope(writer, op.execution_scope)])


def _control_barrier(writer: FunctionWriter, op: group.ControlBarrierOp) -> None:
    builder = writer.builder
    writer.emit(
        "OpControlBarrier",
        _scope(writer, op.execution_scope),
        _scope(writer, op.memory_scope),
        builder.memory_semantics(op.memory_semantics.names),
    )


def _memory_barrier(writer: FunctionWriter, op: group.MemoryBarrierOp) -> None:
    writer.emit(
        "OpMemoryBarrier",
        _scope(writer, op.memory_scope),
        writer.builder.memory_semantics(op.memory_semantics.names),
    )


def _atomic_update(
    writer: FunctionWriter, op: atomic.AtomicIAddOp | atomic.AtomicExchangeOp
) -> None:
    """OpAtomicIAdd / OpAtomicExchange: pointer, scope, semantics, value."""
    operands = [
        writer.value(op.pointer),
        _scope(writer, op.memory_scope),
        writer.builder.memory_semantics(op.semantics.names),
        writer.value(op.value),
    ]
    _plain(writer, op, instruction_name(op.name), operands)


def _matrix_memory_operand(op) -> list[Operand]:
    if op.memory_operand is None:
        return []
    operands: list[Operand] = [enum("MemoryAccess", *op.memory_operand.names)]
    alignment = getattr(op, "alignment", None)  # KHR's; NV's has none
    if alignment is not None:
        operands.append(Literal(alignment.value.data))
    return operands


def _matrix_layout(writer: FunctionWriter, op) -> Id:
    layout = op.matrix_layout
    return writer.builder.u32_constant(
        grammar.enum_value(layout.KIND, layout.grammar_names)
    )


def _khr_load(writer: FunctionWriter, op: cm.KHRCooperativeMatrixLoadOp) -> None:
    operands = [
        writer.value(op.pointer),
        _matrix_layout(writer, op),
        writer.value(op.stride),
        *_matrix_memory_operand(op),
    ]
    _plain(writer, op, "OpCooperativeMatrixLoadKHR", operands)


def _khr_store(writer: FunctionWriter, op: cm.KHRCooperativeMatrixStoreOp) -> None:
    writer.emit(
        "OpCooperativeMatrixStoreKHR",
        writer.value(op.pointer),
        writer.value(op.object),
        _matrix_layout(writer, op),
        writer.value(op.stride),
        *_matrix_memory_operand(op),
    )


def _khr_mul_add(writer: FunctionWriter, op: cm.KHRCooperativeMatrixMulAddOp) -> None:
    operands: list[Operand] = [writer.value(v) for v in (op.a, op.b, op.c)]
    if op.matrix_operands is not None:
        operands.append(
            enum("CooperativeMatrixOperands", *op.matrix_operands.grammar_names)
        )
    _plain(writer, op, "OpCooperativeMatrixMulAddKHR", operands)


def _matrix_length(writer: FunctionWriter, op) -> None:
    matrix = writer.builder.type_id(op.cooperative_matrix_type)
    _plain(writer, op, instruction_name(op.name), [matrix])


def _function(writer: FunctionWriter, symbol) -> Id:
    return writer.symbols[symbol.root_reference.data]


def _nv_reduce(writer: FunctionWriter, op: cm.NVCooperativeMatrixReduceOp) -> None:
    """OpCooperativeMatrixReduceNV %type %matrix <Reduce mask> %combine_func."""
    operands = [
        writer.value(op.matrix),
        enum("CooperativeMatrixReduce", *op.reduce.grammar_names),
        _function(writer, op.combine_func),
    ]
    _plain(writer, op, "OpCooperativeMatrixReduceNV", operands)


def _nv_per_element(
    writer: FunctionWriter, op: cm.NVCooperativeMatrixPerElementOp
) -> None:
    """OpCooperativeMatrixPerElementOpNV %type %matrix %func %operands..."""
    operands = [writer.value(op.matrix), _function(writer, op.func)]
    operands += [writer.value(v) for v in op.extra]
    _plain(writer, op, "OpCooperativeMatrixPerElementOpNV", operands)


#: OpCooperativeMatrix{Load,Store}TensorNV's MemoryAccess and
#: TensorAddressingOperands: both None.
_NO_TENSOR_OPERANDS = (
    enum("MemoryAccess", "None"),
    enum("TensorAddressingOperands", "None"),
)


def _load_tensor(writer: FunctionWriter, op: ta.CooperativeMatrixLoadTensorOp) -> None:
    """OpCooperativeMatrixLoadTensorNV %type %pointer %object %layout None None."""
    operands = [writer.value(v) for v in (op.pointer, op.object, op.tensor_layout)]
    _plain(
        writer, op, "OpCooperativeMatrixLoadTensorNV", [*operands, *_NO_TENSOR_OPERANDS]
    )


def _store_tensor(
    writer: FunctionWriter, op: ta.CooperativeMatrixStoreTensorOp
) -> None:
    """OpCooperativeMatrixStoreTensorNV %pointer %object %layout None None."""
    operands = [writer.value(v) for v in (op.pointer, op.object, op.tensor_layout)]
    writer.emit("OpCooperativeMatrixStoreTensorNV", *operands, *_NO_TENSOR_OPERANDS)


def _qcom(writer: FunctionWriter, op) -> None:
    """SPV_QCOM_cooperative_matrix_conversion: `%r = OpXQCOM %type <ids>`, the
    operands in the op's order (the array or matrix, then the start index of
    OpExtractSubArrayQCOM)."""
    opname = instruction_name(op.name)
    _plain(writer, op, opname, [writer.value(o) for o in op.operands])


def _vector_matrix_mul(writer: FunctionWriter, op: cv.CooperativeVectorMatrixMulOp):
    """OpCooperativeVectorMatrixMulNV %type %input %inputInterpretation %matrix
    %offset %matrixInterpretation %M %K %layout %transpose %stride: the
    enumerants and sizes are u32 constants, transpose is false."""
    u32 = writer.builder.u32_constant

    def component(attr) -> Id:
        return u32(grammar.enum_value("ComponentType", attr.data))

    layout = grammar.enum_value("CooperativeVectorMatrixLayout", op.memory_layout.data)
    operands = [
        writer.value(op.input),
        component(op.input_interpretation),
        writer.value(op.matrix),
        writer.value(op.matrix_offset),
        component(op.matrix_interpretation),
        u32(op.rows),
        u32(op.columns),
        u32(layout),
        writer.builder.constant(IntegerAttr(0, IntegerType(1))),
        writer.value(op.matrix_stride),
    ]
    _plain(writer, op, "OpCooperativeVectorMatrixMulNV", operands)


SPECIAL: dict[type[Operation], Callable] = {
    LoadOp: _load,
    StoreOp: _store,
    CompositeExtractOp: _composite_extract,
    CompositeInsertOp: _composite_insert,
    VectorShuffleOp: _vector_shuffle,
    VectorInsertDynamicOp: _vector_insert_dynamic,
    UndefOp: _undef,
    FunctionCallOp: _function_call,
    group.GroupNonUniformShuffleOp: _group_with_id,
    group.GroupNonUniformShuffleXorOp: _group_with_id,
    group.GroupNonUniformShuffleUpOp: _group_with_id,
    group.GroupNonUniformShuffleDownOp: _group_with_id,
    group.GroupNonUniformBroadcastOp: _group_with_id,
    group.GroupNonUniformBroadcastFirstOp: _group_value,
    group.GroupNonUniformElectOp: _elect,
    group.GroupNonUniformFAddOp: _group_reduction,
    group.GroupNonUniformFMaxOp: _group_reduction,
    group.GroupNonUniformFMinOp: _group_reduction,
    group.GroupNonUniformIAddOp: _group_reduction,
    group.ControlBarrierOp: _control_barrier,
    group.MemoryBarrierOp: _memory_barrier,
    atomic.AtomicIAddOp: _atomic_update,
    atomic.AtomicExchangeOp: _atomic_update,
    cm.KHRCooperativeMatrixLoadOp: _khr_load,
    cm.KHRCooperativeMatrixStoreOp: _khr_store,
    cm.KHRCooperativeMatrixMulAddOp: _khr_mul_add,
    cm.KHRCooperativeMatrixLengthOp: _matrix_length,
    cm.NVCooperativeMatrixLengthOp: _matrix_length,
    cm.NVCooperativeMatrixReduceOp: _nv_reduce,
    cm.NVCooperativeMatrixPerElementOp: _nv_per_element,
    ta.CooperativeMatrixLoadTensorOp: _load_tensor,
    ta.CooperativeMatrixStoreTensorOp: _store_tensor,
    cm.QCOMCompositeConstructCoopMatOp: _qcom,
    cm.QCOMCompositeExtractCoopMatOp: _qcom,
    cm.QCOMBitCastArrayOp: _qcom,
    cm.QCOMExtractSubArrayOp: _qcom,
    cv.CooperativeVectorMatrixMulOp: _vector_matrix_mul,
}
