"""The interpreter's coopmat.reduce, coopmat.apply and coopmat.transpose
against numpy, for several shapes, element types, kinds and modes (one
subgroup per matrix; three subgroups run the same kernel)."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import EPS
from support.kernel_modules import kernel_module
from support.lowering import interpreted
from support.matrix_op_kernels import (
    NUMPY,
    apply_kernel,
    apply_reference,
    data,
    reduce_kernel,
    reduce_reference,
    reduce_shape,
    transpose_kernel,
)

RNG = np.random.default_rng(14)
S = 16


def run(args: str, body: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    attrs = f", coopmat.layout = #coopmat.layout<tinytc, subgroup = {S}>"
    module = kernel_module(args, body, block=3 * S, attrs=attrs)
    return interpreted(module, "k", inputs, subgroup_size=S)


@pytest.mark.parametrize("ty", ["f16", "bf16", "f32", "i8", "i32"])
@pytest.mark.parametrize("kind", ["add", "max", "min"])
@pytest.mark.parametrize("mode", ["rows", "cols", "both"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 5), (32, 3)])
@pytest.mark.parametrize("compact", [True, False])
def test_reduce(ty, kind, mode, shape, compact):
    m, n = shape
    result = reduce_shape(m, n, mode, compact)
    x = data(RNG, shape, ty)
    out = np.zeros(result, NUMPY[ty])
    _, got = run(*reduce_kernel(m, n, ty, kind, mode, result), [x, out])
    expected = reduce_reference(x, ty, kind, mode, result)
    # The interpreter sums exactly and rounds once, as the reference does.
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("kind", ["max", "min"])
def test_reduce_unsigned(kind):
    x = data(RNG, (8, 8), "i32")
    out = np.zeros((8, 1), np.int32)
    args, body = reduce_kernel(8, 8, "i32", kind, "rows", (8, 1), unsigned=True)
    _, got = run(args, body, [x, out])
    expected = reduce_reference(x, "i32", kind, "rows", (8, 1), unsigned=True)
    np.testing.assert_array_equal(got, expected)
    # Negative numbers are the largest unsigned ones.
    has_negative = (x < 0).any(axis=1)
    if kind == "max":
        assert (got[has_negative, 0] < 0).all()


@pytest.mark.parametrize("ty", ["f16", "bf16", "f32", "i8", "i32"])
@pytest.mark.parametrize("kind", ["add", "max", "min"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 6), (2, 32)])
def test_reduce_quads(ty, kind, shape):
    """Each 2x2 block (SPV_NV_cooperative_matrix2's 2x2 reduction)."""
    result = reduce_shape(*shape, "quads", True)
    x = data(RNG, shape, ty)
    out = np.zeros(result, NUMPY[ty])
    _, got = run(*reduce_kernel(*shape, ty, kind, "quads", result), [x, out])
    np.testing.assert_array_equal(got, reduce_reference(x, ty, kind, "quads", result))
    if kind == "max":  # block (0, 0) by hand
        assert got[0, 0] == x[:2, :2].max()


def test_reduce_sums_integers_with_wrap_around():
    x = np.full((8, 8), 2**30, np.int32)
    out = np.zeros((8, 1), np.int32)
    _, got = run(*reduce_kernel(8, 8, "i32", "add", "rows", (8, 1)), [x, out])
    assert (got == 0).all()  # 8 * 2**30 wraps to 0 in 32 bits


@pytest.mark.parametrize("ty", ["f16", "bf16", "f32", "i8", "i32"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 5), (4, 32)])
def test_apply(ty, shape):
    m, n = shape
    x = data(RNG, shape, ty)
    s = data(RNG, (1,), ty)
    out = np.zeros(shape, NUMPY[ty])
    *_, got = run(*apply_kernel(m, n, ty), [x, s, out])
    expected = apply_reference(x, s[0], ty)
    if ty.startswith("i"):
        np.testing.assert_array_equal(got, expected)
        return
    # tanh may differ from numpy's in the last place of the element type.
    np.testing.assert_allclose(
        got.astype(np.float64), expected.astype(np.float64), rtol=2 * EPS[ty], atol=0
    )
    i, j = np.indices(shape)
    np.testing.assert_array_equal(got[j > i], j[j > i])  # the mask, exactly


@pytest.mark.parametrize("ty", ["f16", "f32", "i8", "i32"])
@pytest.mark.parametrize("shape", [(16, 16), (8, 16), (16, 4)])
def test_transpose(ty, shape):
    m, n = shape
    x = data(RNG, shape, ty)
    out = np.zeros((n, m), NUMPY[ty])
    _, got = run(*transpose_kernel(m, n, ty), [x, out])
    np.testing.assert_array_equal(got, x.T)
