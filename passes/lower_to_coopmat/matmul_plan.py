"""What the fragment kernel of one matmul will be (`plan_matmul_kernel`),
decided before anything is built: which dimensions are checked, whether
the K loop peels its last tile, whether the kernel branches at run time
(interior_branch.py). `matmul_kernel.py` builds a given `MatmulPlan`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from coopmlir.passes.lower_to_coopmat.epilogue import Epilogue
from coopmlir.passes.lower_to_coopmat.interior_branch import (
    has_dynamic_branch,
    ragged_static_interior,
)
from coopmlir.passes.lower_to_coopmat.matching import Matmul
from coopmlir.targets import Target
from coopmlir.tiling import TileConfig


@dataclass(frozen=True)
class Checks:
    """Which dimensions of the problem are ragged for the tile (need checks)."""

    m: bool
    n: bool
    k_tile: bool  # K % TK != 0: the last K tile is partial
    k_step: bool  # K % k != 0: the last k step is partial


@dataclass(frozen=True)
class KSlices:
    """Split-K (split_k.py): grid z also runs over `count` slices of the K
    tiles (z = slice * batch + matrix); slice s multiplies the `tiles` K tiles
    from s * tiles * TK (the last one's beyond K read as zeros) and writes
    its partial product at leading index s of the output."""

    count: int
    tiles: int


@dataclass(frozen=True)
class MatmulPlan:
    """The decisions behind one fragment kernel of `matmul` with `config`.

    `checks`: the checked code's checks (all of them, where there is no
    branch); `fast_checks`: those of the fast branch (None without one);
    `aligned_only`: the fast code alone (dynamic-versions=2);
    `interior`: the ragged static M and N whose interior tiles take the
    fast branch; `peel_k`: only the last K tile's staged copies are checked
    along K; `packed`: the copies store whole chunks (both branches)."""

    matmul: Matmul
    config: TileConfig
    epilogue: Epilogue | None
    slices: KSlices | None
    checks: Checks
    fast_checks: Checks | None
    aligned_only: bool
    interior: frozenset[str]
    peel_k: bool
    packed: bool
    #: spec-constants=true: the subgroup grid is the values of `subgroups_m`
    #: and `subgroups_n` (spec_grid.py), not the config's.
    spec_grid: bool = False
    #: and the fragments' m, n, k are the values of `coopmat_m/n/k` (matrix
    #: units only: coopmat-to-simt lays out static sizes).
    spec_matrix: bool = False


def plan_matmul_kernel(
    matmul: Matmul,
    config: TileConfig,
    target: Target,
    epilogue: Epilogue | None = None,
    slices: KSlices | None = None,
    aligned_only: bool = False,
) -> MatmulPlan:
    """The plan of `build_kernel`'s arguments of the same names."""
    dyn = matmul.dynamic
    # dynamic-versions=2: the fast branch alone, launched by the host only
    # where every workgroup would take it (interior_branch.py).
    aligned_only = aligned_only and has_dynamic_branch(matmul)
    # Ragged static M, N whose interior tiles branch to unchecked code
    # (none in the aligned-only kernel: it has no checked code to leave;
    # none without matrix units, where coopmat-to-simt would emit the
    # tile's code twice: the checked code alone costs less compile time
    # than the branch saves run time).
    interior = (
        frozenset()
        if aligned_only or not target.has_matrix_units
        else ragged_static_interior(matmul, config)
    )
    # A run-time size is ragged for every tile until proven otherwise.
    checks = Checks(
        m="m" in dyn or matmul.m % config.tile_m != 0,
        n="n" in dyn or matmul.n % config.tile_n != 0,
        k_tile="k" in dyn
        or matmul.k % config.tile_k != 0
        or (
            slices is not None
            and slices.count * slices.tiles > -(-matmul.k // config.tile_k)
        ),
        k_step="k" in dyn or matmul.k % config.mma_k != 0,
    )
    # A ragged static K: only the last K tile's staged copies are checked
    # (the loops peel it); not when split-K slices reach beyond it.
    # Peeling adds a copy of the K tile's math: on a target without
    # matrix units (coopmat-to-simt unrolls every matrix op per work-item)
    # that code costs more compile time than the checks cost run time.
    peel_k = (
        target.has_matrix_units
        and "k" not in dyn
        and matmul.k % config.tile_k != 0
        and (
            slices is None
            or slices.count * slices.tiles == config.k_tiles(matmul.problem())
        )
    )
    branch = has_dynamic_branch(matmul) or bool(interior)
    # The fast branch checks only the static ragged dimensions without a
    # branch of their own (K, and a dimension smaller than a tile).
    proven = dyn | interior
    fast = replace(
        checks,
        m=checks.m and "m" not in proven,
        n=checks.n and "n" not in proven,
        k_tile=checks.k_tile and "k" not in proven,
        k_step=checks.k_step and "k" not in proven,
    )
    return MatmulPlan(
        matmul,
        config,
        epilogue,
        slices,
        checks,
        fast if branch else None,
        aligned_only,
        interior,
        peel_k,
        packed=branch and not aligned_only,
    )
