"""Print a `SpirvModule` as SPIR-V assembly that spirv-as reads.

The layout follows spirv-dis: a comment header, then one instruction per
line with result ids right-aligned before `=`. Ids are numeric (`%7`) and
numbered in order of first appearance, so spirv-as gives back our binary.
"""

from __future__ import annotations

import json

from coopmlir.spirv import instructions as spv
from coopmlir.spirv.binary import GENERATOR

_RESULT_COLUMN = 15


def operand_text(operand: spv.Operand) -> str:
    if isinstance(operand, spv.Id):
        return f"%{operand.value}"
    if isinstance(operand, spv.Literal):
        return operand.text if operand.text is not None else str(operand.bits)
    if isinstance(operand, spv.String):
        # JSON escapes `"` and `\` with a backslash, as the assembler expects.
        return json.dumps(operand.text, ensure_ascii=False)
    assert isinstance(operand, spv.Enumerant)
    return "|".join(operand.names)


def instruction_text(inst: spv.Instruction) -> str:
    text = " ".join([inst.opname, *map(operand_text, inst.operands)])
    result = f"%{inst.result.value} = " if inst.result is not None else ""
    return result.rjust(_RESULT_COLUMN) + text


def assemble_text(module: spv.SpirvModule) -> str:
    major, minor = module.version
    lines = [
        "; SPIR-V",
        f"; Version: {major}.{minor}",
        f"; Generator: coopmlir ({GENERATOR})",
        f"; Bound: {module.bound}",
        "; Schema: 0",
    ]
    lines += [instruction_text(inst) for inst in module.instructions()]
    return "\n".join(lines) + "\n"
