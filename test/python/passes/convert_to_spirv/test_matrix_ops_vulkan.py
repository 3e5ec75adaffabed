"""coopmat.reduce, coopmat.apply and coopmat.transpose through
coopmat-to-simt and convert-to-spirv run on a real Vulkan driver (lavapipe
in CI) and give what the interpreter gives at L1."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import interpreted, lowered
from support.matrix_op_kernels import (
    NUMPY,
    apply_kernel,
    data,
    host_module,
    reduce_kernel,
    transpose_kernel,
)
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.vulkan import VulkanDevice

S = 8  # lavapipe's subgroup size with AVX2


def source(args: str, body: str, S: int = S) -> str:
    """A host function that launches the kernel on one subgroup of S."""
    return host_module(args, body, S)


def run_both(args: str, body: str, inputs: list[np.ndarray]):
    """The last operand after the interpreter at L1 and after lavapipe."""
    text = source(args, body)
    expected = interpreted(parse_module(text), "k", inputs)
    (kernel,) = compile_kernels(lowered(text, "coopmat-to-simt"))
    arrays = [a.copy() for a in inputs]
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        if not gpu.report.min_subgroup_size <= S <= gpu.report.max_subgroup_size:
            pytest.skip(f"the driver has no subgroups of {S}")
        gpu.run(kernel.binary(), arrays, grid=kernel.grid)
    return expected[-1], arrays[-1]


RNG = np.random.default_rng(2014)


@pytest.mark.parametrize("ty", ["f32", "i32"])
@pytest.mark.parametrize("kind", ["add", "max", "min"])
@pytest.mark.parametrize(
    "mode, shape, result",
    [
        ("rows", (16, 16), (16, 1)),
        ("rows", (8, 5), (8, 5)),
        ("cols", (16, 8), (1, 8)),
        ("cols", (4, 12), (4, 12)),
        ("both", (8, 8), (1, 1)),
        ("quads", (8, 8), (4, 4)),
        ("quads", (16, 6), (8, 3)),
    ],
)
def test_reduce_runs_on_vulkan(ty, kind, mode, shape, result):
    require_vulkan()
    x = data(RNG, shape, ty)
    args, body = reduce_kernel(*shape, ty, kind, mode, result)
    want, got = run_both(args, body, [x, np.zeros(result, NUMPY[ty])])
    if ty == "i32" or kind != "add":
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("ty", ["f32", "i32"])
@pytest.mark.parametrize("shape", [(8, 8), (16, 5)])
def test_apply_runs_on_vulkan(ty, shape):
    require_vulkan()
    inputs = [data(RNG, shape, ty), data(RNG, (1,), ty), np.zeros(shape, NUMPY[ty])]
    want, got = run_both(*apply_kernel(*shape, ty), inputs)
    if ty == "i32":
        np.testing.assert_array_equal(got, want)
    else:  # the driver's tanh is not numpy's
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("ty", ["f32", "i32"])
@pytest.mark.parametrize("shape", [(8, 8), (16, 4)])
def test_transpose_runs_on_vulkan(ty, shape):
    require_vulkan()
    x = data(RNG, shape, ty)
    want, got = run_both(
        *transpose_kernel(*shape, ty), [x, np.zeros(shape[::-1], NUMPY[ty])]
    )
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got, x.T)
