"""Timing at the GPU's working clocks (runtime/timing.py): each launch runs
untimed, back to back, for the warm-up seconds right before its timed
batches, and the arrays end as one run of the program leaves them (the
MLP's epilogues update their buffer in place). On lavapipe."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.dialects.registry import read_module
from coopmlir.interpreter import run_function
from coopmlir.tools.compare import compare
from coopmlir.tools.coopmlir_run import bufferized_arguments, find_function

INPUTS = Path(__file__).parents[2] / "frontend" / "Inputs"


@pytest.mark.parametrize("as_gpu", [False, True])
def test_timed_launches_leave_one_runs_result(as_gpu, monkeypatch):
    require_vulkan()
    from coopmlir.runtime import timing
    from coopmlir.runtime.launch import compile_for_device, device_needs
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    module = read_module(str(INPUTS / "mlp.mlir"))
    x = np.load(INPUTS / "mlp.arg0.npy")
    (expected,) = run_function(module.clone(), "forward", [x])
    kernel_level, kernels = compile_for_device(
        module, resolve_target("lavapipe", Context())
    )
    calls = []
    real = timing.run_host_function

    def counted(*args, **kwargs):
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(timing, "run_host_function", counted)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        # lavapipe is a CPU device: `as_gpu` times it as a GPU would be.
        monkeypatch.setattr(gpu.report, "is_cpu", not as_gpu)
        arrays, where = bufferized_arguments(
            module, find_function(module, "forward"), [x.copy()]
        )
        started = time.perf_counter()
        timings = timing.timed_host_function(
            kernel_level,
            "forward",
            kernels,
            arrays,
            gpu,
            repeat=3,
            batch=2,
            warm_seconds=0.2,
        )
        elapsed = time.perf_counter() - started
    assert timings and all(len(t.seconds) == 3 for t in timings)
    assert all(s > 0 for t in timings for s in t.seconds)
    comparison = compare("result0", arrays[where["result0"]], expected)
    assert comparison.ok, comparison.report()
    (call,) = calls
    assert call["repeat"] == 3 and call["warmup"] == timing.WARMUP
    if as_gpu:  # each launch ran untimed, back to back, for 0.2 s first
        assert call["batch"] == 2 and call["warm_seconds"] == 0.2
        assert elapsed >= 0.2 * len(timings)
    else:  # nothing to wake on a CPU device: timed at once, one dispatch a run
        assert call["batch"] == 1 and call["warm_seconds"] == 0.0


def test_warming_submissions_grow_to_keep_the_gpu_busy():
    """While warming, a submission of short dispatches grows to about
    WARM_SUBMIT_SECONDS of them (a half-idle GPU raises its clocks slowly),
    and the timed submissions keep that size; each time is per dispatch.
    A submission of each size is recorded once and submitted again."""
    from coopmlir.runtime import vulkan

    per_dispatch = 25e-6  # a LayerNorm of the GPT-2 block on an H200
    counts, recordings, freed = [], [], []

    class Stub:
        _warm_and_time = vulkan.VulkanDevice._warm_and_time

        def _record(self, record):
            record(None)
            return recordings[-1]

        def _run(self, cmd):
            counts.append(cmd)

        def _free_commands(self, cmd):
            freed.append(cmd)

        def _elapsed(self, pool):
            return per_dispatch * counts[-1]

    def record(cmd, dispatches=20):
        recordings.append(dispatches)

    stub = Stub()
    seconds = vulkan.VulkanDevice._timed_runs(
        stub, record, None, warmup=2, repeat=3, batch=20, warm_seconds=0.05
    )
    warm, timed = counts[:-3], counts[-3:]
    grown = round(vulkan.WARM_SUBMIT_SECONDS / per_dispatch)
    assert warm[0] == 20 and timed == [grown] * 3
    assert warm[1:] and all(n == grown for n in warm[1:])
    # Each size recorded once, resubmitted, and freed at the end.
    assert recordings == [20, grown] and sorted(freed) == sorted(recordings)
    assert seconds == pytest.approx([per_dispatch] * 3)
