"""SPIR-V enumerants as attributes, and the version/capability/extension triple.

An enumerant attribute holds the name of one enumerant of a grammar operand
kind (`<Subgroup>`), or `|`-joined flags of a bit enum
(`<AcquireRelease|WorkgroupMemory>`). Names are checked against the generated
grammar tables, so no enumerant list is typed by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IntAttr, NoneAttr, StringAttr
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv import grammar


def check_enumerant(kind: str, names: str) -> None:
    """Raise VerifyException unless `names` is an enumerant (or, for a bit
    enum, `|`-joined enumerants) of the grammar operand kind `kind`."""
    try:
        grammar.enum_value(kind, names)
    except ValueError as err:
        raise VerifyException(str(err)) from None


class GrammarEnumAttr(ParametrizedAttribute):
    """`<Name>` or `<A|B>`: an enumerant of the grammar operand kind `KIND`.

    Where the grammar names end in a vendor `SUFFIX` (`RowMajorKHR`), the IR
    drops it, as MLIR does (`<RowMajor>`); where MLIR shortens a name
    (`ASigned` for `MatrixASignedComponentsKHR`), `MLIR_NAMES` maps MLIR's
    name to the grammar's. `grammar_names` gives the grammar's names back.
    """

    KIND: ClassVar[str]
    SUFFIX: ClassVar[str] = ""
    MLIR_NAMES: ClassVar[dict[str, str]] = {}
    value: StringAttr

    def __init__(self, value: str | StringAttr):
        super().__init__(StringAttr(value) if isinstance(value, str) else value)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.value.data.split("|"))

    @classmethod
    def grammar_name(cls, name: str) -> str:
        """The grammar's name of an enumerant as the IR writes it."""
        return cls.MLIR_NAMES.get(name, name) + cls.SUFFIX

    @property
    def grammar_names(self) -> tuple[str, ...]:
        return tuple(self.grammar_name(n) for n in self.names)

    def verify(self) -> None:
        check_enumerant(self.KIND, "|".join(self.grammar_names))

    @classmethod
    def parse_enumerant(cls, parser: AttrParser) -> StringAttr:
        """`Name` or `A | B` (bit enums), checked against the grammar."""
        pos = parser.pos
        names = [parser.parse_identifier(f" ({cls.KIND})")]
        while grammar.is_bit_enum(cls.KIND) and parser.parse_optional_punctuation("|"):
            names.append(parser.parse_identifier(f" ({cls.KIND})"))
        mlir_name = {grammar: mlir for mlir, grammar in cls.MLIR_NAMES.items()}
        for name in names:
            if name in mlir_name:
                parser.raise_error(
                    f"{cls.KIND} '{name}' is spelled '{mlir_name[name]}'",
                    pos,
                    parser.pos,
                )
        try:
            grammar.enum_value(cls.KIND, [cls.grammar_name(n) for n in names])
        except ValueError as err:
            parser.raise_error(str(err), pos, parser.pos)
        return StringAttr("|".join(names))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (cls.parse_enumerant(parser),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{'|'.join(self.names)}>")


@irdl_attr_definition
class StorageClassAttr(GrammarEnumAttr):
    """A SPIR-V StorageClass enumerant."""

    name = "spirv.storage_class"
    KIND = "StorageClass"


@irdl_attr_definition
class ScopeAttr(GrammarEnumAttr):
    """A SPIR-V Scope enumerant."""

    name = "spirv.scope"
    KIND = "Scope"


@irdl_attr_definition
class MemorySemanticsAttr(GrammarEnumAttr):
    """A SPIR-V MemorySemantics enumerant."""

    name = "spirv.memory_semantics"
    KIND = "MemorySemantics"


@irdl_attr_definition
class MemoryAccessAttr(GrammarEnumAttr):
    """A SPIR-V MemoryAccess enumerant."""

    name = "spirv.memory_access"
    KIND = "MemoryAccess"


@irdl_attr_definition
class FunctionControlAttr(GrammarEnumAttr):
    """A SPIR-V FunctionControl enumerant."""

    name = "spirv.function_control"
    KIND = "FunctionControl"


@irdl_attr_definition
class LoopControlAttr(GrammarEnumAttr):
    """A SPIR-V LoopControl enumerant."""

    name = "spirv.loop_control"
    KIND = "LoopControl"


@irdl_attr_definition
class SelectionControlAttr(GrammarEnumAttr):
    """A SPIR-V SelectionControl enumerant."""

    name = "spirv.selection_control"
    KIND = "SelectionControl"


@irdl_attr_definition
class ExecutionModelAttr(GrammarEnumAttr):
    """A SPIR-V ExecutionModel enumerant."""

    name = "spirv.execution_model"
    KIND = "ExecutionModel"


@irdl_attr_definition
class ExecutionModeAttr(GrammarEnumAttr):
    """A SPIR-V ExecutionMode enumerant."""

    name = "spirv.execution_mode"
    KIND = "ExecutionMode"


@irdl_attr_definition
class AddressingModelAttr(GrammarEnumAttr):
    """A SPIR-V AddressingModel enumerant."""

    name = "spirv.addressing_model"
    KIND = "AddressingModel"


@irdl_attr_definition
class MemoryModelAttr(GrammarEnumAttr):
    """A SPIR-V MemoryModel enumerant."""

    name = "spirv.memory_model"
    KIND = "MemoryModel"


@irdl_attr_definition
class GroupOperationAttr(GrammarEnumAttr):
    """A SPIR-V GroupOperation enumerant."""

    name = "spirv.group_operation"
    KIND = "GroupOperation"


@irdl_attr_definition
class CooperativeMatrixLayoutAttr(GrammarEnumAttr):
    """A SPIR-V CooperativeMatrixLayout enumerant."""

    name = "spirv.coop_matrix_layout_khr"
    KIND = "CooperativeMatrixLayout"
    SUFFIX = "KHR"


@irdl_attr_definition
class CooperativeMatrixOperandsAttr(GrammarEnumAttr):
    """A SPIR-V CooperativeMatrixOperands enumerant."""

    name = "spirv.coop_matrix_operands_khr"
    KIND = "CooperativeMatrixOperands"
    SUFFIX = "KHR"
    MLIR_NAMES: ClassVar[dict[str, str]] = {
        "ASigned": "MatrixASignedComponents",
        "BSigned": "MatrixBSignedComponents",
        "CSigned": "MatrixCSignedComponents",
        "ResultSigned": "MatrixResultSignedComponents",
        "AccSat": "SaturatingAccumulation",
    }


@irdl_attr_definition
class CooperativeMatrixReduceAttr(GrammarEnumAttr):
    """A SPIR-V CooperativeMatrixReduce enumerant (SPV_NV_cooperative_matrix2):
    `<Row|Column>`, or `<CooperativeMatrixReduce2x2>` for the grammar's `2x2`,
    which is no identifier (MLIR's generator prefixes the kind's name to
    enumerants that start with a digit, as in `Dim1D`)."""

    name = "spirv.coop_matrix_reduce_nv"
    KIND = "CooperativeMatrixReduce"
    MLIR_NAMES: ClassVar[dict[str, str]] = {"CooperativeMatrixReduce2x2": "2x2"}


ENUM_ATTRS: list[type[GrammarEnumAttr]] = [
    StorageClassAttr,
    ScopeAttr,
    MemorySemanticsAttr,
    MemoryAccessAttr,
    FunctionControlAttr,
    LoopControlAttr,
    SelectionControlAttr,
    ExecutionModelAttr,
    ExecutionModeAttr,
    AddressingModelAttr,
    MemoryModelAttr,
    GroupOperationAttr,
    CooperativeMatrixLayoutAttr,
    CooperativeMatrixOperandsAttr,
    CooperativeMatrixReduceAttr,
]


@irdl_attr_definition
class VerCapExtAttr(ParametrizedAttribute):
    """`#spirv.vce<v1.6, [Shader, Float16], [SPV_KHR_cooperative_matrix]>`:
    the SPIR-V version, capabilities and extensions a module declares."""

    name = "spirv.vce"

    major: IntAttr
    minor: IntAttr
    capabilities: ArrayAttr[StringAttr]
    extensions: ArrayAttr[StringAttr]

    def __init__(
        self, version: tuple[int, int], capabilities: Sequence[str], extensions=()
    ):
        super().__init__(
            IntAttr(version[0]),
            IntAttr(version[1]),
            ArrayAttr(StringAttr(c) for c in capabilities),
            ArrayAttr(StringAttr(e) for e in extensions),
        )

    @property
    def version(self) -> tuple[int, int]:
        return (self.major.data, self.minor.data)

    @property
    def capability_names(self) -> tuple[str, ...]:
        return tuple(c.data for c in self.capabilities)

    @property
    def extension_names(self) -> tuple[str, ...]:
        return tuple(e.data for e in self.extensions)

    def verify(self) -> None:
        if self.version < (1, 0) or self.version > (1, 6):
            raise VerifyException(
                f"SPIR-V version v{self.major.data}.{self.minor.data} must be "
                "v1.0 to v1.6"
            )
        for cap in self.capability_names:
            check_enumerant("Capability", cap)
        for ext in self.extension_names:
            if not ext.startswith("SPV_"):
                raise VerifyException(f"'{ext}' is not a SPIR-V extension name")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            version = parser.parse_identifier(" (SPIR-V version, e.g. v1.6)")
            major, _, minor = version.removeprefix("v").partition(".")
            if not (version.startswith("v") and major.isdigit() and minor.isdigit()):
                parser.raise_error("expected a version like v1.6", pos, parser.pos)
            parser.parse_punctuation(",")
            caps = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE,
                lambda: StringAttr(parser.parse_identifier(" (capability)")),
            )
            parser.parse_punctuation(",")
            exts = parser.parse_comma_separated_list(
                parser.Delimiter.SQUARE,
                lambda: StringAttr(parser.parse_identifier(" (extension)")),
            )
        return (
            IntAttr(int(major)),
            IntAttr(int(minor)),
            ArrayAttr(caps),
            ArrayAttr(exts),
        )

    def print_parameters(self, printer: Printer) -> None:
        caps = ", ".join(self.capability_names)
        exts = ", ".join(self.extension_names)
        printer.print_string(
            f"<v{self.major.data}.{self.minor.data}, [{caps}], [{exts}]>"
        )


