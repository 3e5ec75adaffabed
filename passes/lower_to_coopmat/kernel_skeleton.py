"""The function every kernel kind is built in (issue 31's kernel layer): a
`gpu.func` marked `kernel`, its workgroup size, and the subgroup layout its
cooperative-matrix fragments follow. Kernels call `kernel_function` rather
than `gpu.FuncOp(...)`, so these facts are written once."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import gpu
from xdsl.ir import Attribute

from coopmlir.dialects import coopmat


def kernel_function(
    name: str,
    argument_types: Sequence[Attribute],
    threads: int,
    layout_subgroup: int | None = None,
) -> gpu.FuncOp:
    """An empty kernel `@name(argument_types)` with no results, run by
    `threads` work-items per workgroup (`known_block_size`). With
    `layout_subgroup` (the target's subgroup size), its coopmat fragments
    are laid out as tinytc lays them out (`coopmat.SubgroupLayoutAttr`, which
    coopmat-to-simt reads); kernels without fragments leave it out."""
    kernel = gpu.FuncOp(
        name, (list(argument_types), []), kernel=True, known_block_size=[threads, 1, 1]
    )
    if layout_subgroup is not None:
        kernel.attributes[coopmat.LAYOUT_ATTR_NAME] = coopmat.SubgroupLayoutAttr(
            "tinytc", layout_subgroup
        )
    return kernel
