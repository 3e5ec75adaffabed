"""How convert-to-spirv refuses input: a `LoweringError` raised where an op
or type has no lowering, turned by `fail` into a located `CompileError` at
the op being lowered."""

from __future__ import annotations

from xdsl.ir import Operation

from coopmlir.diagnostics import CompileError, location_of


class LoweringError(Exception):
    """An op or type without a SPIR-V lowering; becomes a located error."""


def fail(op: Operation, message: str) -> CompileError:
    return CompileError.at(location_of(op), f"'{op.name}' op {message}")
