"""The function every kernel kind is built in (issue 31's kernel layer): a
`gpu.func` marked `kernel`, its workgroup size, and the subgroup layout its
cooperative-matrix fragments follow; its name and the `gpu.module` it goes
into (`new_kernel`), the source location its ops take (`add_kernels`), and
the remarks that explain it (`remark`).
Kernels call these rather than `gpu.FuncOp(...)`, so the facts are written
once."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import gpu
from xdsl.dialects.builtin import ModuleOp, SymbolRefAttr, UnknownLoc
from xdsl.ir import Attribute, Operation
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from coopmlir import diagnostics
from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.launch import function_of, kernel_module


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


def new_kernel(
    rewriter: PatternRewriter, module: ModuleOp, source: Operation, role: str = ""
) -> tuple[gpu.ModuleOp, str]:
    """The `gpu.module` of the host function holding `source` (inserted
    through `rewriter` on first use), and a free kernel name in it: the
    function's name, then `role` (what the kernel computes, e.g.
    `_attention`, `_aligned`), then `_<count>` if taken."""
    host = function_of(source)
    assert host is not None  # lower-to-coopmat checked it (_require_host_functions)
    kernels = kernel_module(rewriter, module, host)
    base = host.sym_name.data + role
    return kernels, free_name(kernels, base)


def free_name(kernels: gpu.ModuleOp, base: str) -> str:
    """`base`, or `base_<count>` (count: the kernels already in `kernels`)
    where a kernel is already called `base`."""
    names = {
        f.sym_name.data for f in kernels.body.block.ops if isinstance(f, gpu.FuncOp)
    }
    return base if base not in names else f"{base}_{len(names)}"


def add_kernels(
    rewriter: PatternRewriter,
    kernels: gpu.ModuleOp,
    new: Sequence[gpu.FuncOp],
    source: Operation,
    locate_module: bool = True,
) -> list[SymbolRefAttr]:
    """Append the kernels `new` to `kernels` through `rewriter`; the
    symbols that launch them.
    As MLIR rewrites do, the new ops (and, with `locate_module`, the
    `gpu.module`) take `source`'s location where they have none, so that
    later passes (convert-to-spirv) report errors at its source line."""
    for kernel in new:
        rewriter.insert(kernel, InsertPoint.at_end(kernels.body.block))
    located = [o for kernel in new for o in kernel.walk()]
    for op in [kernels, *located] if locate_module else located:
        if isinstance(op.location, UnknownLoc):
            op.location = source.location
    return [SymbolRefAttr(kernels.sym_name.data, [k.sym_name.data]) for k in new]


def remark(op: Operation, message: str) -> None:
    """A lower-to-coopmat remark at `op` (printed with explain=1)."""
    diagnostics.remark(op, "lower-to-coopmat", message)
