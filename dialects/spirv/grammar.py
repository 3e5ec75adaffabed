"""Typed access to the generated SPIR-V grammar tables.

Everything that needs an opcode, an enumerant value or the operand kinds of an
instruction asks here: the dialect's enumerant attributes, and the binary
encoder and serializer in `coopmlir.spirv` above it. The numbers come from
`grammar_tables.py`, which `python -m coopmlir.spirv.generate_tables` writes
from the Khronos grammar.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from coopmlir.dialects.spirv import grammar_tables as tables

MAGIC_NUMBER = tables.MAGIC_NUMBER


@dataclass(frozen=True)
class OperandSpec:
    """One operand of an instruction or enumerant: its kind and quantifier
    (`""` exactly one, `"?"` optional, `"*"` any number)."""

    kind: str
    quantifier: str


def _specs(text: str) -> tuple[OperandSpec, ...]:
    return tuple(
        OperandSpec(word.rstrip("?*"), word[len(word.rstrip("?*")) :])
        for word in text.split()
    )


def opcode(opname: str) -> int:
    """The opcode of `OpName`; ValueError for a name the grammar lacks."""
    try:
        return tables.OPCODES[opname]
    except KeyError:
        raise ValueError(f"'{opname}' is not a SPIR-V instruction") from None


def operands(opname: str) -> tuple[OperandSpec, ...]:
    """The operands of an instruction, in the grammar's order."""
    opcode(opname)
    return _specs(tables.OPERANDS[opname])


def has_result(opname: str) -> bool:
    return any(s.kind == "IdResult" for s in operands(opname))


def has_result_type(opname: str) -> bool:
    return any(s.kind == "IdResultType" for s in operands(opname))


def is_enum_kind(kind: str) -> bool:
    return kind in tables.ENUMS or tables.OPERAND_KIND_CATEGORIES.get(kind) in (
        "ValueEnum",
        "BitEnum",
    )


def is_bit_enum(kind: str) -> bool:
    return tables.OPERAND_KIND_CATEGORIES.get(kind) == "BitEnum"


def enumerants(kind: str) -> dict[str, int]:
    """Every enumerant name (aliases included) of an operand kind."""
    if not is_enum_kind(kind):
        raise ValueError(f"'{kind}' is not a SPIR-V enum operand kind")
    return tables.ENUMS.get(kind, {})


def enum_value(kind: str, names: str | Iterable[str]) -> int:
    """The value of an enumerant, or of `A|B` flags of a bit enum."""
    parts = names.split("|") if isinstance(names, str) else list(names)
    values = enumerants(kind)
    unknown = [n for n in parts if n not in values]
    if unknown:
        raise ValueError(f"'{unknown[0]}' is not a SPIR-V {kind}")
    if len(parts) != 1 and not is_bit_enum(kind):
        raise ValueError(f"{kind} is not a bit enum: cannot combine {parts}")
    result = 0
    for name in parts:
        result |= values[name]
    return result


def enum_parameters(kind: str, name: str) -> tuple[OperandSpec, ...]:
    """The extra operands that follow an enumerant (e.g. Decoration Offset)."""
    return _specs(tables.ENUM_PARAMETERS.get(kind, {}).get(name, ""))


def glsl_std_450(name: str) -> int:
    """The instruction number of a GLSL.std.450 extended instruction."""
    try:
        return tables.GLSL_STD_450[name]
    except KeyError:
        raise ValueError(f"'{name}' is not a GLSL.std.450 instruction") from None


def instruction_requirements(opname: str) -> tuple[set[str], set[str]]:
    """(capabilities, extensions) that an instruction lists in the grammar;
    a module needs one of the capabilities."""
    caps = tables.INSTRUCTION_CAPABILITIES.get(opname, "")
    exts = tables.INSTRUCTION_EXTENSIONS.get(opname, "")
    return set(caps.split()), set(exts.split())


def enum_requirements(kind: str, name: str) -> tuple[set[str], set[str]]:
    """(capabilities, extensions) that an enumerant lists in the grammar."""
    caps = tables.ENUM_CAPABILITIES.get(kind, {}).get(name, "")
    exts = tables.ENUM_EXTENSIONS.get(kind, {}).get(name, "")
    return set(caps.split()), set(exts.split())
