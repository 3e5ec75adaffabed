"""The generated grammar tables are current and agree with a second Khronos
source (spirv.json of the same headers), and the lookups behave."""

from __future__ import annotations

import json

import pytest

from coopmlir.dialects.spirv import grammar
from coopmlir.dialects.spirv import grammar_tables as tables
from coopmlir.spirv import generate_tables


def test_committed_table_is_current(tmp_path):
    out = tmp_path / "grammar_tables.py"
    generate_tables.main(["-o", str(out)])
    assert out.read_text() == generate_tables.OUTPUT.read_text(), (
        "dialects/spirv/grammar_tables.py is stale: run "
        "`python -m coopmlir.spirv.generate_tables`"
    )


def _spirv_json() -> dict:
    folder = generate_tables.find_grammar_dir()
    return json.loads((folder / "spirv.json").read_text())["spv"]


def test_opcodes_and_enums_match_spirv_json():
    enums = {e["Name"]: e["Values"] for e in _spirv_json()["enum"]}
    for name, opcode in enums["Op"].items():
        assert tables.OPCODES[name] == opcode, name
    for kind in ("Capability", "StorageClass", "Decoration", "BuiltIn", "Scope"):
        for name, value in enums[kind].items():
            assert grammar.enum_value(kind, name) == value, (kind, name)


def test_lookups():
    assert grammar.opcode("OpCooperativeMatrixMulAddKHR") == 4459
    assert [s.kind for s in grammar.operands("OpLoad")] == [
        "IdResultType",
        "IdResult",
        "IdRef",
        "MemoryAccess",
    ]
    assert grammar.operands("OpLoad")[-1].quantifier == "?"
    assert grammar.has_result("OpIAdd") and not grammar.has_result("OpStore")
    assert grammar.enum_value("MemorySemantics", "AcquireRelease|WorkgroupMemory") == (
        0x8 | 0x100
    )
    assert [s.kind for s in grammar.enum_parameters("Decoration", "BuiltIn")] == [
        "BuiltIn"
    ]
    assert grammar.glsl_std_450("FMax") == 40
    nv = grammar.instruction_requirements("OpTypeCooperativeMatrixNV")
    assert nv.capabilities == ("CooperativeMatrixNV",)
    assert nv.extensions == ("SPV_NV_cooperative_matrix",)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: grammar.opcode("OpFrobnicate"), "not a SPIR-V instruction"),
        (lambda: grammar.enum_value("Scope", "Galaxy"), "not a SPIR-V Scope"),
        (lambda: grammar.enum_value("Scope", "Device|Subgroup"), "not a bit enum"),
    ],
)
def test_unknown_names_are_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
