"""SPV_QCOM_cooperative_matrix_conversion: convert-to-spirv="qcom-conversion=true"
emits the four QCOM instructions with the grammar's opcodes and operands, the
capability/extension accounting names them, and spirv-val accepts the module.

No device here has VK_QCOM_cooperative_matrix_conversion, so the binaries are
checked statically only (test/passes/convert-to-spirv-qcom.mlir is the lit
version).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.dialects.spirv import grammar
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.spirv import tools
from coopmlir.spirv.capabilities import device_extensions
from coopmlir.spirv.serializer import serialize_to_binary, serialize_to_words

SOURCE = Path(__file__).parents[3] / "passes" / "convert-to-spirv-qcom.mlir"
QCOM = (
    "OpCompositeConstructCoopMatQCOM",
    "OpCompositeExtractCoopMatQCOM",
    "OpBitCastArrayQCOM",
    "OpExtractSubArrayQCOM",
)


def _converted(**options):
    module = parse_module(SOURCE.read_text(), str(SOURCE))
    ConvertToSpirv(**options).apply(make_context(), module)
    return module


def _instructions(words: list[int]):
    """(opcode, operand words) of each instruction after the header."""
    i = 5
    while i < len(words):
        count, op = words[i] >> 16, words[i] & 0xFFFF
        yield op, words[i + 1 : i + count]
        i += count


def test_qcom_opcodes_and_operands_follow_the_grammar() -> None:
    words = serialize_to_words(_converted(qcom_conversion=True))
    by_opcode = {grammar.opcode(name): name for name in QCOM}
    seen: dict[str, int] = {}
    for op, operands in _instructions(words):
        name = by_opcode.get(op)
        if name is None:
            continue
        seen[name] = seen.get(name, 0) + 1
        # Every operand is an id: IdResultType IdResult IdRef [IdRef].
        assert len(operands) == len(grammar.operands(name))
        assert all(0 < w < words[3] for w in operands)  # below the id bound
    assert seen == {
        "OpCompositeExtractCoopMatQCOM": 2,
        "OpBitCastArrayQCOM": 1,
        "OpExtractSubArrayQCOM": 2,
        "OpCompositeConstructCoopMatQCOM": 2,
    }
    capability = grammar.enum_value("Capability", "CooperativeMatrixConversionQCOM")
    assert any(
        op == grammar.opcode("OpCapability") and operands == [capability]
        for op, operands in _instructions(words)
    )


def test_qcom_module_validates() -> None:
    tools.validate(serialize_to_binary(_converted(qcom_conversion=True)))


def test_default_path_has_no_qcom_instructions() -> None:
    words = serialize_to_words(_converted())
    qcom = {grammar.opcode(name) for name in QCOM}
    assert not any(op in qcom for op, _ in _instructions(words))


def test_qcom_needs_khr() -> None:
    with pytest.raises(CompileError, match="needs coopmat=khr"):
        _converted(coopmat="nv", qcom_conversion=True)


def test_device_extension() -> None:
    assert device_extensions(
        ["CooperativeMatrixKHR", "CooperativeMatrixConversionQCOM"]
    ) == {"VK_KHR_cooperative_matrix", "VK_QCOM_cooperative_matrix_conversion"}
