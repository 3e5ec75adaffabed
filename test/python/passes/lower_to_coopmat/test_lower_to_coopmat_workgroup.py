"""lower-to-coopmat with `scope=workgroup` (workgroup_kernel.py) against the
interpreter: the L0 input and the L1 kernel of workgroup-scope matrices run
on the same random data give the same C (integers exactly, floats within
the accumulation-order bound of test_lower_to_coopmat_differential), over
exact and ragged sizes, with and without the prefetch of `stages=2`; and
the pass refuses what it cannot lower with a
located error, leaving the module unchanged."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import (
    accumulator_eps,
    assert_close,
    matmul_magnitude,
    sum_tolerance,
)
from support.lowering import interpreted, lowered_by, parse
from support.matmul_programs import (
    TYPES,
    matmul_source,
    operand_shapes,
    random_operands_of,
)
from xdsl.context import Context

from coopmlir.diagnostics import CompileError
from coopmlir.dialects import coopmat
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat

WORKGROUP = dict(target="h100-vulkan", scope="workgroup")


def lower(source: str, **options):
    return lowered_by(source, LowerToCoopmat(**WORKGROUP, **options))


def check(
    m, n, k, types, fill, tile="32x32x32", threads=64, seed=0, stages=None
) -> None:
    source = matmul_source(m, n, k, types, fill)
    lowered = lower(source, tile=tile, workgroup_invocations=threads, stages=stages)
    matrices = [
        op.result.type for op in lowered.walk() if isinstance(op, coopmat.LoadOp)
    ]
    assert matrices and all(
        t.scope.data == coopmat.MatrixScope.WORKGROUP for t in matrices
    )
    shapes = operand_shapes(m, n, k)
    operands = random_operands_of(shapes, types, np.random.default_rng(seed))
    want = interpreted(parse(source), "matmul", operands)[2]
    got = interpreted(lowered, "matmul", operands)[2]
    if got.dtype.kind == "i":
        assert_close(got, want)
        return
    a, b, c0 = operands
    magnitude = matmul_magnitude(a, b, None if fill else c0)
    eps = accumulator_eps(TYPES[types][0], want.dtype)
    assert_close(got, want, sum_tolerance(k + 2, eps, magnitude))


@pytest.mark.parametrize(
    "m, n, k",
    [(64, 64, 64), (100, 90, 70), (33, 47, 19), (1, 130, 5), (96, 17, 64)],
    ids=lambda x: str(x),
)
@pytest.mark.parametrize("types", ["f16-f32", "f16-f16", "s8-s32"])
def test_workgroup_kernel_matches_the_input(m, n, k, types):
    check(m, n, k, types, fill=(m + n) % 2 == 0)


@pytest.mark.parametrize("types", ["u8-u32"])
def test_other_types(types):
    check(50, 40, 70, types, fill=False)


@pytest.mark.parametrize(
    "m, n, k",
    # square, all ragged, K of one (ragged) tile, of exactly one tile, of
    # two tiles (one loop trip), M and N ragged over an exact K.
    [
        (64, 64, 64),
        (100, 90, 70),
        (33, 47, 19),
        (40, 24, 32),
        (16, 96, 64),
        (70, 50, 96),
    ],
    ids=lambda x: str(x),
)
@pytest.mark.parametrize("types", ["f16-f32", "f16-f16", "s8-s32", "u8-u32"])
def test_prefetching_kernel_matches_the_input(m, n, k, types):
    """stages=2: tile 0 loaded before the K loop, the next tile before each
    product, the last product after the loop."""
    check(m, n, k, types, fill=(m + n + k) % 2 == 0, stages=2, seed=m + n + k)


def test_prefetching_wide_tiles_on_one_subgroup():
    check(40, 70, 100, "f16-f32", False, tile="32x64x32", threads=32, stages=2)


@pytest.mark.parametrize(
    "m, n, k, tiles", [(100, 90, 70, 3), (64, 64, 32, 1), (33, 47, 19, 1)]
)
def test_prefetching_loads_each_k_tile_once(m, n, k, tiles):
    """The loop runs over tiles 1..T-1 (none for one tile), loading their A
    and B before the product of the tile before; one product per tile."""
    from xdsl.dialects import scf

    lowered = lower(
        matmul_source(m, n, k, "f16-f32", True),
        tile="32x32x32",
        workgroup_invocations=64,
        stages=2,
    )
    loops = [op for op in lowered.walk() if isinstance(op, scf.ForOp)]
    loads = [
        op
        for op in lowered.walk()
        if isinstance(op, coopmat.LoadOp)
        and op.result.type.use_kind != coopmat.MatrixUse.ACC
    ]
    products = [op for op in lowered.walk() if isinstance(op, coopmat.MulAddOp)]
    assert len(loops) == (tiles > 1)
    assert len(loads) == (4 if tiles > 1 else 2)
    assert len(products) == (2 if tiles > 1 else 1)
    if loops:
        (loop,) = loops
        bounds = [op.owner.value.value.data for op in (loop.lb, loop.ub, loop.step)]
        assert bounds == [32, k, 32]
        assert len(loop.iter_args) == 3


@pytest.mark.parametrize("m, n, k", [(100, 90, 70), (64, 64, 64)])
def test_stages_1_is_the_kernel_left_out(m, n, k):
    source = matmul_source(m, n, k, "f16-f32", False)
    assert str(lower(source, stages=1)) == str(lower(source))


@pytest.mark.parametrize("fill", [True, False])
def test_one_subgroup_and_wide_tiles(fill):
    """One subgroup per workgroup, and a 32x64 tile over a K of two tiles."""
    check(40, 70, 64, "f16-f32", fill, tile="32x64x32", threads=32)


def test_workgroup_matrices_need_uniform_offsets():
    """A workgroup matrix is one value per workgroup: a load whose offset
    differs between its subgroups is refused by the interpreter."""
    from coopmlir.interpreter.values import InterpretationFailure

    source = """
