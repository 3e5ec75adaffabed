"""coopmlir-opt's SPIR-V targets: `-t spirv-asm`, `-t spirv-bin`, `-o x.spv`;
input that cannot be serialized is a located error, exit code 1 and no
output file."""

from __future__ import annotations

import subprocess
from pathlib import Path

from support.hang_guard import HANG_GUARD_S

from coopmlir.spirv import tools

SUITE = Path(__file__).parents[2] / "dialects" / "spirv"
KERNEL = SUITE / "serialize-coopmatrix-khr.mlir"


def opt(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["coopmlir-opt", *args], capture_output=True, timeout=HANG_GUARD_S
    )


def test_spv_output_file_is_the_binary(tmp_path):
    out = tmp_path / "kernel.spv"
    result = opt(str(KERNEL), "-o", str(out))
    assert result.returncode == 0, result.stderr
    tools.validate(out.read_bytes())
    assert opt(str(KERNEL), "-t", "spirv-bin").stdout == out.read_bytes()


def test_assembly_target_prints_text():
    result = opt(str(KERNEL), "-t", "spirv-asm")
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode()
    assert "OpCooperativeMatrixMulAddKHR" in text
    assert tools.assemble(text)  # spirv-as accepts it


UNSERIALIZABLE = """\
spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader], []> {
  spirv.GlobalVariable @c : !spirv.ptr<f32, Private>
  spirv.GlobalVariable @v initializer(@c) : !spirv.ptr<f32, Private>
}
"""


def test_unserializable_input_is_a_located_error(tmp_path):
    source = tmp_path / "bad.mlir"
    source.write_text(UNSERIALIZABLE)
    out = tmp_path / "bad.spv"
    result = opt(str(source), "-o", str(out))
    assert result.returncode == 1
    assert result.stderr.decode().startswith(f"{source}:3:3: error: ")
    assert "initializers are not supported" in result.stderr.decode()
    assert not out.exists()


def test_module_without_vce_is_an_error(tmp_path):
    source = tmp_path / "novce.mlir"
    source.write_text("spirv.module Logical Vulkan {\n}\n")
    result = opt(str(source), "-t", "spirv-asm")
    assert result.returncode == 1
    assert "needs `requires #spirv.vce<...>`" in result.stderr.decode()
    assert "Traceback" not in result.stderr.decode()
