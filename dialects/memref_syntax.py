"""MLIR's pretty syntax for the memref ops xDSL 0.74 only spells generically.

mlir-opt prints `memref.copy %a, %b : memref<4xf32> to memref<4xf32>` and
`memref.cast %a : memref<4xf32> to memref<?xf32>`; xDSL's classes have no
custom format and refuse that text ("does not have a custom format"), so a
convolution that mlir-opt printed (its padding copy) did not read back.
`install_memref_syntax()` installs MLIR's format on xDSL's own classes, as
gpu_syntax does for the gpu ops; coopmlir's context makes the call.

`memref.atomic_rmw addi %v, %m[%i] : (i32, memref<4xi32>) -> i32` holds its
kind as a bare i64 in xDSL (`kind = 1 : i64` in the generic form, as in
MLIR): `ATOMIC_RMW_KINDS` names the values, and the installed syntax reads
and prints the name and checks the kind against the value's type (MLIR's
verifier, with its messages).
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import AnyFloat, IndexType, IntegerAttr, MemRefType, i64
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.gpu_syntax import install_format

#: MLIR 22's assembly formats (MemRefOps.td).
FORMATS = {
    memref.CopyOp: "$source `,` $destination attr-dict `:` type($source) `to` "
    "type($destination)",
    memref.CastOp: "$source attr-dict `:` type($source) `to` type($dest)",
}

#: MLIR 22's AtomicRMWKind (ArithBase.td), by value: `kind = 1` is addi.
ATOMIC_RMW_KINDS = (
    "addf",
    "addi",
    "andi",
    "assign",
    "maximumf",
    "maxnumf",
    "maxs",
    "maxu",
    "minimumf",
    "minnumf",
    "mins",
    "minu",
    "mulf",
    "muli",
    "ori",
    "xori",
)

#: The kinds that combine floats; assign takes any type, the others integers.
_FLOAT_KINDS = frozenset({"addf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf"})


def atomic_rmw_kind(op: memref.AtomicRMWOp) -> str:
    """The name of a verified `op`'s kind (`addi`)."""
    return ATOMIC_RMW_KINDS[op.kind.value.data]


def _parse_atomic_rmw(cls, parser: Parser) -> memref.AtomicRMWOp:
    pos = parser.pos
    kind = parser.parse_identifier(" (an atomic_rmw kind)")
    if kind not in ATOMIC_RMW_KINDS:
        parser.raise_error(f"unknown atomic_rmw kind '{kind}'", pos, parser.pos)
    value = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    mem = parser.parse_unresolved_operand()
    indices = parser.parse_comma_separated_list(
        Parser.Delimiter.SQUARE, parser.parse_unresolved_operand
    )
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    parser.parse_punctuation("(")
    value_type = parser.parse_type()
    parser.parse_punctuation(",")
    mem_type = parser.parse_type()
    parser.parse_punctuation(")")
    parser.parse_punctuation("->")
    result_type = parser.parse_type()
    return cls.create(
        operands=[
            parser.resolve_operand(value, value_type),
            parser.resolve_operand(mem, mem_type),
            *(parser.resolve_operand(i, IndexType()) for i in indices),
        ],
        result_types=[result_type],
        properties={"kind": IntegerAttr(ATOMIC_RMW_KINDS.index(kind), i64)},
        attributes=attrs,
    )


def _print_atomic_rmw(self: memref.AtomicRMWOp, printer: Printer) -> None:
    printer.print_string(f" {atomic_rmw_kind(self)} ")
    printer.print_operand(self.value)
    printer.print_string(", ")
    printer.print_operand(self.memref)
    printer.print_string("[")
    printer.print_list(self.indices, printer.print_operand)
    printer.print_string("]")
    printer.print_op_attributes(self.attributes)
    printer.print_string(" : (")
    printer.print_attribute(self.value.type)
    printer.print_string(", ")
    printer.print_attribute(self.memref.type)
    printer.print_string(") -> ")
    printer.print_attribute(self.result.type)


def _verify_atomic_rmw(self: memref.AtomicRMWOp) -> None:
    """MLIR's AtomicRMWOp::verify: a known kind that fits the value's type,
    one index per dimension."""
    value = self.kind.value.data
    if not 0 <= value < len(ATOMIC_RMW_KINDS):
        raise VerifyException(f"unknown atomic_rmw kind {value}")
    kind = ATOMIC_RMW_KINDS[value]
    is_float = isinstance(self.value.type, AnyFloat)
    if kind in _FLOAT_KINDS and not is_float:
        raise VerifyException(f"with kind '{kind}' expects a floating-point type")
    if kind not in _FLOAT_KINDS and kind != "assign" and is_float:
        raise VerifyException(f"with kind '{kind}' expects an integer type")
    mem_type = self.memref.type
    assert isinstance(mem_type, MemRefType)
    if len(self.indices) != mem_type.get_num_dims():
        raise VerifyException(
            "expects the number of subscripts to be equal to memref rank"
        )


_installed = False


def install_memref_syntax() -> None:
    """Let xDSL's memref.copy, memref.cast and memref.atomic_rmw read and
    print MLIR's spelling, and check atomic_rmw as MLIR does (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    for cls, fmt in FORMATS.items():
        install_format(cls, fmt)
    atomic = memref.AtomicRMWOp
    atomic.parse = classmethod(_parse_atomic_rmw)  # type: ignore[method-assign]
    atomic.print = _print_atomic_rmw  # type: ignore[method-assign]
    atomic.verify_ = _verify_atomic_rmw  # type: ignore[method-assign]