func.func @f(%A: memref<64x16xf16>, %C: memref<64x16xf16>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%A : memref<64x16xf16>, %C : memref<64x16xf16>)
  func.return
}
gpu.module @k {
  gpu.func @k(%A: memref<64x16xf16>, %C: memref<64x16xf16>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %sg = gpu.subgroup_id : index
    %c0 = arith.constant 0 : index
    %m = coopmat.load %A[%sg, %c0] row_major checked(both) : memref<64x16xf16> -> !coopmat.matrix<32x16xf16, acc, workgroup>
    coopmat.store %m, %C[%c0, %c0] row_major : !coopmat.matrix<32x16xf16, acc, workgroup>, memref<64x16xf16>
    gpu.return
  }
}
"""
    module = parse(f"builtin.module attributes {{gpu.container_module}} {{{source}}}")
    data = [np.ones((64, 16), np.float16), np.zeros((64, 16), np.float16)]
    with pytest.raises(InterpretationFailure, match="uniform across the workgroup"):
        interpreted(module, "f", data)


@pytest.mark.parametrize(
    "source, options, message",
    [
        (
            matmul_source(64, 64, 64, "f16-f32", True),
            dict(target="generic"),
            "scope=workgroup needs VK_NV_cooperative_matrix2",
        ),
        (
            matmul_source(64, 64, 64, "f16-f32", True),
            dict(tile="24x32x32"),
            "must be a multiple of 16x8x8",
        ),
        (
            matmul_source(64, 64, 64, "f16-f32", True),
            dict(workgroup_invocations=48),
            "workgroup-invocations=48 must be a multiple of the subgroup size 32",
        ),
        (
            matmul_source(64, 64, 64, "f16-f32", True),
            dict(subgroups="2x2"),
            "scope=workgroup takes tile, stages and workgroup-invocations only, "
            "not subgroups",
        ),
        *(
            (
                matmul_source(64, 64, 64, "f16-f32", True),
                dict(stages=stages),
                r"input.mlir:\d+:\d+: error: lower-to-coopmat: scope=workgroup "
                rf"takes stages=1 .* or 2 .*, not stages={stages}",
            )
            for stages in (0, 3)
        ),
        (
            matmul_source(64, 64, 64, "f16-f32", True),
            dict(scope="grid"),
            "scope=grid must be subgroup or workgroup",
        ),
        (
            matmul_source(64, 64, 64, "f32-f32", True),
            dict(),
            "f32 x f32 -> f32 has no matrix units on h100-vulkan",
        ),
    ],
)
def test_refusals_are_located_and_leave_the_module(source, options, message):
    module = parse(source)
    before = str(module)
    with pytest.raises(CompileError, match=message):
        LowerToCoopmat(**{**WORKGROUP, **options}).apply(Context(), module)
    assert str(module) == before


def test_invocations_need_workgroup_scope():
    with pytest.raises(CompileError, match="workgroup-invocations needs scope"):
        LowerToCoopmat(target="h100-vulkan", workgroup_invocations=128).apply(
            Context(), parse(matmul_source(16, 16, 16, "f16-f32", True))
        )
