"""The run-time branch of a dynamic-size kernel: an `scf.if` on a condition
uniform over the workgroup that takes the code of a static, aligned problem
when the sizes allow it, and the checked code otherwise.

    fast = (tile_row + TM <= M)      for a run-time M (the tile is interior)
         & (tile_col + TN <= N)      for a run-time N
         & (K % TK == 0)             for a run-time K (whole K tiles)
         & (run % V == 0)            for each staged copy whose row length in
                                     memory is a run-time value (16-byte loads)
    scf.if fast { no checks on M, N, K; vector copies marked `alignment` }
    else        { every run-time size checked, element-wise copies }

Static sizes keep their compile-time checks in both branches. The copies of
both branches write whole chunks to workgroup memory (TileCopy.packed), so
the workgroup tiles keep only 16-byte accesses and convert-to-spirv still
declares them `uvec4[]`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from xdsl.dialects import arith

from coopmlir.passes.lower_to_coopmat.tile_copy import chunk_width

if TYPE_CHECKING:
    from xdsl.ir import SSAValue

    from coopmlir.passes.lower_to_coopmat.matmul_kernel import (
        Checks,
        MatmulKernel,
    )


def has_branch(kernel: MatmulKernel) -> bool:
    """Whether M, N or K is a run-time size (a batch alone needs no branch)."""
    return bool(kernel.mm.dynamic & {"m", "n", "k"})


def fast_checks(kernel: MatmulKernel) -> Checks:
    """The checks of the fast branch: only the static ragged dimensions."""
    dynamic, static = kernel.mm.dynamic, kernel.static_checks
    return replace(
        static,
        m=static.m and "m" not in dynamic,
        n=static.n and "n" not in dynamic,
        k_tile=static.k_tile and "k" not in dynamic,
        k_step=static.k_step and "k" not in dynamic,
    )


def fast_condition(kernel: MatmulKernel) -> SSAValue:
    """The branch condition (module doc), built at the kernel's top level."""
    b, cfg, mm = kernel.b, kernel.cfg, kernel.mm
    parts: list[SSAValue] = []

    def divides(size, unit: int) -> None:
        if not isinstance(size, int) and unit > 1:
            remainder = b.value(b.rem(size, unit))
            zero = b.value(0)
            parts.append(b.emit(arith.CmpiOp(remainder, zero, "eq")).results[0])

    def interior(origin, tile: int, size) -> None:
        if not isinstance(size, int):
            end = b.value(b.add(origin, tile))
            parts.append(b.emit(arith.CmpiOp(end, size, "ule")).results[0])

    interior(kernel.tile_row, cfg.tile_m, kernel.m)
    interior(kernel.tile_col, cfg.tile_n, kernel.n)
    divides(kernel.k, cfg.tile_k)
    if cfg.stages:
        threads = cfg.workgroup_size(kernel.target.subgroup_size)
        for operand, shape, rows_cols in (
            (kernel.A, (cfg.tile_m, cfg.tile_k), (kernel.m, kernel.k)),
            (kernel.B, (cfg.tile_k, cfg.tile_n), (kernel.k, kernel.n)),
        ):
            run = operand.stored(rows_cols)[1]
            if (
                operand.address is None and run is not kernel.k
            ):  # K % TK == 0 already covers it
                divides(run, chunk_width(operand.stored(shape), mm.a_elem, threads))
    condition = parts[0]
    for part in parts[1:]:
        condition = b.both(condition, part)
    return condition
