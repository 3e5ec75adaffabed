"""coopmlir-opt output targets: `-t spirv-asm` prints SPIR-V assembly,
`-t spirv-bin` writes the binary (`-o kernel.spv`).

xDSL targets write text; the binary target writes one character per byte
(latin-1), and coopmlir-opt writes those bytes unchanged (see
`coopmlir.tools.registry.BINARY_OUTPUTS`). Both run spirv-val on the module
first when it is installed (`-t 'spirv-bin{verify=false}'` skips it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from coopmlir.diagnostics import CompileError, location_of
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModule
from coopmlir.spirv import tools
from coopmlir.spirv.serializer import serialize_to_assembly, serialize_to_binary


def checked_binary(module: ModuleOp, verify: bool) -> bytes:
    """The module's SPIR-V; with `verify`, spirv-val (when installed) must
    accept it, or it is a CompileError: an invalid module never leaves the
    compiler with exit code 0."""
    binary = serialize_to_binary(module)
    if not verify:
        return binary
    try:
        tools.validate(binary)
    except tools.SpirvToolMissing:
        pass  # nothing to check with; the dialect verifiers still ran
    except tools.SpirvToolError as err:
        where = next(
            (op for op in module.walk() if isinstance(op, SpirvModule)), module
        )
        raise CompileError(
            f"{location_of(where)}: error: the SPIR-V module does not validate "
            "(if coopmlir made it from your input, please report that as a "
            f"bug):\n{err}"
        ) from None
    return binary


@dataclass(frozen=True)
class SpirvAssemblyOutput(Target):
    """The `spirv.module` of the input as spirv-as assembly."""

    name = "spirv-asm"

    verify: bool = True
    """Check the module with spirv-val first (when it is installed)."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        checked_binary(module, self.verify)
        output.write(serialize_to_assembly(module))


@dataclass(frozen=True)
class SpirvBinaryOutput(Target):
    """The `spirv.module` of the input as a SPIR-V binary, one char per byte."""

    name = "spirv-bin"

    verify: bool = True
    """Check the module with spirv-val first (when it is installed)."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        output.write(checked_binary(module, self.verify).decode("latin-1"))
