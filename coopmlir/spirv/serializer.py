"""Serialize a `spirv.module` to a SPIR-V binary or to assembly text.

    words = serialize_to_words(module)      # list of 32-bit words
    data = serialize_to_binary(module)      # bytes of a .spv file
    text = serialize_to_assembly(module)    # text that spirv-as assembles

`module` is a `spirv.module` op or a builtin module holding exactly one.
The module-level declarations are written in the order of the logical
layout (capabilities, extensions, imports, memory model, entry points,
execution modes, names, decorations, types/constants/variables,
functions); ids are then renumbered in order of first appearance, so the
same IR always gives the same bytes.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DictionaryAttr, IntegerType, SymbolRefAttr
from xdsl.ir import Operation

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.spirv.attributes import VerCapExtAttr
from coopmlir.dialects.spirv.structure import (
    EntryPointOp,
    ExecutionModeOp,
    FuncOp,
    GlobalVariableOp,
    ModuleOp,
    SpecConstantCompositeOp,
    SpecConstantOp,
)
from coopmlir.spirv.assembly import assemble_text
from coopmlir.spirv.binary import encode, to_bytes
from coopmlir.spirv.function_writer import FunctionWriter
from coopmlir.spirv.instructions import Id, Literal, SpirvModule, String, renumber
from coopmlir.spirv.module_builder import (
    ModuleBuilder,
    SerializationError,
    enum,
    integer_literal,
)

#: The spirv.module attribute naming the SpecConstantComposite decorated
#: BuiltIn WorkgroupSize (MLIR's SpecConstantComposite takes no decoration).
BUILTIN_WORKGROUP_SIZE = "coopmlir.builtin_workgroup_size"
#: The spirv.module attribute giving, per matrix use (`MatrixA`, `MatrixB`,
#: `MatrixAcc`), the spec constants of the rows and columns of its
#: OpTypeCooperativeMatrixKHR (MLIR's !spirv.coopmatrix has static sizes).
SPEC_MATRIX_SIZES = "coopmlir.spec_matrix_sizes"


def find_spirv_module(op: Operation) -> ModuleOp:
    """The `spirv.module` to serialize: `op` itself or the only one in it."""
    if isinstance(op, ModuleOp):
        return op
    found = [o for o in op.walk() if isinstance(o, ModuleOp)]
    if len(found) != 1:
        where = location_of(op)
        raise CompileError.at(
            where, f"expected exactly one spirv.module to serialize, found {len(found)}"
        )
    return found[0]


def serialize(op: Operation) -> SpirvModule:
    """The SPIR-V instructions of a `spirv.module`; a `CompileError` at the op
    that cannot be serialized otherwise."""
    return _ModuleSerializer(find_spirv_module(op)).run()


def located(op: Operation, error: SerializationError) -> CompileError:
    return CompileError.at(location_of(op), f"'{op.name}' op {error}")


def vce_of(module_op: ModuleOp) -> VerCapExtAttr:
    """The module's `#spirv.vce<...>`; a located error where a (hand-written)
    spirv.module has none."""
    if module_op.vce_triple is None:
        raise CompileError.at(
            location_of(module_op),
            "a spirv.module needs `requires #spirv.vce<...>` to be serialized",
        )
    return module_op.vce_triple


class _ModuleSerializer:
    def __init__(self, module_op: ModuleOp):
        self.op = module_op
        self.vce = vce_of(module_op)
        self.module = SpirvModule(self.vce.version)
        self.builder = ModuleBuilder(self.module)
        self.symbols: dict[str, Id] = {}

    def run(self) -> SpirvModule:
        builder = self.builder
        for cap in self.vce.capability_names:
            builder.emit("capabilities", "OpCapability", enum("Capability", cap))
        for ext in self.vce.extension_names:
            builder.emit("extensions", "OpExtension", String(ext))
        builder.emit(
            "memory_model",
            "OpMemoryModel",
            enum("AddressingModel", *self.op.addressing_model.names),
            enum("MemoryModel", *self.op.memory_model.names),
        )
        ops = list(self.op.body.block.ops)
        # Functions and variables get ids first: entry points name them.
        named = FuncOp | GlobalVariableOp | SpecConstantOp | SpecConstantCompositeOp
        for op in ops:
            if isinstance(op, named):
                self.symbols[op.sym_name.data] = builder.new_id()
                builder.name(self.symbols[op.sym_name.data], op.sym_name.data)
        for op in ops:
            try:
                self._declaration(op)
            except SerializationError as err:
                raise located(op, err) from None
        builder.matrix_sizes = self._matrix_sizes()
        for op in ops:
            if isinstance(op, FuncOp):
                FunctionWriter(builder, self.symbols, located).write(op)
        renumber(self.module)
        return self.module

    def _declaration(self, op: Operation) -> None:
        if isinstance(op, GlobalVariableOp):
            self._global_variable(op)
        elif isinstance(op, EntryPointOp):
            self._entry_point(op)
        elif isinstance(op, ExecutionModeOp):
            self._execution_mode(op)
        elif isinstance(op, SpecConstantOp):
            self._spec_constant(op)
        elif isinstance(op, SpecConstantCompositeOp):
            self._spec_constant_composite(op)
        elif not isinstance(op, FuncOp):
            raise SerializationError("cannot be at module level")

    def _global_variable(self, op: GlobalVariableOp) -> None:
        builder = self.builder
        result = self.symbols[op.sym_name.data]
        if op.initializer is not None:
            raise SerializationError("global variable initializers are not supported")
        builder.emit(
            "globals",
            "OpVariable",
            builder.type_id(op.type),
            enum("StorageClass", op.type.storage),
            result=result,
        )
        if op.descriptor_set is not None and op.binding is not None:
            builder.decorate(
                result, "DescriptorSet", Literal(op.descriptor_set.value.data)
            )
            builder.decorate(result, "Binding", Literal(op.binding.value.data))
        if op.built_in is not None:
            builder.decorate(result, "BuiltIn", enum("BuiltIn", op.built_in.data))

    def _matrix_sizes(self) -> dict[str, tuple[Id, Id]]:
        sizes = self.op.attributes.get(SPEC_MATRIX_SIZES)
        if not isinstance(sizes, DictionaryAttr):
            return {}
        found = {}
        for use, pair in sizes.data.items():
            rows, cols = (self.symbols.get(r.string_value()) for r in pair.data)
            if rows is None or cols is None:
                raise located(
                    self.op,
                    SerializationError(f"{SPEC_MATRIX_SIZES}: no spec constant {pair}"),
                )
            found[use] = (rows, cols)
        return found

    def _spec_constant(self, op: SpecConstantOp) -> None:
        builder, value = self.builder, op.default_value
        t = value.type
        if not isinstance(t, IntegerType) or t.width.data == 1:
            raise SerializationError("only integer spec constants are supported")
        result = self.symbols[op.sym_name.data]
        literal = integer_literal(value.value.data, t)
        builder.emit(
            "globals", "OpSpecConstant", builder.type_id(t), literal, result=result
        )
        if op.spec_id is not None:
            builder.decorate(result, "SpecId", Literal(op.spec_id.value.data))

    def _spec_constant_composite(self, op: SpecConstantCompositeOp) -> None:
        builder = self.builder
        result = self.symbols[op.sym_name.data]
        parts = [self.symbols[p.root_reference.data] for p in op.constituents]
        builder.emit(
            "globals",
            "OpSpecConstantComposite",
            builder.type_id(op.type),
            *parts,
            result=result,
        )
        named = self.op.attributes.get(BUILTIN_WORKGROUP_SIZE)
        if isinstance(named, SymbolRefAttr) and named.string_value() == (
            op.sym_name.data
        ):
            builder.decorate(result, "BuiltIn", enum("BuiltIn", "WorkgroupSize"))

    def _entry_point(self, op: EntryPointOp) -> None:
        name = op.fn.root_reference.data
        self.builder.emit(
            "entry_points",
            "OpEntryPoint",
            enum("ExecutionModel", *op.execution_model.names),
            self.symbols[name],
            String(name),
            *(self.symbols[v.root_reference.data] for v in op.interface),
        )

    def _execution_mode(self, op: ExecutionModeOp) -> None:
        self.builder.emit(
            "execution_modes",
            "OpExecutionMode",
            self.symbols[op.fn.root_reference.data],
            enum("ExecutionMode", *op.execution_mode.names),
            *(Literal(v.value.data & 0xFFFFFFFF) for v in op.values),
        )


def serialize_to_words(op: Operation) -> list[int]:
    return encode(serialize(op))


def serialize_to_binary(op: Operation) -> bytes:
    return to_bytes(serialize_to_words(op))


def serialize_to_assembly(op: Operation) -> str:
    return assemble_text(serialize(op))
