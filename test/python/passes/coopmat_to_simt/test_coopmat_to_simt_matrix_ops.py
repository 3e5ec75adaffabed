"""Differential tests of coopmat-to-simt on coopmat.reduce, coopmat.apply and
coopmat.transpose: the interpreter runs the L1 kernel and its SIMT lowering
on the same random data. Max, min, integers, apply's mask and transpose:
exactly; float sums: within the summation-order bound n * eps * sum|x|.
Subgroup sizes 8 to 64, tinytc layouts with and without padding."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import EPS, assert_close, sum_tolerance
from support.kernel_modules import both_levels as run_both_levels
from support.matrix_op_kernels import (
    NUMPY,
    apply_kernel,
    data,
    reduce_kernel,
    reduce_shape,
    transpose_kernel,
)

RNG = np.random.default_rng(1414)


def both_levels(args: str, body: str, S: int, inputs: list[np.ndarray]):
    """The last argument after the kernel ran at L1 and at L2."""
    l1, l2 = run_both_levels(args, body, S, inputs)
    return l1[-1], l2[-1]


# Every subgroup size and every type, but not every pair of them (the suite's
# time): the butterflies depend on S and the shape, the arithmetic on the type.
@pytest.mark.parametrize(
    "S, ty",
    [(8, "f16"), (16, "i32"), (32, "f32"), (64, "i8"), (32, "f16"), (16, "i8")],
)
@pytest.mark.parametrize("kind", ["add", "max", "min"])
@pytest.mark.parametrize("mode", ["rows", "cols", "both"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 5), (32, 3), (1, 7), (4, 40)])
@pytest.mark.parametrize("compact", [True, False])
def test_reduce(S, ty, kind, mode, shape, compact):
    m, n = shape
    result = reduce_shape(m, n, mode, compact)
    x = data(RNG, shape, ty)
    inputs = [x, np.zeros(result, NUMPY[ty])]
    l1, l2 = both_levels(*reduce_kernel(m, n, ty, kind, mode, result), S, inputs)
    if kind != "add" or ty.startswith("i"):
        np.testing.assert_array_equal(l2, l1)
        return
    count = {"rows": n, "cols": m, "both": m * n}[mode]
    magnitude = np.abs(x.astype(np.float64)).sum()
    assert_close(l2, l1, sum_tolerance(count, EPS[ty], magnitude, floor=0))


@pytest.mark.parametrize(
    "S, ty", [(8, "f16"), (16, "i32"), (32, "f32"), (64, "i8"), (16, "bf16")]
)
@pytest.mark.parametrize("kind", ["add", "max", "min"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 6), (2, 32), (32, 4)])
def test_reduce_quads(S, ty, kind, shape):
    result = reduce_shape(*shape, "quads", True)
    x = data(RNG, shape, ty)
    inputs = [x, np.zeros(result, NUMPY[ty])]
    l1, l2 = both_levels(*reduce_kernel(*shape, ty, kind, "quads", result), S, inputs)
    if kind != "add" or ty.startswith("i"):
        np.testing.assert_array_equal(l2, l1)
        return
    # Pairwise sums of four rounded in the element type vs one exact sum.
    magnitude = 4 * np.abs(x.astype(np.float64)).max()
    assert_close(l2, l1, sum_tolerance(4, EPS[ty], magnitude, floor=0))


@pytest.mark.parametrize("kind", ["max", "min"])
def test_reduce_unsigned(kind):
    x = data(RNG, (8, 8), "i32")
    inputs = [x, np.zeros((8, 1), np.int32)]
    args, body = reduce_kernel(8, 8, "i32", kind, "rows", (8, 1), unsigned=True)
    l1, l2 = both_levels(args, body, 16, inputs)
    np.testing.assert_array_equal(l2, l1)


@pytest.mark.parametrize("S", [8, 16, 32])
@pytest.mark.parametrize("ty", ["f16", "bf16", "f32", "i8", "i32"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 5), (4, 32)])
def test_apply(S, ty, shape):
    m, n = shape
    inputs = [data(RNG, shape, ty), data(RNG, (1,), ty), np.zeros(shape, NUMPY[ty])]
    l1, l2 = both_levels(*apply_kernel(m, n, ty), S, inputs)
    np.testing.assert_array_equal(l2, l1)


@pytest.mark.parametrize("S", [8, 16, 32, 64])
@pytest.mark.parametrize("ty", ["f16", "f32", "i8"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 16), (16, 4), (32, 8)])
def test_transpose(S, ty, shape):
    m, n = shape
    inputs = [data(RNG, shape, ty), np.zeros((n, m), NUMPY[ty])]
    l1, l2 = both_levels(*transpose_kernel(m, n, ty), S, inputs)
    np.testing.assert_array_equal(l2, l1)
    np.testing.assert_array_equal(l1, inputs[0].T)
