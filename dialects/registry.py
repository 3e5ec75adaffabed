"""Which dialects and passes coopmlir tools know, as lazy factories."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.utils.target import Target


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


def _lower_to_coopmat() -> type[ModulePass]:
    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

    return LowerToCoopmat


def _bufferize_matmul() -> type[ModulePass]:
    from coopmlir.passes.bufferize_matmul import BufferizeMatmul

    return BufferizeMatmul


def _coopmat_to_simt() -> type[ModulePass]:
    from coopmlir.passes.coopmat_to_simt import CoopmatToSimt

    return CoopmatToSimt


def _convert_to_spirv() -> type[ModulePass]:
    from coopmlir.passes.convert_to_spirv import ConvertToSpirv

    return ConvertToSpirv


def _lower_to_spirv() -> type[ModulePass]:
    from coopmlir.passes.lower_to_spirv import LowerToSpirv

    return LowerToSpirv


def _upstream_pass(module: str, attr: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        import importlib

        return getattr(importlib.import_module(f"xdsl.transforms.{module}"), attr)

    return load


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "lower-to-coopmat": _lower_to_coopmat,
    "bufferize-matmul": _bufferize_matmul,
    "coopmat-to-simt": _coopmat_to_simt,
    "convert-to-spirv": _convert_to_spirv,
    "lower-to-spirv": _lower_to_spirv,
    "canonicalize": _upstream_pass("canonicalize", "CanonicalizePass"),
    "cse": _upstream_pass(
        "common_subexpression_elimination", "CommonSubexpressionElimination"
    ),
    "dce": _upstream_pass("dead_code_elimination", "DeadCodeElimination"),
}


def _spirv_target(name: str) -> Callable[[], type[Target]]:
    def load() -> type[Target]:
        from coopmlir.spirv import targets

        return getattr(targets, name)

    return load


#: Output targets of coopmlir-opt (`-t name`), besides xDSL's own.
TARGETS: dict[str, Callable[[], type[Target]]] = {
    "spirv-asm": _spirv_target("SpirvAssemblyTarget"),
    "spirv-bin": _spirv_target("SpirvBinaryTarget"),
}

#: Targets whose text is bytes (one latin-1 character per byte).
BINARY_TARGETS = frozenset({"spirv-bin"})


def make_context() -> Context:
    """A context with every dialect coopmlir tools know."""
    ctx = Context()
    for name, factory in DIALECTS.items():
        ctx.register_dialect(name, factory)
    return ctx


def parse_module(text: str, name: str = "<string>") -> ModuleOp:
    """Parse MLIR text with coopmlir's dialects (ops remember file:line:col)."""
    from coopmlir.diagnostics import LocatedParser

    return LocatedParser(make_context(), text, name).parse_module()


def read_module(path: str) -> ModuleOp:
    """Parse and verify an .mlir file; errors are `CompileError`s with the
    file:line:col of the problem."""
    from xdsl.utils.exceptions import ParseError

    from coopmlir.diagnostics import CompileError, parse_failure, verify_with_locations

    try:
        with open(path) as f:
            text = f.read()
    except OSError as err:
        raise CompileError(f"error: cannot read {path}: {err.strerror}") from None
    try:
        module = parse_module(text, path)
    except ParseError as err:
        raise parse_failure(err) from None
    verify_with_locations(module)
    return module
