"""coopmat.matvec (the L1 form of OpCooperativeVectorMatrixMulNV) against
numpy: each work-item multiplies its slab of an nn.Linear weight [N, K] by
its activation row, as a skinny product's cooperative-vector kernel would."""

from __future__ import annotations

import numpy as np
import pytest
from support.kernel_modules import kernel_module

from coopmlir.interpreter import InterpretationFailure, run_function

RNG = np.random.default_rng(28)

# Work-item t takes activation row m = t / (N / R) and output rows
# [R * (t % (N / R)), + R) of W: Y[m, n] = sum_k X[m, k] * W[n, k].
SKINNY = """
      %t = gpu.thread_id x
      %slabs = arith.constant {slabs} : index
      %cR = arith.constant {R} : index
      %cK = arith.constant {K} : index
      %cN = arith.constant {N} : index
      %c0 = arith.constant 0 : index
      %m = arith.divui %t, %slabs : index
      %s = arith.remui %t, %slabs : index
      %row = arith.muli %s, %cR : index
      %xi = arith.muli %m, %cK : index
      %ym = arith.muli %m, %cN : index
      %yi = arith.addi %ym, %row : index
      coopmat.matvec %W[%row, %c0], %X[%xi] -> %Y[%yi] {{rows = {R} : i64, columns = {K} : i64}} : memref<{N}x{K}xf16>, memref<{MK}xf16>, memref<{MN}x{out}>"""


def _skinny(M, N, K, R, out):
    body = SKINNY.format(slabs=N // R, R=R, K=K, N=N, MK=M * K, MN=M * N, out=out)
    args = (
        f"%W: memref<{N}x{K}xf16>, %X: memref<{M * K}xf16>, %Y: memref<{M * N}x{out}>"
    )
    return kernel_module(args, body, block=M * N // R)


@pytest.mark.parametrize(
    "M, N, K, R, out",
    [(1, 64, 32, 16, "f32"), (4, 64, 48, 16, "f32"), (2, 32, 16, 8, "f16")],
)
def test_skinny_product_matches_numpy(M, N, K, R, out):
    w = RNG.standard_normal((N, K)).astype(np.float16)
    x = RNG.standard_normal((M, K)).astype(np.float16)
    y = np.full(M * N, np.nan, np.dtype(np.float32 if out == "f32" else np.float16))
    run_function(
        _skinny(M, N, K, R, out), "k", [w, x.reshape(-1), y], subgroup_size=M * N // R
    )
    want = x.astype(np.float64) @ w.astype(np.float64).T
    np.testing.assert_allclose(
        y.reshape(M, N), want.astype(y.dtype), rtol=1e-3, atol=1e-3
    )
    if out == "f32":  # one rounding of the exact sum
        np.testing.assert_array_equal(y.reshape(M, N), want.astype(np.float32))


def test_a_product_leaving_the_weight_is_located():
    # N = 48 rows of W, but 4 slabs of 16 rows are asked for (t < 4).
    body = SKINNY.format(slabs=4, R=16, K=16, N=48, MK=16, MN=64, out="f32")
    args = "%W: memref<48x16xf16>, %X: memref<16xf16>, %Y: memref<64xf32>"
    module = kernel_module(args, body, block=4)
    w, x = np.zeros((48, 16), np.float16), np.zeros(16, np.float16)
    with pytest.raises(InterpretationFailure, match=r"16x16 product at w\[48, 0\]"):
        run_function(module, "k", [w, x, np.zeros(64, np.float32)], subgroup_size=4)


def test_two_dimensional_activations_and_outputs():
    """x [M, K] and y [M, N] indexed per dimension: work-item t takes row
    t / (N / 16) of both."""
    M, N, K = 3, 32, 16
    body = f"""
      %t = gpu.thread_id x
      %slabs = arith.constant {N // 16} : index
      %c16 = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %m = arith.divui %t, %slabs : index
      %s = arith.remui %t, %slabs : index
      %row = arith.muli %s, %c16 : index
      coopmat.matvec %W[%row, %c0], %X[%m, %c0] -> %Y[%m, %row] {{rows = 16 : i64, columns = {K} : i64}} : memref<{N}x{K}xf16>, memref<{M}x{K}xf16>, memref<{M}x{N}xf32>"""
    args = f"%W: memref<{N}x{K}xf16>, %X: memref<{M}x{K}xf16>, %Y: memref<{M}x{N}xf32>"
    w = RNG.standard_normal((N, K)).astype(np.float16)
    x = RNG.standard_normal((M, K)).astype(np.float16)
    y = np.full((M, N), np.nan, np.float32)
    run_function(
        kernel_module(args, body, block=M * N // 16), "k", [w, x, y], subgroup_size=2
    )
    want = x.astype(np.float64) @ w.astype(np.float64).T
    np.testing.assert_array_equal(y, want.astype(np.float32))


VALUE = """
      %t = gpu.thread_id x
      %slabs = arith.constant {slabs} : index
      %c16 = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %m = arith.divui %t, %slabs : index
      %s = arith.remui %t, %slabs : index
      %row = arith.muli %s, %c16 : index
      %p = coopmat.matvec_value %W[%row, %c0], %X[%m, %c0] {{rows = 16 : i64, columns = {K} : i64}} : memref<{N}x{K}xf16>, memref<{M}x{K}xf16> -> vector<16xf16>
      vector.store %p, %Y[%m, %row] : memref<{M}x{N}xf16>, vector<16xf16>"""


def test_the_value_form_rounds_each_work_items_product_to_its_vector():
    """coopmat.matvec_value: work-item t's 16 products, each rounded once
    to the result's f16, as its vector (stored here)."""
    M, N, K = 3, 32, 64
    body = VALUE.format(slabs=N // 16, K=K, N=N, M=M)
    args = f"%W: memref<{N}x{K}xf16>, %X: memref<{M}x{K}xf16>, %Y: memref<{M}x{N}xf16>"
    w = RNG.standard_normal((N, K)).astype(np.float16)
    x = RNG.standard_normal((M, K)).astype(np.float16)
    y = np.full((M, N), np.nan, np.float16)
    run_function(
        kernel_module(args, body, block=M * N // 16), "k", [w, x, y], subgroup_size=2
    )
    want = x.astype(np.float64) @ w.astype(np.float64).T
    np.testing.assert_array_equal(y, want.astype(np.float16))


def test_a_value_product_leaving_the_weight_is_located():
    # 3 slabs of 16 rows asked of a 32-row W.
    body = VALUE.format(slabs=3, K=16, N=32, M=1)
    args = "%W: memref<32x16xf16>, %X: memref<1x16xf16>, %Y: memref<1x32xf16>"
    w, x = np.zeros((32, 16), np.float16), np.zeros((1, 16), np.float16)
    module = kernel_module(args, body, block=3)
    with pytest.raises(InterpretationFailure, match=r"16x16 product at w\[32, 0\]"):
        run_function(
            module, "k", [w, x, np.zeros((1, 32), np.float16)], subgroup_size=1
        )
