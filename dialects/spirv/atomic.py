"""Atomic read-modify-write instructions on a pointer.

    %old = spirv.AtomicIAdd <Device> <AcquireRelease|UniformMemory> %ptr, %v
        : !spirv.ptr<i32, StorageBuffer>

As in MLIR, the type after `:` is the pointer's; the value and the result
are its pointee. The scope and semantics are enumerants in the IR; the
serializer turns them into the i32 constants SPIR-V takes as IdScope and
IdMemorySemantics operands.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import MemorySemanticsAttr, ScopeAttr
from coopmlir.dialects.spirv.constraints import is_spirv_float
from coopmlir.dialects.spirv.types import PointerType


class _AtomicUpdateOp(IRDLOperation):
    """`%old = spirv.AtomicX <scope> <semantics> %ptr, %value : !spirv.ptr<T, SC>`:
    writes f(*ptr, value) to *ptr in one step and yields the old *ptr."""

    memory_scope = prop_def(ScopeAttr)
    semantics = prop_def(MemorySemanticsAttr)
    pointer = operand_def(PointerType)
    value = operand_def()
    result = result_def()

    def __init__(
        self,
        pointer: SSAValue | Operation,
        value: SSAValue | Operation,
        scope: str,
        semantics: str,
    ):
        super().__init__(
            operands=[pointer, value],
            properties={
                "memory_scope": ScopeAttr(scope),
                "semantics": MemorySemanticsAttr(semantics),
            },
            result_types=[SSAValue.get(value).type],
        )

    @staticmethod
    def takes(t: Attribute) -> bool:
        """Whether the instruction works on scalars of type `t`."""
        return isinstance(t, IntegerType) and t.width.data in (32, 64)

    def verify_(self) -> None:
        assert isinstance(self.pointer.type, PointerType)
        pointee = self.pointer.type.pointee
        if not self.takes(pointee):
            raise VerifyException(f"cannot update {pointee} atomically")
        if self.value.type != pointee or self.result.type != pointee:
            raise VerifyException(
                f"the value and the result must be the pointee {pointee}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> _AtomicUpdateOp:
        scope = ScopeAttr.new(ScopeAttr.parse_parameters(parser))
        semantics = MemorySemanticsAttr.new(
            MemorySemanticsAttr.parse_parameters(parser)
        )
        pointer = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        value = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        pointer_type = parser.parse_type()
        if not isinstance(pointer_type, PointerType):
            parser.raise_error("expected a !spirv.ptr type", pos, parser.pos)
        return cls.create(
            operands=[
                parser.resolve_operand(pointer, pointer_type),
                parser.resolve_operand(value, pointer_type.pointee),
            ],
            result_types=[pointer_type.pointee],
            properties={"memory_scope": scope, "semantics": semantics},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        self.memory_scope.print_parameters(printer)
        printer.print_string(" ")
        self.semantics.print_parameters(printer)
        printer.print_string(" ")
        printer.print_operand(self.pointer)
        printer.print_string(", ")
        printer.print_operand(self.value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.pointer.type)


@irdl_op_definition
class AtomicIAddOp(_AtomicUpdateOp):
    """*ptr + value, wrapping (OpAtomicIAdd)."""

    name = "spirv.AtomicIAdd"


@irdl_op_definition
class AtomicExchangeOp(_AtomicUpdateOp):
    """value, replacing *ptr (OpAtomicExchange): integers or floats."""

    name = "spirv.AtomicExchange"

    @staticmethod
    def takes(t: Attribute) -> bool:
        return _AtomicUpdateOp.takes(t) or is_spirv_float(t)


ATOMIC_OPS: list[type[IRDLOperation]] = [AtomicIAddOp, AtomicExchangeOp]
