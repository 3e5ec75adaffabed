"""Hand-written coopmat kernels run by the interpreter, checked against numpy."""

from __future__ import annotations

import numpy as np
import pytest
from support.kernel_modules import kernel_module

from coopmlir.interpreter import InterpretationFailure, run_function

RNG = np.random.default_rng(7)


def rand(shape, dtype):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return RNG.integers(max(info.min, -100), min(info.max, 100), shape).astype(
            dtype
        )
    return RNG.standard_normal(shape).astype(dtype)


def test_single_fragment_mul_add():
    module = kernel_module(
        "%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>",
        """
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, a>
      %b = coopmat.load %B[%c0, %c0] col_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, b>
      %c = coopmat.load %C[%c0, %c0] row_major : memref<16x16xf32> -> !coopmat.matrix<16x16xf32, acc>
      %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
      coopmat.store %d, %C[%c0, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<16x16xf32>""",
        block=32,
    )
    A, B, C = (
        rand((16, 16), np.float16),
        rand((16, 16), np.float16),
        rand((16, 16), np.float32),
    )
    # B is read column-major: the matrix is B's transpose.
    expected = A.astype(np.float32) @ B.T.astype(np.float32) + C
    run_function(module, "k", [A, B, C])
    np.testing.assert_allclose(C, expected, rtol=1e-5, atol=1e-5)


TILED = """
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %K = arith.constant {K} : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %sg = gpu.subgroup_id : index
      %c2 = arith.constant 2 : index
      %sr = arith.divui %sg, %c2 : index
      %sc = arith.remui %sg, %c2 : index
      %r0 = arith.muli %by, %c32 : index
      %r1 = arith.muli %sr, %c16 : index
      %row = arith.addi %r0, %r1 : index
      %q0 = arith.muli %bx, %c32 : index
      %q1 = arith.muli %sc, %c16 : index
      %col = arith.addi %q0, %q1 : index
      %zero = arith.constant 0.0 : f32
      %init = coopmat.splat %zero : f32 -> !coopmat.matrix<16x16xf32, acc>
      %acc = scf.for %k = %c0 to %K step %c16 iter_args(%c = %init) -> (!coopmat.matrix<16x16xf32, acc>) {{
        %a = coopmat.load %A[%row, %k] row_major {check} : memref<{M}x{K}xf16> -> !coopmat.matrix<16x16xf16, a>
        %b = coopmat.load %B[%k, %col] row_major {check} : memref<{K}x{N}xf16> -> !coopmat.matrix<16x16xf16, b>
        %d = coopmat.mul_add %a, %b, %c : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
        scf.yield %d : !coopmat.matrix<16x16xf32, acc>
      }}
      coopmat.store %acc, %C[%row, %col] row_major {check} : !coopmat.matrix<16x16xf32, acc>, memref<{M}x{N}xf32>"""


def tiled_kernel(M, N, K, checked):
    body = TILED.format(M=M, N=N, K=K, check="checked(both)" if checked else "")
    args = f"%A: memref<{M}x{K}xf16>, %B: memref<{K}x{N}xf16>, %C: memref<{M}x{N}xf32>"
    # 4 subgroups of 32 per workgroup, each a 16x16 tile of a 32x32 workgroup tile.
    return kernel_module(args, body, block=128)


