"""Memory: function variables, access chains, loads and stores."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntegerAttr, VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import MemoryAccessAttr
from coopmlir.dialects.spirv.constraints import INTEGER
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    PointerType,
    RuntimeArrayType,
    StructType,
)


@irdl_op_definition
class VariableOp(IRDLOperation):
    """`%v = spirv.Variable init(%c)? : !spirv.ptr<T, Function>`: a function
    variable; it must be in the function's first block."""

    name = "spirv.Variable"

    initializer = opt_operand_def()
    pointer = result_def(PointerType)

    @classmethod
    def parse(cls, parser: Parser) -> VariableOp:
        initializer = None
        if parser.parse_optional_keyword("init"):
            with parser.in_parens():
                initializer = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        pointer_type = parser.parse_type()
        if not isinstance(pointer_type, PointerType):
            parser.raise_error("expected a !spirv.ptr type", pos, parser.pos)
        operands = []
        if initializer is not None:
            operands = [parser.resolve_operand(initializer, pointer_type.pointee)]
        return cls.create(
            operands=operands, result_types=[pointer_type], attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        if self.initializer is not None:
            printer.print_string(" init(")
            printer.print_operand(self.initializer)
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.pointer.type)

    def __init__(self, pointer_type: PointerType, initializer: SSAValue | None = None):
        super().__init__(
            operands=[[initializer] if initializer else []], result_types=[pointer_type]
        )

    def verify_(self) -> None:
        from coopmlir.dialects.spirv.structure import FuncOp

        assert isinstance(self.pointer.type, PointerType)
        if self.pointer.type.storage != "Function":
            raise VerifyException(
                f"spirv.Variable must be in Function storage, got {self.pointer.type}"
            )
        block = self.parent_block()
        func = self.parent_op()
        if not isinstance(func, FuncOp) or block is not func.body.blocks.first:
            raise VerifyException(
                "spirv.Variable must be in the first block of a spirv.func"
            )
        if (
            self.initializer is not None
            and self.initializer.type != self.pointer.type.pointee
        ):
            raise VerifyException(
                f"initializer type {self.initializer.type} differs from the "
                f"variable's {self.pointer.type.pointee}"
            )


