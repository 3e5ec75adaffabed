"""What coopmlir-opt offers besides dialects: its passes and its output
formats (`-t`), as lazy factories (imports happen when a tool asks)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.passes import ModulePass
from xdsl.utils.target import Target


@dataclass(frozen=True)
class PassEntry:
    """The pass class `module.attr`, imported when the pass runs (calling the
    entry gives the class, as xDSL's pass factories do). `--help` reads its
    options from the source instead (`pass_source`), so listing the passes
    imports none of them."""

    module: str
    attr: str

    def __call__(self) -> type[ModulePass]:
        return getattr(importlib.import_module(self.module), self.attr)


#: Every pass coopmlir-opt offers, in `--help`'s order. A new pass is one line
#: here: its name, module and class.
PASSES: dict[str, PassEntry] = {
    "recognize-frontend": PassEntry(
        "coopmlir.passes.recognize_frontend", "RecognizeFrontend"
    ),
    "lower-to-coopmat": PassEntry("coopmlir.passes.lower_to_coopmat", "LowerToCoopmat"),
    "bufferize-matmul": PassEntry(
        "coopmlir.passes.bufferize_matmul", "BufferizeMatmul"
    ),
    "specialize-contractions": PassEntry(
        "coopmlir.passes.specialize_contractions", "SpecializeContractions"
    ),
    "convert-gpu-mma-to-coopmat": PassEntry(
        "coopmlir.passes.convert_gpu_mma_to_coopmat", "ConvertGpuMmaToCoopmat"
    ),
    "coopmat-to-simt": PassEntry("coopmlir.passes.coopmat_to_simt", "CoopmatToSimt"),
    "prepare-gpu-to-spirv": PassEntry(
        "coopmlir.passes.prepare_gpu_to_spirv", "PrepareGpuToSpirv"
    ),
    "convert-to-spirv": PassEntry("coopmlir.passes.convert_to_spirv", "ConvertToSpirv"),
    "lower-to-spirv": PassEntry("coopmlir.passes.lower_to_spirv", "LowerToSpirv"),
    # xDSL's cleanups, in linear time on nested regions (passes/cleanup.py)
    "canonicalize": PassEntry("coopmlir.passes.cleanup", "CanonicalizePass"),
    "cse": PassEntry("coopmlir.passes.cleanup", "CommonSubexpressionElimination"),
    "dce": PassEntry("coopmlir.passes.cleanup", "DeadCodeElimination"),
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
