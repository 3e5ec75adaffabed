"""Id assignment and the module-level tables: types, constants and
decorations are declared once, on first use, in dependency order.

Types and constants are deduplicated by their instruction (opcode and
operands), not by their xDSL attribute: `i32` and `ui32` are both
`OpTypeInt 32 0` and must be declared once.
"""

from __future__ import annotations

import struct

from xdsl.dialects.builtin import (
    BFloat16Type,
    DenseIntOrFPElementsAttr,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    FunctionType,
    IntegerAttr,
    IntegerType,
    NoneType,
    Signedness,
    VectorType,
)
from xdsl.ir import Attribute

from coopmlir.dialects.spirv import grammar
from coopmlir.dialects.spirv import types as st
from coopmlir.dialects.spirv.cooperative_vector import CooperativeVectorType
from coopmlir.elements import bf16_bits
from coopmlir.spirv.instructions import (
    Enumerant,
    Id,
    Instruction,
    Literal,
    Operand,
    SpirvModule,
    String,
)

#: Storage classes whose struct pointee must be decorated Block.
BLOCK_STORAGE = ("StorageBuffer", "Uniform", "PushConstant", "PhysicalStorageBuffer")


#: SPV_EXT_float8's FPEncoding of each 8-bit float type (MLIR spelling).
_F8_ENCODING = {"f8E4M3FN": "Float8E4M3EXT", "f8E5M2": "Float8E5M2EXT"}


class SerializationError(Exception):
    """The IR cannot be expressed in SPIR-V (reported with the op's location)."""


def enum(kind: str, *names: str) -> Enumerant:
    return Enumerant(kind, names)


def float_literal(value: float, t: Attribute) -> Literal:
    """The bits of a float constant and its hex-float text."""
    if isinstance(t, Float16Type):
        bits = struct.unpack("<H", struct.pack("<e", value))[0]
    elif isinstance(t, BFloat16Type):
        bits = int(bf16_bits(value))
    elif isinstance(t, Float32Type):
        bits = struct.unpack("<I", struct.pack("<f", value))[0]
    else:
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    words = 2 if isinstance(t, Float64Type) else 1
    return Literal(bits, words, _hex_float(value, t))


#: One past the largest exponent of each float type: spirv-as reads
#: 0x1p+E as infinity and 0x1.8p+E as a quiet NaN (SPIRV-Tools' hex floats).
_PAST_MAX_EXPONENT = {Float16Type: 16, BFloat16Type: 128, Float32Type: 128}


def _hex_float(value: float, t: Attribute) -> str:
    if value != value or value in (float("inf"), float("-inf")):
        exponent = _PAST_MAX_EXPONENT.get(type(t), 1024)
        if value != value:
            return f"0x1.8p+{exponent}"
        return f"{'-' if value < 0 else ''}0x1p+{exponent}"
    mantissa, _, exponent = value.hex().partition("p")
    mantissa = mantissa.rstrip("0").removesuffix(".")
    return f"{mantissa}p{exponent}"


def integer_literal(value: int, t: IntegerType) -> Literal:
    """Two's complement in the type's width, sign-extended to the word for
    narrow signed types (specification 2.2.1); printed as the type reads."""
    width = t.width.data
    signed = t.signedness.data == Signedness.SIGNED
    words = 2 if width > 32 else 1
    bits = value & ((1 << width) - 1)
    if signed and width < 32 and bits >> (width - 1):
        bits |= 0xFFFFFFFF ^ ((1 << width) - 1)
    unsigned_value = value & ((1 << width) - 1)
    shown = value if signed else unsigned_value
    return Literal(bits, words, str(shown))