@irdl_attr_definition
class EntryPointABIAttr(ParametrizedAttribute):
    """`#spirv.entry_point_abi<workgroup_size = [X, Y, Z], subgroup_size = S,
    target_width = W>`, each entry optional: how a kernel is launched, as
    MLIR's SPIR-V conversions read it from the kernel's
    `spirv.entry_point_abi` attribute. Entries parse in any order and print
    in this one, as MLIR's; sizes must be positive (MLIR does not check)."""

    name = "spirv.entry_point_abi"

    workgroup_size: ArrayAttr[IntAttr] | NoneAttr
    subgroup_size: IntAttr | NoneAttr
    target_width: IntAttr | NoneAttr

    KEYS: ClassVar[tuple[str, ...]] = (
        "workgroup_size",
        "subgroup_size",
        "target_width",
    )

    def __init__(
        self,
        workgroup_size: Sequence[int] | None = None,
        subgroup_size: int | None = None,
        target_width: int | None = None,
    ):
        super().__init__(
            NoneAttr()
            if workgroup_size is None
            else ArrayAttr(IntAttr(v) for v in workgroup_size),
            NoneAttr() if subgroup_size is None else IntAttr(subgroup_size),
            NoneAttr() if target_width is None else IntAttr(target_width),
        )

    @property
    def subgroup_size_value(self) -> int | None:
        size = self.subgroup_size
        return size.data if isinstance(size, IntAttr) else None

    def with_subgroup_size(self, size: int) -> EntryPointABIAttr:
        """This ABI with subgroup size `size` (the other entries kept)."""
        return EntryPointABIAttr.new(
            (self.workgroup_size, IntAttr(size), self.target_width)
        )

    def verify(self) -> None:
        sizes = (
            [*self.workgroup_size] if isinstance(self.workgroup_size, ArrayAttr) else []
        )
        sizes += [
            a for a in (self.subgroup_size, self.target_width) if isinstance(a, IntAttr)
        ]
        for size in sizes:
            if size.data < 1:
                raise VerifyException(
                    f"#spirv.entry_point_abi sizes must be positive, got {size.data}"
                )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, Attribute] = {}

        def parse_entry(key: str, pos: int) -> None:
            if key not in cls.KEYS or key in values:
                what = "repeated" if key in values else "unknown"
                parser.raise_error(
                    f"{what} entry '{key}' (expected {', '.join(cls.KEYS)})",
                    pos,
                    parser.pos,
                )
            parser.parse_punctuation("=")
            if key == "workgroup_size":
                values[key] = ArrayAttr(
                    parser.parse_comma_separated_list(
                        parser.Delimiter.SQUARE,
                        lambda: IntAttr(parser.parse_integer(allow_boolean=False)),
                    )
                )
            else:
                values[key] = IntAttr(parser.parse_integer(allow_boolean=False))

        with parser.in_angle_brackets():
            pos = parser.pos
            key = parser.parse_optional_identifier()
            while key is not None:
                parse_entry(key, pos)
                if not parser.parse_optional_punctuation(","):
                    break
                pos = parser.pos
                key = parser.parse_identifier(" (entry_point_abi entry)")
        return tuple(values.get(key, NoneAttr()) for key in cls.KEYS)

    def print_parameters(self, printer: Printer) -> None:
        entries = []
        if isinstance(self.workgroup_size, ArrayAttr):
            sizes = ", ".join(str(v.data) for v in self.workgroup_size)
            entries.append(f"workgroup_size = [{sizes}]")
        for key, value in (
            ("subgroup_size", self.subgroup_size),
            ("target_width", self.target_width),
        ):
            if isinstance(value, IntAttr):
                entries.append(f"{key} = {value.data}")
        printer.print_string(f"<{', '.join(entries)}>")
