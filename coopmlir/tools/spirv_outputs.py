"""coopmlir-opt output targets: `-t spirv-asm` prints SPIR-V assembly,
`-t spirv-bin` writes the binary (`-o kernel.spv`).

xDSL targets write text; the binary target writes one character per byte
(latin-1), and coopmlir-opt writes those bytes unchanged (see
`coopmlir.tools.registry.BINARY_OUTPUTS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from coopmlir.spirv.serializer import serialize_to_assembly, serialize_to_binary


@dataclass(frozen=True)
class SpirvAssemblyOutput(Target):
    """The `spirv.module` of the input as spirv-as assembly."""

    name = "spirv-asm"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(serialize_to_assembly(module))


@dataclass(frozen=True)
class SpirvBinaryOutput(Target):
    """The `spirv.module` of the input as a SPIR-V binary, one char per byte."""

    name = "spirv-bin"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(serialize_to_binary(module).decode("latin-1"))
