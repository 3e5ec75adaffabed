"""lower-to-spirv: the one-flag pipeline from `linalg.matmul` to SPIR-V.

`--lower-to-spirv="target=h100-vulkan"` runs `lower-to-coopmat` for the
target, then, on targets without matrix units (`lavapipe`, `simt`),
`coopmat-to-simt`, and finally `convert-to-spirv` (`coopmat=khr|nv|nv2|auto` picks the
matrix extension). Options left out are chosen as `lower-to-coopmat` chooses
them. `-t spirv-asm` / `-o kernel.spv` then write the module.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from coopmlir.diagnostics import CompileError
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import Target, resolve_target


def lower_to_kernels(ctx: Context, module: ModuleOp, target: Target, **options) -> None:
    """L0 -> L1 (`lower-to-coopmat` for `target`), then L2 (`coopmat-to-simt`)
    when the target has no matrix units, in place: the pipeline up to
    convert-to-spirv, shared by `--lower-to-spirv` and the Vulkan runtime.
    `options` are lower-to-coopmat's (tile, subgroups, mma, stages, explain)."""
    LowerToCoopmat(**options).lower(module, target)
    if not target.has_matrix_units:
        CoopmatToSimt(subgroup_size=target.subgroup_size).apply(ctx, module)


@dataclass(frozen=True)
class LowerToSpirv(ModulePass):
    """`--lower-to-spirv="target=lavapipe stages=1 coopmat=khr"`."""

    name = "lower-to-spirv"

    target: str = "generic"
    """Device, as for lower-to-coopmat; no matrix units: the SIMT route."""
    tile: str | None = None
    """Workgroup tile TMxTNxTK (default: the cost model's)."""
    subgroups: str | None = None
    """Subgroup grid SMxSN inside the workgroup tile."""
    mma: str | None = None
    """Cooperative-matrix shape mxnxk, one the target lists."""
    stages: int | None = None
    """0, 1, 2 or 3, as for lower-to-coopmat."""
    raster: int | None = None
    """Workgroup order, as for lower-to-coopmat."""
    accumulator_bytes: int | None = None
    """Accumulator register budget, as for lower-to-coopmat."""
    tune: str | None = None
    """Autotuning cache, as for lower-to-coopmat."""
    split_k: int | None = None
    """Split-K slices, as for lower-to-coopmat (default: its fill heuristic)."""

    scope: str = "subgroup"
    """Matrix scope, as for lower-to-coopmat (workgroup needs coopmat=nv2)."""

    workgroup_invocations: int | None = None
    """scope=workgroup: work-items per workgroup, as for lower-to-coopmat."""
    coopmat: str = "khr"
    """Cooperative-matrix extension: khr, nv, nv2 or auto (the target's)."""
    kernel: str | None = None
    """fragments or simt-tiled, as for lower-to-coopmat (default: the target's)."""
    micro_tile: str | None = None
    """kernel=simt-tiled: accumulators per work-item, as for lower-to-coopmat."""
    smem_layout: str | None = None
    """kernel=simt-tiled: pad or xor, as for lower-to-coopmat."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            target = resolve_target(self.target, ctx)
        except ValueError as err:
            raise CompileError(f"error: lower-to-spirv: {err}") from None
        options = dict(
            tile=self.tile,
            subgroups=self.subgroups,
            mma=self.mma,
            stages=self.stages,
            raster=self.raster,
            accumulator_bytes=self.accumulator_bytes,
            tune=self.tune,
            kernel=self.kernel,
            micro_tile=self.micro_tile,
            smem_layout=self.smem_layout,
            split_k=self.split_k,
            scope=self.scope,
            workgroup_invocations=self.workgroup_invocations,
        )
        lower_to_kernels(ctx, op, target, **options)
        ConvertToSpirv(coopmat=self.coopmat, target=self.target).apply(ctx, op)
