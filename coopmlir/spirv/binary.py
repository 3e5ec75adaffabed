"""Encode a `SpirvModule` as SPIR-V words and bytes (specification 2.3)."""

from __future__ import annotations

import struct
from array import array

from coopmlir.dialects.spirv import grammar
from coopmlir.spirv import instructions as spv

#: The generator word's tool id; 0 is "unregistered" (coopmlir has no
#: registered generator number) and the low half is our version.
GENERATOR = 0


def version_word(version: tuple[int, int]) -> int:
    major, minor = version
    return (major << 16) | (minor << 8)


def header(module: spv.SpirvModule) -> list[int]:
    """Magic number, version, generator, id bound, schema."""
    return [
        grammar.MAGIC_NUMBER,
        version_word(module.version),
        GENERATOR,
        module.bound,
        0,
    ]


def string_words(text: str) -> list[int]:
    data = text.encode() + b"\0"
    data += b"\0" * (-len(data) % 4)
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def operand_words(operand: spv.Operand) -> list[int]:
    if isinstance(operand, spv.Id):
        return [operand.value]
    if isinstance(operand, spv.Literal):
        return [(operand.bits >> (32 * i)) & 0xFFFFFFFF for i in range(operand.words)]
    if isinstance(operand, spv.String):
        return string_words(operand.text)
    assert isinstance(operand, spv.Enumerant)
    return [grammar.enum_value(operand.kind, operand.names)]


def result_position(opname: str) -> int:
    """Where the result id goes among the operands: 1 after a result type."""
    return 1 if grammar.has_result_type(opname) else 0


def instruction_words(inst: spv.Instruction) -> list[int]:
    operands = list(inst.operands)
    if inst.result is not None:
        operands.insert(result_position(inst.opname), inst.result)
    body = [w for operand in operands for w in operand_words(operand)]
    count = len(body) + 1
    if count > 0xFFFF:
        raise ValueError(f"{inst.opname} has {count} words, more than 65535")
    return [(count << 16) | grammar.opcode(inst.opname), *body]


def encode(module: spv.SpirvModule) -> list[int]:
    """The module as 32-bit words."""
    words = header(module)
    for inst in module.instructions():
        words += instruction_words(inst)
    return words


def to_bytes(words: list[int]) -> bytes:
    """Little-endian bytes, as .spv files store them."""
    return struct.pack(f"<{len(words)}I", *words)


def capabilities_of(binary: bytes) -> tuple[str, ...]:
    """The capabilities a SPIR-V `binary` declares (its OpCapability
    instructions), by grammar name: what a module another compiler wrote
    needs of the device."""
    words = array("I", binary)
    if len(words) < 5 or words[0] != grammar.MAGIC_NUMBER:
        raise ValueError("not a little-endian SPIR-V binary")
    names: dict[int, str] = {}
    for name, value in grammar.enumerants("Capability").items():
        names.setdefault(value, name)  # the grammar's name before its aliases
    wanted = grammar.opcode("OpCapability")
    caps = []
    at = 5  # after the header
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if count == 0:
            raise ValueError(f"a zero-length instruction at word {at}")
        if opcode == wanted:
            caps.append(names[words[at + 1]])
        at += count
    return tuple(caps)