class ModuleBuilder:
    """Allocates ids and owns the module-level sections of a `SpirvModule`."""

    def __init__(self, module: SpirvModule):
        self.module = module
        self._next_id = 1
        self._declared: dict[tuple, Id] = {}
        self._decorated: set[tuple] = set()
        self._glsl: Id | None = None
        #: Per KHR matrix use (`MatrixA`, ...): the spec constants of its
        #: rows and columns, where they are not the type's (the serializer's
        #: `SPEC_MATRIX_SIZES`).
        self.matrix_sizes: dict[str, tuple[Id, Id]] = {}

    # -- ids and sections ---------------------------------------------------

    def new_id(self) -> Id:
        self._next_id += 1
        self.module.bound = self._next_id
        return Id(self._next_id - 1)

    def emit(self, section: str, opname: str, *operands: Operand, result=None) -> None:
        self.module.sections[section].append(
            Instruction(opname, list(operands), result)
        )

    def _declare(self, opname: str, operands: tuple[Operand, ...]) -> Id:
        """The id of a type or constant instruction, declared once."""
        key = (opname, operands)
        if key not in self._declared:
            result = self.new_id()
            self.emit("globals", opname, *operands, result=result)
            self._declared[key] = result
        return self._declared[key]

    def decorate(self, target: Id, decoration: str, *values: Operand) -> None:
        key = (target, decoration, values)
        if key not in self._decorated:
            self._decorated.add(key)
            self.emit(
                "annotations",
                "OpDecorate",
                target,
                enum("Decoration", decoration),
                *values,
            )

    def decorate_member(
        self, target: Id, member: int, decoration: str, *values: Operand
    ) -> None:
        key = (target, member, decoration, values)
        if key not in self._decorated:
            self._decorated.add(key)
            self.emit(
                "annotations",
                "OpMemberDecorate",
                target,
                Literal(member),
                enum("Decoration", decoration),
                *values,
            )

    def name(self, target: Id, text: str) -> None:
        self.emit("debug_names", "OpName", target, String(text))

    def glsl_std_450(self) -> Id:
        """The id of the GLSL.std.450 import, imported on first use."""
        if self._glsl is None:
            self._glsl = self.new_id()
            self.emit(
                "ext_inst_imports",
                "OpExtInstImport",
                String("GLSL.std.450"),
                result=self._glsl,
            )
        return self._glsl

    # -- types ----------------------------------------------------------------

    def type_id(self, t: Attribute) -> Id:
        """Declare `t` (and what it is made of) and return its id."""
        if isinstance(t, NoneType):
            return self._declare("OpTypeVoid", ())
        if isinstance(t, IntegerType):
            width = t.width.data
            if width == 1:
                return self._declare("OpTypeBool", ())
            signed = int(t.signedness.data == Signedness.SIGNED)
            return self._declare("OpTypeInt", (Literal(width), Literal(signed)))
        if isinstance(t, BFloat16Type):
            return self._declare(
                "OpTypeFloat", (Literal(16), enum("FPEncoding", "BFloat16KHR"))
            )
        if isinstance(t, Float8E4M3FNType | Float8E5M2Type):
            return self._declare(
                "OpTypeFloat", (Literal(8), enum("FPEncoding", _F8_ENCODING[str(t)]))
            )
        if isinstance(t, Float16Type | Float32Type | Float64Type):
            return self._declare("OpTypeFloat", (Literal(t.bitwidth),))
        if isinstance(t, VectorType):
            (count,) = t.get_shape()
            element = self.type_id(t.get_element_type())
            return self._declare("OpTypeVector", (element, Literal(count)))
        if isinstance(t, st.PointerType):
            return self._pointer_type(t)
        if isinstance(t, st.ArrayType):
            element = self.type_id(t.element_type)
            length = self.u32_constant(t.length.data)
            result = self._declare("OpTypeArray", (element, length))
            self._array_stride(result, t.stride.data)
            return result
        if isinstance(t, st.RuntimeArrayType):
            result = self._declare(
                "OpTypeRuntimeArray", (self.type_id(t.element_type),)
            )
            self._array_stride(result, t.stride.data)
            return result
        if isinstance(t, st.StructType):
            return self._struct_type(t)
        if isinstance(t, st.CooperativeMatrixType | st.NVCooperativeMatrixType):
            return self._matrix_type(t)
        if isinstance(t, CooperativeVectorType):
            return self._declare(
                "OpTypeCooperativeVectorNV",
                (self.type_id(t.element_type), self.u32_constant(t.length.data)),
            )
        if isinstance(t, st.TensorLayoutType):
            clamp = grammar.enum_value("TensorClampMode", t.clamp_mode.data)
            return self._declare(
                "OpTypeTensorLayoutNV",
                (self.u32_constant(t.dimensions.data), self.u32_constant(clamp)),
            )
        if isinstance(t, FunctionType):
            outputs = t.outputs.data
            result = self.type_id(outputs[0] if outputs else NoneType())
            params = tuple(self.type_id(i) for i in t.inputs.data)
            return self._declare("OpTypeFunction", (result, *params))
        raise SerializationError(f"type {t} has no SPIR-V equivalent")

    def _pointer_type(self, t: st.PointerType) -> Id:
        pointee = self.type_id(t.pointee)
        if isinstance(t.pointee, st.StructType) and t.storage in BLOCK_STORAGE:
            self.decorate(pointee, "Block")
        return self._declare(
            "OpTypePointer", (enum("StorageClass", t.storage), pointee)
        )

    def _matrix_type(
        self, t: st.CooperativeMatrixType | st.NVCooperativeMatrixType
    ) -> Id:
        """Component type, scope, rows and columns; the KHR type adds its use."""
        sizes = (self.u32_constant(t.rows.data), self.u32_constant(t.columns.data))
        if isinstance(t, st.CooperativeMatrixType):
            sizes = self.matrix_sizes.get(t.use.data, sizes)
        operands = (
            self.type_id(t.element_type),
            self.scope(t.scope.data),
            *sizes,
        )
        if isinstance(t, st.NVCooperativeMatrixType):
            return self._declare("OpTypeCooperativeMatrixNV", operands)
        use = grammar.enum_value("CooperativeMatrixUse", t.grammar_use)
        return self._declare(
            "OpTypeCooperativeMatrixKHR", (*operands, self.u32_constant(use))
        )

    def _array_stride(self, array: Id, stride: int) -> None:
        if stride:
            self.decorate(array, "ArrayStride", Literal(stride))

    def _struct_type(self, t: st.StructType) -> Id:
        members = tuple(self.type_id(m) for m in t.member_types)
        result = self._declare("OpTypeStruct", members)
        for i, offset in enumerate(t.offsets.data):
            self.decorate_member(result, i, "Offset", Literal(offset.data))
        for i, decorations in enumerate(t.member_decorations.data):
            for d in decorations.data:
                self.decorate_member(result, i, d.data)
        for d in t.decorations.data:
            self.decorate(result, d.data)
        return result

    # -- constants ------------------------------------------------------------

    def u32_constant(self, value: int) -> Id:
        """An `OpConstant` of the 32-bit unsigned int type (sizes, scopes)."""
        return self.constant(IntegerAttr(value, IntegerType(32)))

    def scope(self, name: str) -> Id:
        return self.u32_constant(grammar.enum_value("Scope", name))

    def memory_semantics(self, names: tuple[str, ...]) -> Id:
        return self.u32_constant(grammar.enum_value("MemorySemantics", "|".join(names)))

    def constant(self, value: Attribute) -> Id:
        """Declare an integer, float or dense vector constant."""
        if isinstance(value, DenseIntOrFPElementsAttr):
            t = value.get_type()
            assert isinstance(t, VectorType)
            element = t.get_element_type()
            parts = [self._scalar_constant(v, element) for v in value.get_values()]
            if len(parts) == 1:
                parts *= t.get_shape()[0]
            return self._declare("OpConstantComposite", (self.type_id(t), *parts))
        if isinstance(value, IntegerAttr | FloatAttr):
            return self._scalar_constant(value.value.data, value.get_type())
        raise SerializationError(f"constant {value} has no SPIR-V equivalent")

    def _scalar_constant(self, value: int | float, t: Attribute) -> Id:
        type_id = self.type_id(t)
        if isinstance(t, IntegerType) and t.width.data == 1:
            return self._declare(
                "OpConstantTrue" if value else "OpConstantFalse", (type_id,)
            )
        if isinstance(t, IntegerType):
            return self._declare(
                "OpConstant", (type_id, integer_literal(int(value), t))
            )
        return self._declare("OpConstant", (type_id, float_literal(float(value), t)))

    def undef(self, t: Attribute) -> Id:
        return self._declare("OpUndef", (self.type_id(t),))
