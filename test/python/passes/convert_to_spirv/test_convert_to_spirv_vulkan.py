"""SIMT kernels through convert-to-spirv run on a real Vulkan driver
(lavapipe in CI) and compute the matmul numpy computes."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered
from support.matmul_programs import matmul_source_by_element
from support.tiers import sample
from support.vulkan_device import require_vulkan

from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.runtime.vulkan_device import FEATURES

CASES = [
    # (m, n, k, a, c, unsigned, stages)
    (32, 32, 32, "f32", "f32", False, 0),
    (64, 48, 32, "f16", "f32", False, 1),
    (50, 36, 20, "f16", "f32", False, 2),
    (40, 24, 16, "bf16", "f32", False, 0),
    (64, 64, 32, "f16", "f16", False, 2),
    (48, 40, 64, "i8", "i32", False, 1),
    (30, 20, 24, "i8", "i32", True, 0),
    # Every stages value for f32, f16 -> f32 and i8 -> i32, ragged too.
    (33, 17, 9, "f32", "f32", False, 1),
    (31, 33, 15, "f32", "f32", False, 2),
    (33, 47, 19, "f16", "f32", False, 0),
    (17, 9, 40, "i8", "i32", False, 2),
]


def _operands(m, n, k, a, c, unsigned):
    rng = np.random.default_rng(7)
    if a == "i8":
        dtype, low, high = (np.uint8, 0, 256) if unsigned else (np.int8, -128, 128)
        A = rng.integers(low, high, (m, k)).astype(dtype)
        B = rng.integers(low, high, (k, n)).astype(dtype)
        C = rng.integers(-1000, 1000, (m, n)).astype(np.int32)
        return A, B, C, C + A.astype(np.int64) @ B.astype(np.int64)
    A = rng.standard_normal((m, k)).astype(np.float32)
    B = rng.standard_normal((k, n)).astype(np.float32)
    if a == "bf16":  # bf16 buffers hold the high halves of f32 values
        A_bits = (A.view(np.uint32) >> 16).astype(np.uint16)
        B_bits = (B.view(np.uint32) >> 16).astype(np.uint16)
        A = (A_bits.astype(np.uint32) << 16).view(np.float32)
        B = (B_bits.astype(np.uint32) << 16).view(np.float32)
        C = rng.standard_normal((m, n)).astype(np.float32)
        return A_bits, B_bits, C, C + A @ B
    if a == "f16":
        A, B = A.astype(np.float16), B.astype(np.float16)
    C = rng.standard_normal((m, n)).astype(np.float16 if c == "f16" else np.float32)
    return A, B, C, C.astype(np.float32) + A.astype(np.float32) @ B.astype(np.float32)


# Default tier: every case but the two slowest i8 kernels (i8 at every stages
# value stays in test_simt_matmul's default tier).
@pytest.mark.parametrize(
    "case",
    sample(
        CASES,
        keep=[0, 1, 2, 3, 4, 6, 7, 8, 9],
        ids=lambda c: f"{c[0]}x{c[1]}x{c[2]}-{c[3]}-{c[4]}-s{c[6]}",
    ),
)
def test_simt_kernel_runs_on_vulkan(case):
    require_vulkan()
    m, n, k, a, c, unsigned, stages = case
    module = lowered(
        matmul_source_by_element(m, n, k, a, c, unsigned),
        f"lower-to-coopmat{{target=lavapipe stages={stages}}},coopmat-to-simt",
    )
    (kernel,) = compile_kernels(module)
    assert kernel.features <= FEATURES.keys(), "the runtime cannot enable them all"
    A, B, C, expected = _operands(m, n, k, a, c, unsigned)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        # The lavapipe target assumes AVX2 (subgroups of 8); CI must have it.
        assert gpu.report.min_subgroup_size <= kernel.required_subgroup_size
        assert kernel.required_subgroup_size <= gpu.report.max_subgroup_size
        gpu.run(kernel.binary(), [A, B, C], grid=kernel.grid)
    if c == "i32":
        np.testing.assert_array_equal(C, expected)
    else:
        tolerance = 0.05 if c == "f16" else 1e-4
        np.testing.assert_allclose(C, expected, rtol=tolerance, atol=tolerance)


def test_simt_conversion_ops_run_on_vulkan():
    """from_vector/to_vector/bitcast_array through coopmat-to-simt on the
    driver give what the interpreter gives (KHR cannot run on lavapipe)."""
    require_vulkan()
    from support.kernel_modules import conversion_operands, conversion_source

    from coopmlir.dialects.registry import parse_module
    from coopmlir.interpreter import run_function

    source = conversion_source(8, 8, 8)
    expected = conversion_operands(8, 8, 8)
    run_function(parse_module(source), "conv", expected)
    (kernel,) = compile_kernels(lowered(source, "coopmat-to-simt"))
    arrays = conversion_operands(8, 8, 8)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        if not gpu.report.min_subgroup_size <= 8 <= gpu.report.max_subgroup_size:
            pytest.skip("the driver has no subgroups of 8")
        gpu.run(kernel.binary(), arrays, grid=kernel.grid)
    for got, want in zip(arrays, expected, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
