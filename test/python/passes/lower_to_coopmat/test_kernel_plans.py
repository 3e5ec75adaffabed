"""The kernel planners (matmul_plan.py, softmax_plan.py, workgroup_plan.py):
their decisions (checks, the peeled K tile, the run-time branch, sizes) are
read from the plan alone, before any kernel is built, and planning leaves
the module as it was."""

from __future__ import annotations

from support.lowering import parse
from support.matmul_programs import matmul_source

from coopmlir.passes.lower_to_coopmat.matching import match_matmul
from coopmlir.passes.lower_to_coopmat.matmul_plan import (
    Checks,
    KSlices,
    plan_matmul_kernel,
)
from coopmlir.passes.lower_to_coopmat.softmax_plan import plan_softmaxes
from coopmlir.passes.lower_to_coopmat.workgroup_plan import plan_workgroup
from coopmlir.targets import TARGETS
from coopmlir.tiling import TileConfig

H100, SIMT = TARGETS["h100-vulkan"], TARGETS["simt"]
#: 32x32x16 tiles of two subgroups, 16x16x16 fragments, staged once.
CONFIG = TileConfig(32, 32, 16, 2, 1, 16, 16, 16, 1)
NONE = Checks(m=False, n=False, k_tile=False, k_step=False)


def _matmul(source: str):
    module = parse(source)
    op = next(o for o in module.walk() if o.name == "linalg.matmul")
    return module, match_matmul(op)


def test_aligned_matmul_plans_no_checks_no_peel_no_branch():
    module, matmul = _matmul(matmul_source(64, 64, 64, "f16-f32", fill=False))
    before = str(module)
    plan = plan_matmul_kernel(matmul, CONFIG, H100)
    assert plan.checks == NONE
    assert plan.fast_checks is None
    assert not plan.peel_k and not plan.packed and not plan.interior
    assert str(module) == before


def test_ragged_matmul_plans_checked_edges_a_peeled_tail_and_a_branch():
    module, matmul = _matmul(matmul_source(80, 48, 40, "f16-f32", fill=False))
    before = str(module)
    plan = plan_matmul_kernel(matmul, CONFIG, H100)
    # 80 % 32, 48 % 32, 40 % 16 are ragged; 40 % 16 (mma k) too.
    assert plan.checks == Checks(m=True, n=True, k_tile=True, k_step=True)
    assert plan.peel_k
    # Interior tiles of M and N branch to code checked along K only.
    assert plan.interior == {"m", "n"}
    assert plan.fast_checks == Checks(m=False, n=False, k_tile=True, k_step=True)
    assert plan.packed
    assert str(module) == before


def test_smaller_than_a_tile_is_checked_in_both_branches():
    _, matmul = _matmul(matmul_source(20, 70, 48, "f16-f32", fill=False))
    plan = plan_matmul_kernel(matmul, CONFIG, H100)
    assert plan.interior == {"n"}
    assert plan.fast_checks == Checks(m=True, n=False, k_tile=False, k_step=False)


def test_no_peel_without_matrix_units_or_past_the_last_k_tile():
    _, matmul = _matmul(matmul_source(64, 64, 40, "f16-f32", fill=False))
    assert plan_matmul_kernel(matmul, CONFIG, H100).peel_k
    assert not plan_matmul_kernel(matmul, CONFIG, SIMT).peel_k
    # Three K tiles in two slices of two: the last slice reaches beyond K.
    reaching = plan_matmul_kernel(matmul, CONFIG, H100, slices=KSlices(2, 2))
    assert not reaching.peel_k and reaching.checks.k_tile


def test_dynamic_sizes_branch_and_the_aligned_kernel_keeps_only_the_fast_code():
    t, c = "memref<?x?xf16>", "memref<?x?xf32>"
    _, matmul = _matmul(
        f"func.func @matmul(%A: {t}, %B: {t}, %C: {c}) {{\n"
        f"  linalg.matmul ins(%A, %B : {t}, {t}) outs(%C : {c})\n"
        "  func.return\n}\n"
    )
    both = plan_matmul_kernel(matmul, CONFIG, H100)
    assert both.checks == Checks(m=True, n=True, k_tile=True, k_step=True)
    assert both.fast_checks == NONE and both.packed and not both.aligned_only
    alone = plan_matmul_kernel(matmul, CONFIG, H100, aligned_only=True)
    assert alone.aligned_only and alone.fast_checks == NONE
    assert not alone.packed and not alone.interior


def test_softmax_plan_checks_rows_of_a_partial_last_block():
    def planned(rows: int):
        t = f"memref<{rows}x64xf16>"
        module = parse(
            f"func.func @f(%x: {t}, %y: {t}) {{\n"
            f"  linalg.softmax dimension(1) ins(%x : {t}) outs(%y : {t})\n"
            "  func.return\n}\n"
        )
        (plan,) = plan_softmaxes(module, H100)
        return plan

    # Four subgroups of 16 rows per workgroup.
    assert planned(100).rows_checked and planned(100).grid() == (2, 1, 1)
    assert not planned(128).rows_checked
    assert planned(128).threads == 4 * H100.subgroup_size


def test_workgroup_plan_checks_the_dimensions_its_tile_does_not_divide():
    _, ragged = _matmul(matmul_source(200, 128, 48, "f16-f32", fill=False))
    assert plan_workgroup(ragged, H100, (64, 64, 32), None).ragged == (
        True,
        False,
        True,
    )
    _, aligned = _matmul(matmul_source(128, 128, 64, "f16-f32", fill=False))
    tile = plan_workgroup(aligned, H100, (64, 64, 32), None)
    assert tile.ragged == (False, False, False)
