"""What coopmlir-opt offers besides dialects: its passes and its output
formats (`-t`), as lazy factories (imports happen when a tool asks)."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.passes import ModulePass
from xdsl.utils.target import Target


def _lower_to_coopmat() -> type[ModulePass]:
    from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

    return LowerToCoopmat


def _recognize_frontend() -> type[ModulePass]:
    from coopmlir.passes.recognize_frontend import RecognizeFrontend

    return RecognizeFrontend


def _bufferize_matmul() -> type[ModulePass]:
    from coopmlir.passes.bufferize_matmul import BufferizeMatmul

    return BufferizeMatmul


def _coopmat_to_simt() -> type[ModulePass]:
    from coopmlir.passes.coopmat_to_simt import CoopmatToSimt

    return CoopmatToSimt


def _specialize_contractions() -> type[ModulePass]:
    from coopmlir.passes.specialize_contractions import SpecializeContractions

    return SpecializeContractions


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
    "recognize-frontend": _recognize_frontend,
    "lower-to-coopmat": _lower_to_coopmat,
    "bufferize-matmul": _bufferize_matmul,
    "specialize-contractions": _specialize_contractions,
    "coopmat-to-simt": _coopmat_to_simt,
    "convert-to-spirv": _convert_to_spirv,
    "lower-to-spirv": _lower_to_spirv,
    "canonicalize": _upstream_pass("canonicalize", "CanonicalizePass"),
    "cse": _upstream_pass(
        "common_subexpression_elimination", "CommonSubexpressionElimination"
    ),
    "dce": _upstream_pass("dead_code_elimination", "DeadCodeElimination"),
}


def _spirv_output(name: str) -> Callable[[], type[Target]]:
    def load() -> type[Target]:
        from coopmlir.tools import spirv_outputs

        return getattr(spirv_outputs, name)

    return load


def _mlir_output() -> type[Target]:
    from xdsl.targets.mlir import MLIRTarget

    return MLIRTarget


#: Output formats of coopmlir-opt (`-t name`): MLIR text (the default) and
#: SPIR-V; xDSL's other backends are not offered, as they know no coopmlir
#: op. (xDSL calls them targets; coopmlir's `Target` is a device description.)
OUTPUT_FORMATS: dict[str, Callable[[], type[Target]]] = {
    "mlir": _mlir_output,
    "spirv-asm": _spirv_output("SpirvAssemblyOutput"),
    "spirv-bin": _spirv_output("SpirvBinaryOutput"),
}

#: Output formats whose text is bytes (one latin-1 character per byte).
BINARY_OUTPUTS = frozenset({"spirv-bin"})
