"""The last-workgroup sum of test/passes/convert-to-spirv-atomics.mlir end to
end: the interpreter and lavapipe compute what numpy computes (twice in a
row on the same buffers on lavapipe: the last workgroup resets the
counter), spirv-val accepts its module, mlir-opt-22 reads what coopmlir
prints at L1 and after convert-to-spirv, the runtime enables the feature
that Device scope needs, and coopmat-to-simt passes the atomics through."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.mlir_tools import MLIR_OPT, run_mlir
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.runtime.compile import CompiledKernel, compile_kernels
from coopmlir.spirv.tools import validate

SOURCE = Path(__file__).parents[3] / "passes" / "convert-to-spirv-atomics.mlir"
GRID = (4, 1, 1)  # 256 elements, workgroups of 64


def _module():
    return parse_module(SOURCE.read_text(), str(SOURCE))


def _arrays(seed: int) -> list[np.ndarray]:
    """x, partial, counter, out: the counter starts at 0, out at garbage."""
    x = np.random.default_rng(seed).integers(-(2**15), 2**15, 256).astype(np.int32)
    return [x, np.zeros(256, np.int32), np.zeros(1, np.int32), np.full(1, 7, np.int32)]


def _expected(x: np.ndarray) -> int:
    """The sum of squares, wrapped to i32 as the kernel's adds are."""
    return int(np.sum(x.astype(np.int64) ** 2).astype(np.int32))


def _sum_kernel() -> CompiledKernel:
    (kernel,) = [k for k in compile_kernels(_module()) if k.name == "sum"]
    return kernel


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_interpreter_sums_like_numpy(seed):
    x, partial, counter, out = _arrays(seed)
    run_function(_module(), "sum", [x, partial, counter, out], grid=GRID)
    assert int(out[0]) == _expected(x)
    assert int(counter[0]) == 0  # reset by the last workgroup
    np.testing.assert_array_equal(partial, x * x)


def test_module_validates_and_needs_device_scope():
    kernel = _sum_kernel()
    validate(kernel.spirv)
    assert "VulkanMemoryModelDeviceScope" in kernel.capabilities
    assert "vulkanMemoryModelDeviceScope" in kernel.features


def test_runs_twice_on_the_same_buffers_on_vulkan():
    require_vulkan()
    from coopmlir.runtime.vulkan import VulkanDevice

    kernel = _sum_kernel()
    x, partial, counter, out = _arrays(3)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        buffers = [gpu.buffer(a.nbytes) for a in (x, partial, counter, out)]
        for buffer, array in zip(buffers, (x, partial, counter, out), strict=True):
            gpu.upload(buffer, array)
        for _ in range(2):
            gpu.upload(buffers[3], np.full(1, 7, np.int32))
            gpu.dispatch(kernel.binary(), buffers, GRID)
            gpu.download(buffers[3], out)
            gpu.download(buffers[2], counter)
            assert int(out[0]) == _expected(x)
            assert int(counter[0]) == 0


def test_mlir_reads_the_l1_and_spirv_modules():
    module = _module()
    l1 = run_mlir(MLIR_OPT, stdin=str(module))
    assert l1.returncode == 0, l1.stderr
    ConvertToSpirv().apply(make_context(), module)
    converted = run_mlir(MLIR_OPT, stdin=str(module))
    assert converted.returncode == 0, converted.stderr
    assert "spirv.AtomicIAdd <Device>" in converted.stdout
    assert "spirv.AtomicExchange <Device>" in converted.stdout


def test_coopmat_to_simt_keeps_the_atomics():
    module = _module()
    before = [str(op) for op in module.walk() if op.name == "memref.atomic_rmw"]
    CoopmatToSimt().apply(make_context(), module)
    module.verify()
    after = [str(op) for op in module.walk() if op.name == "memref.atomic_rmw"]
    assert len(before) == 2 and after == before
