"""A torch-mlir export run whole on lavapipe (runtime/resident.py): its
arrays stay on the device across its launches. The results match the
interpreter's; weights are uploaded once per device, intermediates never
cross, and only the arguments are read back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from support.frontend_exports import export_tolerance
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.dialects.registry import read_module
from coopmlir.interpreter import run_function
from coopmlir.tools.compare import compare
from coopmlir.tools.coopmlir_run import bufferized_arguments, find_function

INPUTS = Path(__file__).parents[2] / "frontend" / "Inputs"


def test_an_export_runs_on_resident_buffers():
    require_vulkan()
    from coopmlir.runtime.launch import (
        compile_for_device,
        device_needs,
        run_host_function,
    )
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    name = "mlp"
    module = read_module(str(INPUTS / f"{name}.mlir"))
    x = np.load(INPUTS / f"{name}.arg0.npy")
    (expected,) = run_function(module.clone(), "forward", [x])
    target = resolve_target("lavapipe", Context())
    kernel_level, kernels = compile_for_device(module, target)
    fn = find_function(module, "forward")
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        moved = {"upload": [], "download": []}
        for way in moved:
            real = getattr(gpu, way)

            def counted(buffer, array, real=real, way=way):
                moved[way].append(array.shape)
                real(buffer, array)

            setattr(gpu, way, counted)
        for run in range(2):
            arrays, where = bufferized_arguments(module, fn, [x.copy()])
            moved["upload"].clear()
            moved["download"].clear()
            timings = run_host_function(kernel_level, "forward", kernels, arrays, gpu)
            assert len(timings) == 2  # the two layers, epilogues fused
            result = arrays[where["result0"]]
            comparison = compare("result0", result, expected, export_tolerance(name))
            assert comparison.ok, comparison.report()
            shapes = sorted(a.shape for a in arrays)
            # Only the arguments come back; the second run uploads only them
            # (the first also uploads the weights, once each).
            assert sorted(moved["download"]) == shapes
            if run:
                assert sorted(moved["upload"]) == sorted(
                    s for s in shapes if s in moved["upload"]
                )
                assert len(moved["upload"]) <= len(arrays)
            else:
                assert len(moved["upload"]) > len(arrays)


def test_timed_runs_leave_the_result_of_one_run():
    """`--repeat`: each launch is timed over several dispatches, but the
    buffers end as one dispatch leaves them (the MLP's epilogues update
    their buffer in place, which used to compound over the timed runs)."""
    require_vulkan()
    from coopmlir.runtime.launch import (
        compile_for_device,
        device_needs,
        run_host_function,
    )
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    module = read_module(str(INPUTS / "mlp.mlir"))
    x = np.load(INPUTS / "mlp.arg0.npy")
    (expected,) = run_function(module.clone(), "forward", [x])
    kernel_level, kernels = compile_for_device(
        module, resolve_target("lavapipe", Context())
    )
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        arrays, where = bufferized_arguments(
            module, find_function(module, "forward"), [x.copy()]
        )
        timings = run_host_function(
            kernel_level, "forward", kernels, arrays, gpu, warmup=1, repeat=3
        )
    assert all(len(t.seconds) == 3 for t in timings)
    comparison = compare("result0", arrays[where["result0"]], expected)
    assert comparison.ok, comparison.report()
