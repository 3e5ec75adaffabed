"""An in-memory SPIR-V module: instructions with typed operands, grouped in
the sections of the specification's logical layout (2.4).

The serializer fills a `SpirvModule`; `binary` encodes it as words and
`assembly` prints it as text that spirv-as reads. Both read the same
instructions, so the two outputs cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Id:
    """A result id: `%7` in assembly."""

    value: int


@dataclass(frozen=True)
class Literal:
    """A number of one or more 32-bit words (low word first); `text` is how
    assembly writes it (e.g. a hex float), decimal when None."""

    bits: int
    words: int = 1
    text: str | None = None


@dataclass(frozen=True)
class String:
    """A literal string: UTF-8, NUL-terminated, padded to whole words."""

    text: str


@dataclass(frozen=True)
class Enumerant:
    """A value of an enum operand kind; several names are OR-ed flags."""

    kind: str
    names: tuple[str, ...]


Operand = Id | Literal | String | Enumerant


@dataclass
class Instruction:
    """One instruction. `operands` excludes the result id, which `binary`
    places where the grammar puts IdResult (after IdResultType, if any)."""

    opname: str
    operands: list[Operand]
    result: Id | None = None


SECTIONS = (
    "capabilities",
    "extensions",
    "ext_inst_imports",
    "memory_model",
    "entry_points",
    "execution_modes",
    "debug_names",
    "annotations",
    "globals",
    "functions",
)


@dataclass
class SpirvModule:
    """Instructions by logical-layout section, in the order they are emitted."""

    version: tuple[int, int]
    bound: int = 1
    sections: dict[str, list[Instruction]] = field(
        default_factory=lambda: {name: [] for name in SECTIONS}
    )

    def instructions(self) -> Iterator[Instruction]:
        for name in SECTIONS:
            yield from self.sections[name]


def renumber(module: SpirvModule) -> None:
    """Number ids 1, 2, 3, ... in order of first appearance in the text, as
    spirv-as numbers names, so that assembling our text gives our binary."""
    mapping: dict[Id, Id] = {}

    def new(old: Id) -> Id:
        if old not in mapping:
            mapping[old] = Id(len(mapping) + 1)
        return mapping[old]

    for inst in module.instructions():
        if inst.result is not None:
            inst.result = new(inst.result)
        inst.operands = [new(o) if isinstance(o, Id) else o for o in inst.operands]
    module.bound = len(mapping) + 1
