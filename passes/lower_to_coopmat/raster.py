"""Workgroup rasterization (`raster=G`): which output tile each workgroup
computes, so that workgroups that run at the same time share A and B rows
in the L2 cache.

The grid stays (N tiles, M tiles, batch). Row-major order (G <= 1) walks all
N tiles of one M row before the next, so a wave of workgroups reads one
stripe of A and all of B. With G > 1 the linear workgroup id walks groups of
G tile rows column by column (the "grouped ordering" of Triton's matmul
tutorial): a wave covers a G x (wave / G) block of tiles, reading G stripes
of A and wave / G stripes of B.

    linear = block_y * tiles_n + block_x
    group  = linear / (G * tiles_n);   first = group * G
    rows   = min(tiles_m - first, G)   (the last group may be shorter)
    local  = linear % (G * tiles_n)
    tile   = (first + local % rows, local / rows)      (M tile, N tile)
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.ir import SSAValue

from coopmlir.passes.lower_to_coopmat.kernel_builder import Index, KernelBuilder


def tile_indices(
    b: KernelBuilder,
    block_x: SSAValue,
    block_y: SSAValue,
    tiles_m: int,
    tiles_n: int,
    group: int,
) -> tuple[Index, Index]:
    """(M tile, N tile) of the workgroup at (block_x, block_y) in `group`
    order; the block ids themselves when grouping changes nothing."""
    if group <= 1 or tiles_m <= 1 or tiles_n <= 1:
        return block_y, block_x
    group = min(group, tiles_m)
    per_group = group * tiles_n
    linear = b.add(b.mul(block_y, tiles_n), block_x)
    first = b.mul(b.div(linear, per_group), group)
    local = b.rem(linear, per_group)
    if tiles_m % group == 0:
        rows: Index = group  # every group is whole: no min needed
    else:
        left = b.emit(arith.SubiOp(b.value(tiles_m), b.value(first))).results[0]
        rows = b.emit(arith.MinUIOp(left, b.value(group))).results[0]
    if isinstance(rows, int):
        return b.add(first, b.rem(local, rows)), b.div(local, rows)
    row = b.emit(arith.RemUIOp(b.value(local), rows)).results[0]
    col = b.emit(arith.DivUIOp(b.value(local), rows)).results[0]
    return b.add(first, row), col
