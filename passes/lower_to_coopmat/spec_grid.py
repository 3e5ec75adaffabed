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
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseArrayBase,
    StringAttr,
    SymbolRefAttr,
    i32,
)
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
from coopmlir.passes.lower_to_coopmat.matmul_plan import MatmulPlan
from coopmlir.specialization import (
    MATRIX_PARAMETERS,
    SPEC_IDS,
    SPEC_MATRIX_ATTR,
    SPEC_WORKGROUP_ATTR,
)
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
    sm, sn = (
        _spec_constant(b, name, default)
        for name, default in zip(
            ("subgroups_m", "subgroups_n"), config.subgroups, strict=True
        )
    )
    return sm, sn


def matrix_values(
    b: FoldingArithmetic, config: TileConfig
) -> tuple[SSAValue, SSAValue, SSAValue]:
    """The values of `coopmat_m`, `coopmat_n`, `coopmat_k`, emitted through `b`."""
    m, n, k = (
        _spec_constant(b, name, default)
        for name, default in zip(MATRIX_PARAMETERS, config.mma, strict=True)
    )
    return m, n, k


def spec_tile(
    b: FoldingArithmetic, config: TileConfig, mnk: tuple[Index, Index, Index]
) -> tuple[Index, Index, Index]:
    """The subgroup tile (frags_m x m, frags_n x n) and the K tile (its k
    steps x k) of fragments of `mnk`."""
    m, n, k = mnk
    steps = config.tile_k // config.mma_k
    return b.mul(config.frags_m, m), b.mul(config.frags_n, n), b.mul(steps, k)


def _spec_constant(b: FoldingArithmetic, name: str, default: int) -> SSAValue:
    op = coopmat.SpecConstantOp(name, SPEC_IDS[name], default)
    b.emit(op)
    return op.result


def mark_kernel(
    kernel: FuncOp, config: TileConfig, subgroup_size: int, matrix: bool
) -> None:
    """Drop `known_block_size` (not known: it follows the values), say which
    workgroup size the defaults give and, with `matrix`, that the matrix
    types' sizes follow `coopmat_m/n/k`."""
    threads = config.workgroup_size(subgroup_size)
    kernel.known_block_size = None
    kernel.attributes[SPEC_WORKGROUP_ATTR] = DenseArrayBase.from_list(
        i32, [threads, 1, 1]
    )
    if matrix:
        kernel.attributes[SPEC_MATRIX_ATTR] = ArrayAttr(
            StringAttr(name) for name in MATRIX_PARAMETERS
        )


def launch_specialized(
    rewriter: PatternRewriter,
    plan: MatmulPlan,
    subgroup_size: int,
    kernel: SymbolRefAttr,
    operands: Sequence[SSAValue] | None = None,
) -> None:
    """Replace the fill and matmul of `plan` by the launch of `kernel` on
    the grid and workgroup size (of `subgroup_size` subgroups) that the
    values give, after asserting that the workgroup tile divides M and N
    (and, where the m, n, k are constants, that the K tile divides K)."""
    matmul, config, matrix = plan.matmul, plan.config, plan.spec_matrix
    op = matmul.op
    host = HostCode(rewriter, op)
    sm, sn = grid_values(host, config)
    sub_m, sub_n = config.subgroup_tile
    what_m, what_n = f"subgroups_m x {sub_m}", f"subgroups_n x {sub_n}"
    if matrix:
        sub_m, sub_n, tile_k = spec_tile(host, config, matrix_values(host, config))
        what_m = f"subgroups_m x {config.frags_m} x coopmat_m"
        what_n = f"subgroups_n x {config.frags_n} x coopmat_n"
        steps = config.tile_k // config.mma_k
        _check_divides(host, tile_k, matmul.k, f"the K tile ({steps} x coopmat_k)", "K")
    grid: list[Index] = []
    for dim, count, sub, what in (("n", sn, sub_n, what_n), ("m", sm, sub_m, what_m)):
        size = getattr(matmul, dim)
        tile = host.mul(count, sub)
        _check_divides(host, tile, size, f"the workgroup tile ({what})", dim.upper())
        grid.append(host.div(size, tile))
    grid.append(matmul.batch or 1)
    threads = host.mul(host.mul(sm, sn), subgroup_size)
    arguments = list(operands or matmul.operands)
    replace_by_launch(rewriter, op, kernel, grid, threads, arguments, host)
    erase_fill(rewriter, matmul)


def _check_divides(host: HostCode, tile: Index, size: int, what: str, dim: str):
    """A host `cf.assert` that `tile` divides the static `size`."""
    host.check(
        arith.CmpiOp(host.value(host.rem(size, tile)), host.constant(0), "eq"),
        f"{what} must divide {dim}={size}",
    )
