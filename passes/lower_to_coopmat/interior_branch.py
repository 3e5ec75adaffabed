"""The run-time branch of a kernel with ragged or dynamic sizes: an `scf.if`
on a condition uniform over the workgroup that takes the code of a static,
aligned problem when the sizes allow it, and the checked code otherwise.

    fast = (tile_row + TM <= M)      for a run-time M, or a static M that TM
                                     does not divide (the tile is interior)
         & (tile_col + TN <= N)      for a run-time N, or a ragged static N
         & (K % TK == 0)             for a run-time K (whole K tiles)
         & (run % V == 0)            for each staged copy whose row length in
                                     memory is a run-time value (16-byte loads)
    scf.if fast { no checks on M, N, K; vector copies marked `alignment` }
    else        { every run-time size checked, element-wise copies }

A ragged static K keeps its checks in both branches; on targets with matrix
units only the last K tile's copies are checked (the staged loops peel it:
`MatmulPlan.peel_k`).
The copies of
both branches write whole chunks to workgroup memory (TileCopy.packed), so
the workgroup tiles keep only 16-byte accesses and convert-to-spirv still
declares them `uvec4[]`.

With `dynamic-versions=2` the fast branch is also a kernel of its own (no
checked code at all), which the host launches when every workgroup would
take it: the same requirements with "the tile is interior" read as
"M % TM == 0" (`fast_requirements` is the one list both use).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import arith

from coopmlir.passes.lower_to_coopmat.tile_copy import chunk_width

if TYPE_CHECKING:
    from xdsl.ir import SSAValue

    from coopmlir.passes.lower_to_coopmat.matching import Matmul
    from coopmlir.passes.lower_to_coopmat.matmul_kernel import MatmulKernel
    from coopmlir.tiling import TileConfig


def has_dynamic_branch(matmul: Matmul) -> bool:
    """Whether M, N or K is a run-time size (a batch alone needs no branch)."""
    return bool(matmul.dynamic & {"m", "n", "k"})


def ragged_static_interior(matmul: Matmul, config: TileConfig) -> frozenset[str]:
    """The static M and N that the tile does not divide but that hold at
    least one whole tile: their interior tiles take the fast branch."""
    return frozenset(
        dim
        for dim, tile in (("m", config.tile_m), ("n", config.tile_n))
        if dim not in matmul.dynamic
        and getattr(matmul, dim) % tile != 0
        and getattr(matmul, dim) >= tile
    )


@dataclass(frozen=True)
class Requirement:
    """One condition of the fast code on the run-time size `dim` ("m", "n"
    or "k"): `per_tile`: the workgroup's tile of `unit` rows (cols) lies
    inside it (for the whole problem: the size is a multiple of `unit`);
    else the size is a multiple of `unit`."""

    dim: str
    unit: int
    per_tile: bool = False


def fast_requirements(matmul: Matmul, config: TileConfig, subgroup_size: int):
    """What the fast code needs of the run-time sizes (module doc), in the
    order the kernel tests them; one already implied by a multiple of the
    same size is left out."""
    dynamic = matmul.dynamic
    found: list[Requirement] = []

    def need(dim: str, unit: int, per_tile: bool = False) -> None:
        implied = any(
            r.dim == dim and not r.per_tile and r.unit % unit == 0 for r in found
        )
        if dim in dynamic and unit > 1 and not implied:
            found.append(Requirement(dim, unit, per_tile))

    need("m", config.tile_m, per_tile=True)
    need("n", config.tile_n, per_tile=True)
    need("k", config.tile_k)
    if config.stages:
        threads = config.workgroup_size(subgroup_size)
        a_t, b_t = matmul.transposed[:2]
        for transposed, shape, dims, direct in (
            (a_t, (config.tile_m, config.tile_k), ("m", "k"), matmul.a_address is None),
            (b_t, (config.tile_k, config.tile_n), ("k", "n"), matmul.b_address is None),
        ):
            if not direct:  # an address map (im2col) has its own static run
                continue
            stored = shape[::-1] if transposed else shape
            run = dims[0] if transposed else dims[1]
            need(run, chunk_width(stored, matmul.a_elem, threads))
    return found


def fast_condition(kernel: MatmulKernel) -> SSAValue:
    """The branch condition (module doc), built at the kernel's top level."""
    b, cfg = kernel.b, kernel.cfg
    sizes = {"m": kernel.m, "n": kernel.n, "k": kernel.k}
    origins = {"m": kernel.tile_row, "n": kernel.tile_col}
    parts: list[SSAValue] = []
    ragged = [Requirement(d, getattr(cfg, f"tile_{d}"), True) for d in "mn"]
    needs = fast_requirements(kernel.mm, cfg, kernel.target.subgroup_size)
    for need in [r for r in ragged if r.dim in kernel.plan.interior] + needs:
        size = sizes[need.dim]
        if need.per_tile:
            end = b.value(b.add(origins[need.dim], need.unit))
            parts.append(b.emit(arith.CmpiOp(end, b.value(size), "ule")).results[0])
        else:
            remainder = b.value(b.rem(size, need.unit))
            zero = b.value(0)
            parts.append(b.emit(arith.CmpiOp(remainder, zero, "eq")).results[0])
    condition = parts[0]
    for part in parts[1:]:
        condition = b.both(condition, part)
    return condition


def whole_problem_multiples(
    matmul: Matmul, config: TileConfig, subgroup_size: int
) -> list[tuple[str, int]]:
    """(dim, unit) pairs: every workgroup takes the fast code when each
    run-time size `dim` is a multiple of its `unit` (an interior tile for
    every workgroup is M % TM == 0); the host tests them to pick the kernel
    of `dynamic-versions=2`."""
    multiples: list[tuple[str, int]] = []
    for need in fast_requirements(matmul, config, subgroup_size):
        if not any(d == need.dim and u % need.unit == 0 for d, u in multiples):
            multiples.append((need.dim, need.unit))
    return multiples