@pytest.mark.parametrize("M, N, K", [(64, 64, 64), (32, 96, 48)])
def test_tiled_kernel_with_subgroups_and_k_loop(M, N, K):
    module = tiled_kernel(M, N, K, checked=False)
    A, B = rand((M, K), np.float16), rand((K, N), np.float16)
    C = np.full((M, N), np.nan, np.float32)
    run_function(module, "k", [A, B, C], grid=(N // 32, M // 32, 1))
    expected = A.astype(np.float32) @ B.astype(np.float32)
    np.testing.assert_allclose(C, expected, rtol=1e-4, atol=1e-4)


def test_checked_loads_on_a_ragged_problem():
    M, N, K = 33, 17, 9
    module = tiled_kernel(M, N, K, checked=True)
    A, B = rand((M, K), np.float16), rand((K, N), np.float16)
    C = np.zeros((M, N), np.float32)
    run_function(module, "k", [A, B, C], grid=(1, 2, 1))
    expected = A.astype(np.float32) @ B.astype(np.float32)
    np.testing.assert_allclose(C, expected, rtol=1e-4, atol=1e-4)


def test_unchecked_access_past_the_memref_is_an_error():
    module = tiled_kernel(33, 17, 9, checked=False)
    A, B, C = (
        rand((33, 9), np.float16),
        rand((9, 17), np.float16),
        np.zeros((33, 17), np.float32),
    )
    with pytest.raises(InterpretationFailure, match="outside the memref"):
        run_function(module, "k", [A, B, C], grid=(1, 2, 1))


STAGED = """
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %tile = memref.alloca() : memref<32x16xf16, 3>
      %t = gpu.thread_id x
      %sg = gpu.subgroup_id : index
      %by = gpu.block_id y
      %base = arith.muli %by, %c32 : index
      // 64 work-items copy the 32x16 A tile, 8 elements each.
      %r = arith.divui %t, %c2 : index
      %half = arith.remui %t, %c2 : index
      %c0b = arith.muli %half, %c8 : index
      %grow = arith.addi %base, %r : index
      scf.for %j = %c0 to %c8 step %c1 {{
        %col = arith.addi %c0b, %j : index
        %v = memref.load %A[%grow, %col] : memref<64x16xf16>
        memref.store %v, %tile[%r, %col] : memref<32x16xf16, 3>
        scf.yield
      }}
      {barrier}
      // Subgroup s multiplies rows 16*(1-s) of the tile: data another subgroup copied.
      %other = arith.subi %c1, %sg : index
      %trow = arith.muli %other, %c16 : index
      %a = coopmat.load %tile[%trow, %c0] row_major : memref<32x16xf16, 3> -> !coopmat.matrix<16x16xf16, a>
      %b = coopmat.load %B[%c0, %c0] row_major : memref<16x16xf16> -> !coopmat.matrix<16x16xf16, b>
      %zero = arith.constant 0.0 : f32
      %z = coopmat.splat %zero : f32 -> !coopmat.matrix<16x16xf32, acc>
      %d = coopmat.mul_add %a, %b, %z : !coopmat.matrix<16x16xf16, a>, !coopmat.matrix<16x16xf16, b> -> !coopmat.matrix<16x16xf32, acc>
      %crow = arith.addi %base, %trow : index
      coopmat.store %d, %C[%crow, %c0] row_major : !coopmat.matrix<16x16xf32, acc>, memref<64x16xf32>"""


def staged_kernel(barrier: bool):
    body = STAGED.format(barrier="gpu.barrier" if barrier else "")
    args = "%A: memref<64x16xf16>, %B: memref<16x16xf16>, %C: memref<64x16xf32>"
    return kernel_module(args, body, block=64)


def test_shared_memory_staging_with_barrier():
    module = staged_kernel(barrier=True)
    A, B = rand((64, 16), np.float16), rand((16, 16), np.float16)
    C = np.zeros((64, 16), np.float32)
    run_function(module, "k", [A, B, C], grid=(1, 2, 1), subgroup_size=32)
    expected = A.astype(np.float32) @ B.astype(np.float32)
    np.testing.assert_allclose(C, expected, rtol=1e-4, atol=1e-4)


def test_missing_barrier_is_a_race():
    module = staged_kernel(barrier=False)
    A, B = rand((64, 16), np.float16), rand((16, 16), np.float16)
    C = np.zeros((64, 16), np.float32)
    with pytest.raises(InterpretationFailure, match="missing barrier"):
        run_function(module, "k", [A, B, C], grid=(1, 2, 1), subgroup_size=32)


# Workgroup y runs y + 1 rounds of: write its slot, barrier, read the other
# work-item's slot, barrier (the trip count is uniform in a workgroup only).
ROUNDS = """
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tile = memref.alloca() : memref<2xf32, 3>
      %t = gpu.thread_id x
      %by = gpu.block_id y
      %rounds = arith.addi %by, %c1 : index
      %other = arith.subi %c1, %t : index
      %sum = scf.for %i = %c0 to %rounds step %c1 iter_args(%acc = %x) -> (f32) {{
        memref.store %acc, %tile[%t] : memref<2xf32, 3>
        {barrier}
        %v = memref.load %tile[%other] : memref<2xf32, 3>
        gpu.barrier
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }}
      %g = arith.muli %by, %c2 : index
      %at = arith.addi %g, %t : index
      memref.store %sum, %OUT[%at] : memref<4xf32>"""


def rounds_kernel(barrier: str):
    body = ROUNDS.format(barrier=barrier)
    return kernel_module("%x: f32, %OUT: memref<4xf32>", body, block=2)


def test_barrier_in_a_loop_uniform_per_workgroup():
    """Workgroups may take different trip counts around a barrier; barrier
    epochs count per workgroup, so races are still found inside each."""
    out = np.zeros(4, np.float32)
    run_function(
        rounds_kernel("gpu.barrier"), "k", [1.0, out], grid=(1, 2, 1), subgroup_size=1
    )
    np.testing.assert_array_equal(out, [2.0, 2.0, 4.0, 4.0])
    with pytest.raises(InterpretationFailure, match="missing barrier"):
        run_function(
            rounds_kernel(""), "k", [1.0, out], grid=(1, 2, 1), subgroup_size=1
        )
