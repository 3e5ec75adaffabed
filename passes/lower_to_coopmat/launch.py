"""Host side of lower-to-coopmat: the `gpu.launch_func` that replaces the
matmul (and its fill) and the `gpu.module` that holds the kernels."""

from __future__ import annotations

from xdsl.dialects import arith, func, gpu
from xdsl.dialects.builtin import (
    IndexType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
)
from xdsl.ir import Block, Operation, Region, SSAValue

from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.targets import Target
from coopmlir.tiling import (
    TileConfig,
)

# --------------------------------------------------------------------------
# Host side: the launch and the gpu.module
# --------------------------------------------------------------------------


def launch(
    matmul: Matmul, config: TileConfig, target: Target, kernel: SymbolRefAttr
) -> None:
    """Replace the fill and matmul by a launch of `kernel` on the full grid."""
    grid = config.grid(matmul.problem())
    threads = config.workgroup_size(target.subgroup_size)
    replace_by_launch(matmul.op, kernel, grid, threads, list(matmul.operands))
    if matmul.fill is not None:
        source = matmul.fill.inputs[0].owner
        matmul.fill.detach()
        matmul.fill.erase()
        if isinstance(source, Operation) and not source.results[0].uses:
            source.detach()
            source.erase()


def replace_by_launch(
    op: Operation,
    kernel: SymbolRefAttr,
    grid: tuple[int, int, int],
    threads: int,
    operands: list[SSAValue],
) -> None:
    """Replace `op` by a `gpu.launch_func` of `kernel` on `grid` workgroups
    of `threads` work-items."""
    block = (threads, 1, 1)
    consts: dict[int, SSAValue] = {}
    for size in (*grid, *block):
        if size not in consts:
            c = arith.ConstantOp(IntegerAttr(size, IndexType()))
            op.parent_block().insert_op_before(c, op)
            consts[size] = c.result
    call = gpu.LaunchFuncOp(
        kernel,
        [consts[s] for s in grid],
        [consts[s] for s in block],
        kernelOperands=operands,
    )
    op.parent_block().insert_op_before(call, op)
    op.detach()
    op.erase()


def function_of(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def kernel_module(module: ModuleOp, host: func.FuncOp) -> gpu.ModuleOp:
    """The `gpu.module @<host>_kernels` after `host`, created on first use."""
    name = f"{host.sym_name.data}_kernels"
    for op in module.body.block.ops:
        if isinstance(op, gpu.ModuleOp) and op.sym_name.data == name:
            return op
    kernels = gpu.ModuleOp(StringAttr(name), Region(Block()))
    module.body.block.insert_op_after(kernels, host)
    return kernels
