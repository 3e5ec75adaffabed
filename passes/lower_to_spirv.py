"""lower-to-spirv: the one-flag pipeline from `linalg.matmul` to SPIR-V.

`--lower-to-spirv="target=h100-vulkan"` runs the pipeline in its order:
`convert-gpu-mma-to-coopmat` where MLIR's `gpu.subgroup_mma_*` ops are,
`recognize-frontend` (what front ends write, normalized to L0) and
`lower-to-coopmat` for the target (`LowerToCoopmat.lower` runs both, the
options checked first), then, on targets without matrix units (`lavapipe`,
`simt`), `coopmat-to-simt`, and finally `convert-to-spirv`
(`coopmat=khr|nv|nv2|auto` picks the matrix extension). Options left out
are chosen as `lower-to-coopmat` chooses them. `-t spirv-asm` /
`-o kernel.spv` then write the module.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.gpu_mma import has_mma_ops
from coopmlir.passes.convert_gpu_mma_to_coopmat import convert_gpu_mma
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.options import KernelOptions
from coopmlir.targets import Target, resolve_target


def lower_to_kernels(ctx: Context, module: ModuleOp, target: Target, **options) -> None:
    """Front-end forms or L0 -> L1 (`recognize-frontend`, then
    `lower-to-coopmat` for `target`), then L2 (`coopmat-to-simt`) when the
    target has no matrix units, in place: the pipeline up to
    convert-to-spirv, shared by `--lower-to-spirv` and the Vulkan runtime.
    `options` are lower-to-coopmat's (`KernelOptions` fields). MLIR's
    WMMA-style kernels (`gpu.subgroup_mma_*`) become coopmat first."""
    if has_mma_ops(module):
        convert_gpu_mma(module)
    LowerToCoopmat(**options).lower(module, target)
    if not target.has_matrix_units:
        CoopmatToSimt(subgroup_size=target.subgroup_size).apply(ctx, module)


@dataclass(frozen=True)
class LowerToSpirv(KernelOptions, ModulePass):
    """`--lower-to-spirv="target=lavapipe stages=1 coopmat=khr"`: every
    option of lower-to-coopmat (options.py), and the matrix extension."""

    name = "lower-to-spirv"

    coopmat: str = "khr"
    """Cooperative-matrix extension: khr, nv, nv2 or auto (the target's)."""

    drop_gpu_module: bool = False
    """Keep only the spirv.modules: drop the gpu.modules and the host code
    that launches them (convert-to-spirv's option)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            target = resolve_target(self.target, ctx)
        except ValueError as err:
            raise CompileError(f"error: lower-to-spirv: {err}") from None
        lower_to_kernels(ctx, op, target, **self.kernel_options())
        ConvertToSpirv(
            coopmat=self.coopmat,
            target=self.target,
            drop_gpu_module=self.drop_gpu_module,
        ).apply(ctx, op)
