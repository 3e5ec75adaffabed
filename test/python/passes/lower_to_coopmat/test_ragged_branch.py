"""Static ragged sizes (interior_branch.py, MatmulPlan.peel_k): workgroups
whose tile lies inside a static M and N that the tile does not divide take
an unchecked branch, the others the checked one; a static K that the K tile
does not divide is checked only in the copies of the last K tile, which the
staged loops peel.

Each branch is shown to own exactly its tiles by emptying the other one;
both together agree with L0 at L1 and L2 (every stage count, split-K,
transposed operands, epilogue-free types), the KHR/NV modules pass spirv-val,
SIMT kernels run on lavapipe; and the K loops hold no bounds check."""

from __future__ import annotations

import numpy as np
import pytest
from support.device_runs import lavapipe
from support.interior_branches import empty_branch, kernel_branch, owned_tiles
from support.lowering import lowered_by, output_of
from support.matmul_programs import operand_shapes, random_operands_of
from support.pipeline_cases import Case, check_case
from support.tiers import covering, sample
from support.vulkan_device import require_vulkan
from xdsl.dialects import arith, scf

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

H100 = "h100-vulkan"
TILE = dict(tile="32x32x16", subgroups="2x1")

# (M, N, K) and the tiles (row, col) of the 32x32 grid that are interior.
OWNERSHIP = [
    ((80, 48, 64), {(0, 0), (1, 0)}),  # ragged M and N
    ((80, 48, 40), {(0, 0), (1, 0)}),  # and a ragged K: still interior
    ((20, 70, 48), {(0, 0), (0, 1)}),  # M < TM: checked in both branches
    ((96, 70, 33), {(i, j) for i in range(3) for j in range(2)}),
]


def _lowered(case: Case, simt: bool):
    simt_pass = [CoopmatToSimt()] if simt else []
    return lowered_by(case.source(), LowerToCoopmat(**case.options()), *simt_pass)


def _reference(operands) -> np.ndarray:
    a, b, c = (x.astype(np.float64) for x in operands)
    return a @ b + c


# Which branch is kept and at which level, as one axis: the default tier's
# sample (tiers.covering) then holds all four pairs.
BRANCH_LEVELS = [("fast", False), ("checked", True), ("fast", True), ("checked", False)]


@pytest.mark.parametrize(
    ("ownership", "branch_level", "stages"),
    covering(
        OWNERSHIP,
        BRANCH_LEVELS,
        [0, 1, 2, 3, 4],
        ids=[lambda o: str(o[0]), lambda b: f"{b[0]}-L{1 + b[1]}", str],
    ),
)
def test_each_branch_owns_its_tiles(ownership, branch_level, stages):
    (shape, interior), (keep, simt) = ownership, branch_level
    m, n, k = shape
    case = Case(m, n, k, "f16-f32", H100, stages=stages, **TILE)
    module = _lowered(case, simt)
    branch = kernel_branch(module)
    empty_branch(branch.false_region if keep == "fast" else branch.true_region)
    rng = np.random.default_rng(7)
    operands = random_operands_of(operand_shapes(m, n, k), "f16-f32", rng)
    want = _reference(operands)
    got = output_of(module, "matmul", operands)
    mine = owned_tiles((m, n), interior, keep == "fast")
    assert mine.any()
    error = np.abs(got[mine] - want[mine])
    assert error.max() < 1e-4 * k, f"{keep} at {shape}: {error.max()}"
    assert np.array_equal(got[~mine], operands[2][~mine])


