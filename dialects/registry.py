"""The dialects coopmlir knows, as lazy factories, and the context and
parser that load them (`make_context`, `parse_module`, `read_module`)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect

from coopmlir.targets import DeviceQuery, TargetContext


def _coopmat() -> Dialect:
    from coopmlir.dialects.coopmat import Coopmat

    return Coopmat


def _linalg() -> Dialect:
    from coopmlir.dialects.linalg_mixed_precision import LinalgMixedPrecision

    return LinalgMixedPrecision


def _gpu() -> Dialect:
    import coopmlir.dialects.gpu_syntax  # noqa: F401 - installs MLIR's syntax
    from coopmlir.dialects.gpu_subgroup import GpuSubgroup

    return GpuSubgroup


def _spirv() -> Dialect:
    from coopmlir.dialects.spirv import SPIRV

    return SPIRV


def _upstream(module: str, attr: str) -> Callable[[], Dialect]:
    def load() -> Dialect:
        import importlib

        return getattr(importlib.import_module(f"xdsl.dialects.{module}"), attr)

    return load


DIALECTS: dict[str, Callable[[], Dialect]] = {
    "builtin": _upstream("builtin", "Builtin"),
    "func": _upstream("func", "Func"),
    "arith": _upstream("arith", "Arith"),
    "math": _upstream("math", "Math"),
    "memref": _upstream("memref", "MemRef"),
    "scf": _upstream("scf", "Scf"),
    "gpu": _gpu,
    "linalg": _linalg,
    "tensor": _upstream("tensor", "Tensor"),
    "vector": _upstream("vector", "Vector"),
    "test": _upstream("test", "Test"),
    "coopmat": _coopmat,
    "spirv": _spirv,
}


def make_context(query_device: DeviceQuery | None = None) -> TargetContext:
    """A context with every dialect coopmlir knows; `query_device` (the
    runtime's) lets passes take `target=vulkan[:DEVICE]`."""
    ctx = TargetContext(query_device=query_device)
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse_module(text: str | bytes, name: str = "<string>") -> ModuleOp:
    """Parse MLIR text with coopmlir's dialects (ops remember file:line:col)."""
    from coopmlir.diagnostics import LocatedParser

    return LocatedParser(make_context(), text, name).parse_module()


def read_module(path: str) -> ModuleOp:
    """Parse and verify an .mlir file; errors are `CompileError`s with the
    file:line:col of the problem."""
    from xdsl.utils.exceptions import ParseError

    from coopmlir.diagnostics import CompileError, parse_failure, verify_with_locations

    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as err:
        raise CompileError(f"error: cannot read {path}: {err.strerror}") from None
    try:
        module = parse_module(text, path)
    except ParseError as err:
        raise parse_failure(err) from None
    verify_with_locations(module)
    return module
