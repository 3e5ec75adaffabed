"""The serializer's binaries pass spirv-val; its assembly is what spirv-dis
prints (up to formatting) and spirv-as turns it back into the same binary;
the output is byte-identical run after run.

The modules are the `serialize-*.mlir` lit tests of test/dialects/spirv.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coopmlir.dialects.registry import parse_module
from coopmlir.spirv import tools
from coopmlir.spirv.binary import GENERATOR
from coopmlir.spirv.serializer import (
    serialize_to_assembly,
    serialize_to_binary,
    serialize_to_words,
)

SUITE = Path(__file__).parents[2] / "dialects" / "spirv"
MODULES = sorted(SUITE.glob("serialize-*.mlir"))


def load(path: Path):
    module = parse_module(path.read_text(), str(path))
    module.verify()
    return module


def test_there_are_modules_to_check():
    names = {p.stem for p in MODULES}
    assert {"serialize-compute-loop", "serialize-coopmatrix-khr"} <= names
    assert {"serialize-subgroup", "serialize-coopmatrix-nv"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_binary_passes_spirv_val(path):
    tools.validate(serialize_to_binary(load(path)))


def _tokens(text: str) -> list[object]:
    """Instruction tokens without comments; numbers as values, so that
    `0x1.4p+1` and `2.5` compare equal."""
    tokens: list[object] = []
    for line in text.splitlines():
        for word in line.split(";")[0].split():
            if re.fullmatch(
                r"-?(0x[0-9a-fA-F.]+p[-+]?\d+|\d+(\.\d*)?(e[-+]?\d+)?)", word
            ):
                tokens.append(float.fromhex(word) if "x" in word else float(word))
            else:
                tokens.append(word)
    return tokens


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_disassembly_matches_our_assembly(path):
    module = load(path)
    ours = serialize_to_assembly(module)
    theirs = tools.disassemble(serialize_to_binary(module))
    assert _tokens(theirs) == _tokens(ours)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_assembling_our_assembly_gives_our_binary(path):
    module = load(path)
    ours = serialize_to_words(module)
    data = tools.assemble(serialize_to_assembly(module))
    theirs = [int.from_bytes(data[i : i + 4], "little") for i in range(0, len(data), 4)]
    # Word 2 is the generator: spirv-as writes its own tool id there.
    assert ours[2] == GENERATOR
    assert theirs[:2] + theirs[3:] == ours[:2] + ours[3:]


def test_output_is_byte_identical_across_processes():
    path = MODULES[0]
    code = (
        "import sys; from coopmlir.dialects.registry import parse_module;"
        "from coopmlir.spirv.serializer import serialize_to_binary;"
        f"m = parse_module(open({str(path)!r}).read());"
        "sys.stdout.buffer.write(serialize_to_binary(m))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "1", "12345")
    }
    assert len(outputs) == 1
    assert outputs == {serialize_to_binary(load(path))}


def test_missing_tool_is_an_error(monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    with pytest.raises(tools.SpirvToolMissing, match="spirv-val not found"):
        tools.validate(b"")


def test_rejected_module_reports_spirv_val_output():
    with pytest.raises(tools.SpirvToolError, match="spirv-val failed"):
        tools.validate(b"\x03\x02\x23\x07")
