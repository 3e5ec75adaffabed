"""Specialization constants on lavapipe: one compiled binary, a pipeline per
value set (VkSpecializationInfo, the workgroup size from the launch), each
equal to numpy; value sets the problem or the module refuses fail before
any dispatch; the tuner's sweep ranks the sets of that one binary."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.lowering import parse
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.runtime.launch import compile_for_device, run_host_function
from coopmlir.runtime.spec_sweep import measure_on_device
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.runtime.vulkan_device import CoopMatShape
from coopmlir.specialization import MATRIX_PARAMETERS, SPEC_IDS
from coopmlir.targets import get_target
from coopmlir.tuning import spec_candidates, sweep_spec

SOURCE = (Path(__file__).parents[3] / "examples" / "matmul.mlir").read_text()
OPTIONS = "spec-constants=true tile=32x16x16 subgroups=2x1"


@pytest.fixture(scope="module")
def compiled():
    require_vulkan()
    return compile_for_device(parse(SOURCE), get_target("lavapipe"), OPTIONS)


@pytest.fixture(scope="module")
def gpu(compiled):
    _, kernels = compiled
    needs = set().union(*(k.features for k in kernels.values()))
    with VulkanDevice(needs=needs) as device:
        yield device


def operands():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((32, 48)).astype(np.float16)
    c = rng.standard_normal((64, 48)).astype(np.float32)
    return [a, b, c]


def expected(arrays) -> np.ndarray:
    a, b, c = arrays
    return a.astype(np.float32) @ b.astype(np.float32) + c


@pytest.mark.parametrize(
    "values, grid",
    [
        ({}, (3, 2, 1)),
        ({"subgroups_m": 4, "subgroups_n": 3}, (1, 1, 1)),
        ({"subgroups_m": 1}, (3, 4, 1)),
    ],
    ids=str,
)
def test_one_binary_runs_each_value_set(compiled, gpu, values, grid):
    module, kernels = compiled
    (kernel,) = kernels.values()
    # SIMT code (no matrix units): the grid's constants, not m, n, k
    grid_ids = {k: v for k, v in SPEC_IDS.items() if k not in MATRIX_PARAMETERS}
    assert dict(kernel.spec_ids) == grid_ids
    arrays = operands()
    want = expected(arrays)
    timings = run_host_function(
        module, "matmul", kernels, arrays, gpu, spec_values=values
    )
    assert [t.grid for t in timings] == [grid]
    np.testing.assert_allclose(arrays[2], want, rtol=1e-3, atol=1e-3)


def test_the_pipeline_takes_the_values_and_the_launch_size(compiled):
    _, kernels = compiled
    (kernel,) = kernels.values()
    binary = kernel.binary({"subgroups_m": 4, "subgroups_n": 3}, (96, 1, 1))
    assert binary.specialization == ((0, 96), (3, 4), (4, 3))
    assert binary.workgroup_size == (96, 1, 1)
    assert binary.spirv == kernel.binary().spirv  # the same module


@pytest.mark.parametrize(
    "values, message",
    [
        ({"subgroups_m": 3}, "must divide M=64"),
        ({"subgroups_n": 2}, "must divide N=48"),
        ({"subgroups_x": 2}, "no specialization constant subgroups_x"),
    ],
)
def test_refused_value_sets_fail_before_any_dispatch(compiled, gpu, values, message):
    module, kernels = compiled
    arrays = operands()
    before = arrays[2].copy()
    with pytest.raises(CompileError, match=message):
        run_host_function(module, "matmul", kernels, arrays, gpu, spec_values=values)
    np.testing.assert_array_equal(arrays[2], before)


def test_the_sweep_ranks_the_value_sets_of_one_binary(compiled, gpu):
    module, kernels = compiled
    arrays = operands()
    want = [*arrays[:2], expected(arrays)]
    measure = measure_on_device(module, "matmul", kernels, arrays, gpu, want, repeat=1)
    trials = sweep_spec(spec_candidates(4), measure)
    ran = [t.values for t in trials if t.seconds is not None]
    # subgroups_m in 1, 2, 4 and subgroups_n = 1 divide 64x48 (at most 4 subgroups)
    assert sorted(map(lambda v: sorted(v.items()), ran)) == sorted(
        sorted({"subgroups_m": m, "subgroups_n": 1}.items()) for m in (1, 2, 4)
    )
    assert all("must divide" in t.refusal for t in trials if t.seconds is None)


class _Dispatched(Exception):
    """What the fake device raises once every check has passed."""


class _FakeDevice:
    """A device with 16x16x16 subgroup matrices (checks only: no dispatch)."""

    class report:
        name = "fake"
        max_workgroup_count = (65535, 65535, 65535)
        max_workgroup_invocations = 1024
        cooperative_matrix_shapes = [
            CoopMatShape(16, 16, 16, "f16", "f16", "f32", "f32", False, 3),
            CoopMatShape(16, 8, 16, "f16", "f16", "f32", "f32", False, 3),
        ]

    def buffer(self, size):
        raise _Dispatched


@pytest.mark.parametrize(
    "values, refusal",
    [
        ({}, None),
        ({"coopmat_n": 8}, None),
        ({"coopmat_m": 8}, r"lists no 8x16x16 \(m x n x k\) cooperative matrices"),
    ],
)
def test_matrix_shapes_the_device_does_not_list_are_refused(values, refusal):
    module, kernels = compile_for_device(parse(SOURCE), get_target("generic"), OPTIONS)
    (kernel,) = kernels.values()
    assert dict(kernel.spec_ids) == SPEC_IDS  # matrix units: m, n, k too
    expected_error = _Dispatched if refusal is None else CompileError
    with pytest.raises(expected_error, match=refusal):
        run_host_function(
            module, "matmul", kernels, operands(), _FakeDevice(), spec_values=values
        )