def _constant_index(value: SSAValue) -> int | None:
    from coopmlir.dialects.spirv.composite import ConstantOp

    owner = value.owner
    if isinstance(owner, ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def access_chain_type(base: PointerType, indices: Sequence[SSAValue]) -> PointerType:
    """The pointer type that `spirv.AccessChain base[indices]` yields.

    Struct members need constant indices; raises VerifyException otherwise.
    """
    current: Attribute = base.pointee
    for index in indices:
        if isinstance(current, StructType):
            member = _constant_index(index)
            if member is None or not 0 <= member < len(current.member_types):
                raise VerifyException(
                    f"indexing {current} needs a constant member index in range"
                )
            current = current.member_types[member]
        elif isinstance(current, ArrayType | RuntimeArrayType):
            current = current.element_type
        elif isinstance(current, VectorType):
            current = current.get_element_type()
        elif isinstance(current, CooperativeMatrixType | NVCooperativeMatrixType):
            # One index into the invocation's components (the KHR/NV specs).
            current = current.element_type
        else:
            raise VerifyException(f"cannot index into {current}")
    return PointerType(current, base.storage)


@irdl_op_definition
class AccessChainOp(IRDLOperation):
    """`spirv.AccessChain %base[%i, %j] : !spirv.ptr<S, SC>, i32, i32 ->
    !spirv.ptr<T, SC>`."""

    name = "spirv.AccessChain"

    base_ptr = operand_def(PointerType)
    indices = var_operand_def(INTEGER)
    component_ptr = result_def(PointerType)

    assembly_format = (
        "$base_ptr `[` $indices `]` attr-dict `:` type($base_ptr) `,` type($indices)"
        " `->` type($component_ptr)"
    )

    def __init__(
        self, base: SSAValue | Operation, indices: Sequence[SSAValue | Operation]
    ):
        base_type = SSAValue.get(base).type
        assert isinstance(base_type, PointerType)
        index_values = [SSAValue.get(i) for i in indices]
        super().__init__(
            operands=[base, index_values],
            result_types=[access_chain_type(base_type, index_values)],
        )

    def verify_(self) -> None:
        assert isinstance(self.base_ptr.type, PointerType)
        if not self.indices:
            raise VerifyException("spirv.AccessChain needs at least one index")
        expected = access_chain_type(self.base_ptr.type, self.indices)
        if expected != self.component_ptr.type:
            raise VerifyException(
                f"result type {self.component_ptr.type} should be {expected}"
            )


def _parse_memory_access(parser: Parser) -> dict[str, Attribute]:
    """`["Volatile"]`, `["Aligned", 16]`: MLIR's memory-access suffix."""
    if not parser.parse_optional_punctuation("["):
        return {}
    pos = parser.pos
    access = MemoryAccessAttr(parser.parse_str_literal())
    try:
        access.verify()
    except VerifyException as err:
        parser.raise_error(str(err), pos, parser.pos)
    props: dict[str, Attribute] = {"memory_access": access}
    if parser.parse_optional_punctuation(","):
        props["alignment"] = IntegerAttr(parser.parse_integer(allow_boolean=False), 32)
    parser.parse_punctuation("]")
    return props


class _MemoryAccessOp(IRDLOperation):
    memory_access = opt_prop_def(MemoryAccessAttr)
    alignment = opt_prop_def(IntegerAttr)

    def verify_(self) -> None:
        aligned = (
            self.memory_access is not None and "Aligned" in self.memory_access.names
        )
        if aligned != (self.alignment is not None):
            raise VerifyException("an alignment goes with the Aligned memory access")

    def _print_memory_access(self, printer: Printer) -> None:
        if self.memory_access is None:
            return
        printer.print_string(" [")
        printer.print_string_literal(self.memory_access.value.data)
        if self.alignment is not None:
            printer.print_string(f", {self.alignment.value.data}")
        printer.print_string("]")


@irdl_op_definition
class LoadOp(_MemoryAccessOp):
    """`%v = spirv.Load "StorageBuffer" %ptr ["Aligned", 4]? : f32`."""

    name = "spirv.Load"

    ptr = operand_def(PointerType)
    value = result_def()

    def __init__(self, ptr: SSAValue | Operation):
        ptr_type = SSAValue.get(ptr).type
        assert isinstance(ptr_type, PointerType)
        super().__init__(operands=[ptr], result_types=[ptr_type.pointee])

    def verify_(self) -> None:
        super().verify_()
        assert isinstance(self.ptr.type, PointerType)
        if self.ptr.type.pointee != self.value.type:
            raise VerifyException(f"loading {self.value.type} through {self.ptr.type}")

    @classmethod
    def parse(cls, parser: Parser) -> LoadOp:
        pos = parser.pos
        storage = parser.parse_str_literal()
        ptr = parser.parse_unresolved_operand()
        props = _parse_memory_access(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        value_type = parser.parse_type()
        ptr_type = PointerType(value_type, storage)
        try:
            ptr_type.verify()
        except VerifyException as err:
            parser.raise_error(str(err), pos, parser.pos)
        return cls.create(
            operands=[parser.resolve_operand(ptr, ptr_type)],
            result_types=[value_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        assert isinstance(self.ptr.type, PointerType)
        printer.print_string(" ")
        printer.print_string_literal(self.ptr.type.storage)
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        self._print_memory_access(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.value.type)


@irdl_op_definition
class StoreOp(_MemoryAccessOp):
    """`spirv.Store "StorageBuffer" %ptr, %value ["Aligned", 4]? : f32`."""

    name = "spirv.Store"

    ptr = operand_def(PointerType)
    value = operand_def()

    def __init__(self, ptr: SSAValue | Operation, value: SSAValue | Operation):
        super().__init__(operands=[ptr, value])

    def verify_(self) -> None:
        super().verify_()
        assert isinstance(self.ptr.type, PointerType)
        if self.ptr.type.pointee != self.value.type:
            raise VerifyException(f"storing {self.value.type} through {self.ptr.type}")

    @classmethod
    def parse(cls, parser: Parser) -> StoreOp:
        pos = parser.pos
        storage = parser.parse_str_literal()
        ptr = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        props = _parse_memory_access(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        value_type = parser.parse_type()
        ptr_type = PointerType(value_type, storage)
        try:
            ptr_type.verify()
        except VerifyException as err:
            parser.raise_error(str(err), pos, parser.pos)
        return cls.create(
            operands=[
                parser.resolve_operand(ptr, ptr_type),
                parser.resolve_operand(value, value_type),
            ],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        assert isinstance(self.ptr.type, PointerType)
        printer.print_string(" ")
        printer.print_string_literal(self.ptr.type.storage)
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        printer.print_string(", ")
        printer.print_operand(self.value)
        self._print_memory_access(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.value.type)