AGREEMENT = [
    # one, two, several K tiles with a partial last one, every stage count
    *(
        Case(70, 45, k, "f16-f32", H100, stages=s, **TILE)
        for k in (9, 25, 71)
        for s in (0, 1, 2, 3, 4)
    ),
    Case(65, 100, 50, "f16-f16", H100, stages=2, tile="32x64x16", subgroups="1x2"),
    Case(40, 70, 100, "s8-s32", H100, stages=2, tile="32x32x32", subgroups="2x2"),
    Case(40, 70, 100, "u8-u32", H100, stages=3, tile="32x32x32", subgroups="2x2"),
    Case(47, 35, 61, "bf16-f32", H100, stages=1, **TILE),
    # transposed operands and batches keep the branch and the peel
    Case(70, 45, 50, "f16-f32", H100, "ab", stages=2, **TILE),
    Case(70, 45, 50, "f16-f32", H100, "abc", batch=2, stages=3, **TILE),
    # split-K: 6 K tiles in 2 slices of 3 (the peel), 7 in 2 of 4 (no peel:
    # the last slice reaches a whole tile beyond K)
    Case(70, 45, 90, "f16-f32", H100, split_k=2, stages=2, **TILE),
    Case(70, 45, 100, "f16-f32", H100, split_k=2, stages=2, **TILE),
    Case(70, 45, 90, "f16-f32", H100, split_k=2, stages=3, **TILE),
    Case(70, 45, 90, "f16-f32", H100, split_k=2, stages=4, **TILE),
    Case(70, 45, 100, "f16-f32", H100, split_k=2, stages=4, **TILE),
    # SIMT targets: L2 on lavapipe as well
    Case(20, 12, 41, "f32-f32", "lavapipe", tile="16x8x8", subgroups="2x1", stages=2),
    Case(37, 20, 27, "f16-f32", "lavapipe", tile="16x8x16", stages=3),
    Case(37, 20, 57, "f16-f32", "lavapipe", tile="16x8x16", stages=4),
]


# Default tier: each stage count once over the three K sizes (the first 15
# cases are K x stages), and every other case.
@pytest.mark.parametrize(
    "case",
    sample(AGREEMENT, keep=[0, 6, 12, 3, 9, *range(15, len(AGREEMENT))], ids=repr),
)
def test_ragged_kernels_agree_with_l0(case: Case):
    outcome = check_case(case, simt_spirv=False)
    assert set(outcome.refusals) <= {"NV integer matrices", "NV bf16 matrices"}
    assert outcome.levels == ["L1", "L2"]
    assert outcome.modules >= 1


@pytest.mark.parametrize(
    "case", [c for c in AGREEMENT if c.target == "lavapipe"], ids=repr
)
def test_ragged_simt_kernels_run_on_lavapipe(case: Case):
    require_vulkan()
    outcome = check_case(case, device=lavapipe())
    assert outcome.device_runs == 1


def _loops(region) -> list[scf.ForOp]:
    """The K loops of a branch: its top-level scf.for ops that carry the
    accumulators (the peeled tile's copy loops carry nothing)."""
    return [op for op in region.block.ops if isinstance(op, scf.ForOp) and op.results]


def _selects(where) -> int:
    return sum(isinstance(x, arith.SelectOp) for x in where.walk())


@pytest.mark.parametrize("stages", [1, 2, 3, 4])
def test_k_loops_hold_no_bounds_check(stages):
    """70x45x71 on 32x32x16: in the interior branch no select at all inside
    the K loop; in the checked branch only the M and N guards. In both, the
    peeled last K tile's copies are the only ones that compare with K."""
    case = Case(70, 45, 71, "f16-f32", H100, stages=stages, **TILE)
    branch = kernel_branch(_lowered(case, simt=False))
    (fast_loop,) = _loops(branch.true_region)
    (checked_loop,) = _loops(branch.false_region)
    assert _selects(fast_loop) == 0
    assert _selects(checked_loop) > 0
    for loop, region in (
        (fast_loop, branch.true_region),
        (checked_loop, branch.false_region),
    ):
        assert not _k_bounds(loop)
        assert _k_bounds(region)


def _k_bounds(where) -> list[arith.CmpiOp]:
    """Comparisons with K = 71."""
    return [
        x
        for x in where.walk()
        if isinstance(x, arith.CmpiOp) and _constant(x.rhs) == 71
    ]


def _constant(value) -> int | None:
    op = value.owner
    if isinstance(op, arith.ConstantOp):
        return op.value.value.data
    return None


def test_aligned_static_sizes_have_no_branch():
    case = Case(64, 64, 64, "f16-f32", H100, stages=2, **TILE)
    module = _lowered(case, simt=False)
    assert not any(isinstance(op, scf.IfOp) for op in module.walk())
