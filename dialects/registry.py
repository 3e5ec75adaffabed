"""The dialects coopmlir knows, as lazy factories, and the context and
parser that load them (`make_context`, `parse_module`, `read_module`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect

from coopmlir.targets import DeviceQuery, TargetContext


def _coopmat() -> Dialect:
    from coopmlir.dialects.coopmat import Coopmat
    from coopmlir.dialects.mlir_form import install_mlir_form

    # MLIR writes the ops of an IRDL dialect generic, enums as strings.
    install_mlir_form(Coopmat)
    return Coopmat


def _linalg() -> Dialect:
    from coopmlir.dialects.linalg_mixed_precision import LinalgMixedPrecision
    from coopmlir.dialects.linalg_named import with_named_ops
    from coopmlir.dialects.linalg_syntax import install_linalg_syntax

    # Reading a linalg.generic with several results needs it.
    install_linalg_syntax()
    return with_named_ops(LinalgMixedPrecision)


def _attention() -> Dialect:
    from coopmlir.dialects.attention import Attention
    from coopmlir.dialects.mlir_form import install_mlir_form

    install_mlir_form(Attention)  # as for coopmat
    return Attention


def _gpu() -> Dialect:
    from coopmlir.dialects.gpu_subgroup import GpuSubgroup
    from coopmlir.dialects.gpu_syntax import install_gpu_syntax

    # Parsing MLIR's spelling of gpu ops needs it (xDSL's plugin path).
    install_gpu_syntax()
    return GpuSubgroup


def _arith() -> Dialect:
    from xdsl.dialects.arith import Arith

    from coopmlir.dialects.arith_syntax import install_arith_syntax

    # Reading MLIR 22's generic arith.trunci needs it (xDSL's plugin path).
    install_arith_syntax()
    return Arith


def _vector() -> Dialect:
    from xdsl.dialects.vector import Vector

    from coopmlir.dialects.vector_syntax import install_vector_syntax

    # Reading MLIR 22's generic vector.load `alignment` needs it.
    install_vector_syntax()
    return Vector


def _memref() -> Dialect:
    from coopmlir.dialects.memref_global import MemRefWithGlobals
    from coopmlir.dialects.memref_syntax import install_memref_syntax

    # Reading mlir-opt's memref.copy and memref.cast needs it.
    install_memref_syntax()
    return MemRefWithGlobals


def _spirv() -> Dialect:
    from coopmlir.dialects.spirv import SPIRV

    return SPIRV


@dataclass(frozen=True)
class Upstream:
    """xDSL's own dialect `xdsl.dialects.<module>.<attr>`, unchanged (the
    entries of DIALECTS that are not this are coopmlir's own or its fixes)."""

    module: str
    attr: str

    def __call__(self) -> Dialect:
        import importlib

        return getattr(
            importlib.import_module(f"xdsl.dialects.{self.module}"), self.attr
        )


DIALECTS: dict[str, Callable[[], Dialect]] = {
    "builtin": Upstream("builtin", "Builtin"),
    "func": Upstream("func", "Func"),
    "arith": _arith,
    "cf": Upstream("cf", "Cf"),
    "math": Upstream("math", "Math"),
    "memref": _memref,
    "scf": Upstream("scf", "Scf"),
    "gpu": _gpu,
    "linalg": _linalg,
    "tensor": Upstream("tensor", "Tensor"),
    "vector": _vector,
    "test": Upstream("test", "Test"),
    "coopmat": _coopmat,
    "coopmlir": _attention,
    "spirv": _spirv,
}


def install_mlir_syntax() -> None:
    """MLIR's spelling on xDSL's gpu, arith, vector, memref and linalg op classes, for
    the whole process (idempotent). Each dialect's factory installs its own
    when a context loads it; code that builds those ops without loading
    their dialect (a pass) needs this first."""
    from coopmlir.dialects.arith_syntax import install_arith_syntax
    from coopmlir.dialects.gpu_syntax import install_gpu_syntax
    from coopmlir.dialects.linalg_syntax import install_linalg_syntax
    from coopmlir.dialects.memref_syntax import install_memref_syntax
    from coopmlir.dialects.vector_syntax import install_vector_syntax

    install_gpu_syntax()
    install_linalg_syntax()
    install_arith_syntax()
    install_vector_syntax()
    install_memref_syntax()


def make_context(
    query_device: DeviceQuery | None = None, *, mlir_syntax: bool = True
) -> TargetContext:
    """A context with every dialect coopmlir knows; `query_device` (the
    runtime's) lets passes take `target=vulkan[:DEVICE]`.

    It installs MLIR's syntax on xDSL's ops (`install_mlir_syntax`) for the
    whole process, so that what coopmlir builds prints the way MLIR spells
    it; importing coopmlir alone does not. `mlir_syntax=False` leaves that
    to the dialects as they load and to the caller before passes run
    (coopmlir-opt: `--help` need not import the dialects)."""
    if mlir_syntax:
        install_mlir_syntax()
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
