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


def is_instruction(opname: str) -> bool:
    return opname in tables.OPCODES


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


@dataclass(frozen=True)
class Requirements:
    """What the grammar says an instruction or enumerant needs: one of
    `capabilities` (none if empty), and one of `extensions` unless `version`,
    the first SPIR-V version whose core has it (None: no version does), is at
    most the module's. Alternatives are in the grammar's order."""

    capabilities: tuple[str, ...]
    extensions: tuple[str, ...]
    version: tuple[int, int] | None

    def extensions_at(self, version: tuple[int, int]) -> tuple[str, ...]:
        """The extension alternatives a module of `version` must choose from
        (none where the core of `version` has it)."""
        if self.version is not None and self.version <= version:
            return ()
        return self.extensions


def _requirements(caps: str, exts: str, version: str) -> Requirements:
    major, _, minor = version.partition(".")
    first = None if version == "None" else (int(major), int(minor))
    return Requirements(tuple(caps.split()), tuple(exts.split()), first)


def instruction_requirements(opname: str) -> Requirements:
    """What an instruction needs (e.g. OpGroupNonUniformShuffle: the
    GroupNonUniformShuffle capability, SPIR-V 1.3 or later)."""
    opcode(opname)
    return _requirements(
        tables.INSTRUCTION_CAPABILITIES.get(opname, ""),
        tables.INSTRUCTION_EXTENSIONS.get(opname, ""),
        tables.INSTRUCTION_VERSIONS.get(opname, "1.0"),
    )


def enum_requirements(kind: str, name: str) -> Requirements:
    """What an enumerant needs. For a Capability the listed capabilities are
    not alternatives but the ones it implicitly declares: see `implied`."""
    enum_value(kind, name)
    return _requirements(
        tables.ENUM_CAPABILITIES.get(kind, {}).get(name, ""),
        tables.ENUM_EXTENSIONS.get(kind, {}).get(name, ""),
        tables.ENUM_VERSIONS.get(kind, {}).get(name, "1.0"),
    )


def implied(capabilities: Iterable[str]) -> set[str]:
    """`capabilities` and every capability they implicitly declare (the
    grammar's capabilities of a Capability enumerant), transitively."""
    found: set[str] = set()
    todo = list(capabilities)
    while todo:
        cap = todo.pop()
        if cap not in found:
            found.add(cap)
            todo += enum_requirements("Capability", cap).capabilities
    return found
