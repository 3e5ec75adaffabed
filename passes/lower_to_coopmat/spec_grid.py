"""`spec-constants=true`: the subgroup grid SMxSN of a fragment kernel left
open as SPIR-V specialization constants (`subgroups_m`, `subgroups_n`,
`coopmlir/specialization.py`; defaults: the plan's), so one binary runs
several workgroup tiles (docs/features/specialization-constants.md).

Each subgroup keeps the plan's fragments (the accumulators are values of
the kernel, so their number is its structure); the workgroup tile is
SM x subgroup tile by SN x subgroup tile, the workgroup SM * SN subgroups.
The kernel and the host code read the same two `coopmat.spec_constant`s:
the kernel places its subgroups with them, the host computes the grid and
the workgroup size from them and asserts that the tile divides M and N
(the kernel has no edge checks), so a value set the problem does not take
fails before any kernel runs."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseArrayBase, SymbolRefAttr, i32
from xdsl.dialects.gpu import FuncOp
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat.kernel_builder import FoldingArithmetic, Index
from coopmlir.passes.lower_to_coopmat.launch import (
    HostCode,
    erase_fill,
    replace_by_launch,
)
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.specialization import SPEC_IDS, SPEC_WORKGROUP_ATTR
from coopmlir.targets import Target
from coopmlir.tiling import TileConfig


def refusal(matmul: Matmul, config: TileConfig) -> str | None:
    """Why `matmul` with `config` cannot leave its subgroup grid open, or None."""
    if matmul.dynamic:
        return "needs static sizes (the grid is computed from M and N)"
    if matmul.a_address is not None or matmul.b_address is not None:
        return "takes plain matmuls (not a convolution's implicit GEMM)"
    if config.stages != 0:
        stages = config.stages
        return f"needs stages=0 (stages={stages} sizes workgroup memory by the tile)"
    if config.split_k != 1 or config.raster != 1:
        return "needs split-k=1 and raster=1 (both are planned for one tile)"
    tile_m, tile_n, tile_k = config.tile
    if matmul.m % tile_m or matmul.n % tile_n or matmul.k % tile_k:
        return (
            f"needs M, N and K multiples of the tile {tile_m}x{tile_n}x{tile_k} "
            "(the kernel has no edge checks)"
        )
    return None


def grid_values(b: FoldingArithmetic, config: TileConfig) -> tuple[SSAValue, SSAValue]:
    """The values of `subgroups_m` and `subgroups_n`, emitted through `b`."""
    values = []
    for name, default in zip(
        ("subgroups_m", "subgroups_n"), config.subgroups, strict=True
    ):
        op = coopmat.SpecConstantOp(name, SPEC_IDS[name], default)
        b.emit(op)
        values.append(op.result)
    return values[0], values[1]


def mark_kernel(kernel: FuncOp, config: TileConfig, subgroup_size: int) -> None:
    """Drop `known_block_size` (not known: it follows the values) and say
    which workgroup size the defaults give."""
    threads = config.workgroup_size(subgroup_size)
    kernel.known_block_size = None
    kernel.attributes[SPEC_WORKGROUP_ATTR] = DenseArrayBase.from_list(
        i32, [threads, 1, 1]
    )


def launch_specialized(
    rewriter: PatternRewriter,
    matmul: Matmul,
    config: TileConfig,
    target: Target,
    kernel: SymbolRefAttr,
    operands: Sequence[SSAValue] | None = None,
) -> None:
    """Replace the fill and matmul by the launch of `kernel` on the grid and
    workgroup size that the values give, after asserting that the workgroup
    tile divides M and N."""
    op = matmul.op
    host = HostCode(rewriter, op)
    sm, sn = grid_values(host, config)
    sub_m, sub_n = config.subgroup_tile
    grid: list[Index] = []
    for dim, count, sub in (("n", sn, sub_n), ("m", sm, sub_m)):
        size = getattr(matmul, dim)
        tile = host.mul(count, sub)
        host.check(
            arith.CmpiOp(host.value(host.rem(size, tile)), host.constant(0), "eq"),
            f"subgroups_{dim}: the workgroup tile (subgroups_{dim} x {sub}) must "
            f"divide {dim.upper()}={size}",
        )
        grid.append(host.div(size, tile))
    grid.append(matmul.batch or 1)
    threads = host.mul(host.mul(sm, sn), target.subgroup_size)
    arguments = list(operands or matmul.operands)
    replace_by_launch(rewriter, op, kernel, grid, threads, arguments, host)
    erase_fill(rewriter, matmul)
