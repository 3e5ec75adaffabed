"""`memref.global` as MLIR writes it, with `dense_resource` initial values.

One-shot-bufferize turns a tensor constant into

    memref.global "private" constant @__constant_8xf32 : memref<8xf32> =
        dense_resource<torch_tensor_8_torch.float32> {alignment = 64 : i64}

xDSL 0.74's `memref.global` has no custom syntax and allows only `dense<>`
(or unit) initial values, so a torch-mlir weight could not be held in one.
`GlobalOp` is xDSL's op with MLIR 22's syntax (`printTypeAndInitialValue`:
the initial value printed without its type, which is the memref's as a
tensor) and `dense_resource` allowed; `MemRefWithGlobals` is xDSL's memref
dialect with it swapped in.
"""

from __future__ import annotations

from xdsl.dialect_interfaces.op_asm import OpAsmDialectInterface
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    I64,
    DenseIntOrFPElementsAttr,
    DenseResourceAttr,
    IntegerAttr,
    MemRefType,
    StringAttr,
    SymbolNameConstraint,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Dialect
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    opt_prop_def,
    prop_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, SymbolOpInterface
from xdsl.utils.exceptions import VerifyException

#: What a global starts as: its data, or `uninitialized` (a unit attribute).
InitialValue = UnitAttr | DenseIntOrFPElementsAttr | DenseResourceAttr


@irdl_op_definition
class GlobalOp(IRDLOperation):
    """`memref.global [visibility] [constant] @name : memref<...> [= value]`."""

    name = "memref.global"

    sym_name = prop_def(SymbolNameConstraint())
    sym_visibility = opt_prop_def(StringAttr)
    type = prop_def(MemRefType)
    initial_value = opt_prop_def(InitialValue)
    constant = opt_prop_def(UnitAttr)
    alignment = opt_prop_def(IntegerAttr[I64])

    traits = traits_def(SymbolOpInterface(), MemoryAllocEffect())

    def __init__(
        self,
        sym_name: str,
        memref_type: MemRefType,
        initial_value: Attribute | None,
        *,
        constant: bool = True,
        alignment: int | None = None,
        visibility: str | None = "private",
    ):
        super().__init__(
            properties={
                "sym_name": StringAttr(sym_name),
                "sym_visibility": StringAttr(visibility) if visibility else None,
                "type": memref_type,
                "initial_value": initial_value,
                "constant": UnitAttr() if constant else None,
                "alignment": IntegerAttr(alignment, 64) if alignment else None,
            }
        )

    def verify_(self) -> None:
        value = self.initial_value
        if isinstance(value, DenseIntOrFPElementsAttr | DenseResourceAttr):
            data_type = (
                value.get_type() if isinstance(value, DenseResourceAttr) else value.type
            )
            if tuple(data_type.get_shape()) != tuple(self.type.get_shape()):
                raise VerifyException(
                    f"memref.global @{self.sym_name.data}: initial value of shape "
                    f"{tuple(data_type.get_shape())} for {self.type}"
                )
        if self.alignment is not None:
            n = self.alignment.value.data
            if n <= 0 or n & (n - 1):
                raise VerifyException(f"alignment {n} is not a power of 2")

    def tensor_type(self) -> TensorType:
        """The type of the initial value: the memref's shape as a tensor."""
        return TensorType(self.type.element_type, self.type.get_shape())

    @classmethod
    def parse(cls, parser: Parser) -> GlobalOp:
        visibility = parser.parse_optional_str_literal()
        constant = parser.parse_optional_keyword("constant") is not None
        name = parser.parse_symbol_name().data
        parser.parse_punctuation(":")
        memref_type = parser.parse_type()
        if not isinstance(memref_type, MemRefType):
            parser.raise_error(f"memref.global needs a memref type, got {memref_type}")
        value: Attribute | None = None
        if parser.parse_optional_punctuation("=") is not None:
            value = _parse_initial_value(parser, memref_type)
        extra = parser.parse_optional_attr_dict()
        alignment = extra.pop("alignment", None)
        op = cls(name, memref_type, value, constant=constant, visibility=visibility)
        if alignment is not None:
            op.alignment = alignment
        op.attributes |= extra
        return op

    def print(self, printer: Printer) -> None:
        if self.sym_visibility is not None:
            printer.print_string(f' "{self.sym_visibility.data}"')
        if self.constant is not None:
            printer.print_string(" constant")
        printer.print_string(f" @{self.sym_name.data} : ")
        printer.print_attribute(self.type)
        value = self.initial_value
        if isinstance(value, UnitAttr):
            printer.print_string(" = uninitialized")
        elif isinstance(value, DenseIntOrFPElementsAttr | DenseResourceAttr):
            printer.print_string(" = ")
            value.print_without_type(printer)
        extra = dict(self.attributes)
        if self.alignment is not None:
            extra["alignment"] = self.alignment
        printer.print_op_attributes(extra)


def _parse_initial_value(parser: Parser, memref_type: MemRefType) -> Attribute:
    data_type = TensorType(memref_type.element_type, memref_type.get_shape())
    if parser.parse_optional_keyword("uninitialized") is not None:
        return UnitAttr()
    if parser.parse_optional_keyword("dense_resource") is not None:
        parser.parse_punctuation("<")
        interface = parser.ctx.get_dialect("builtin").get_interface(
            OpAsmDialectInterface
        )
        assert interface is not None  # xDSL's builtin dialect has one
        handle = parser._parse_dialect_resource_handle("builtin", interface)  # noqa: SLF001
        parser.parse_punctuation(">")
        return DenseResourceAttr.from_params(handle, data_type)
    if parser.parse_optional_keyword("dense") is not None:
        return parser.parse_dense_int_or_fp_elements_attr(data_type)
    parser.raise_error(
        "expected 'uninitialized', 'dense<...>' or 'dense_resource<...>'"
    )


def _with_globals() -> Dialect:
    ops = [op for op in memref.MemRef.operations if op is not memref.GlobalOp]
    return Dialect("memref", [*ops, GlobalOp], list(memref.MemRef.attributes))


MemRefWithGlobals = _with_globals()
