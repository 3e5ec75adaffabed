"""Helpers of the benchmarks that run without a GPU: bench/torch_cuda.py's
`cuda_batched_ms`, the torch side of the short benchmarks (quant_gemm,
skinny_gemm, decode_attention), against a stand-in for torch.cuda that
keeps a clock: it warms for the Vulkan side's seconds, times runs of the
Vulkan side's batch (a CUDA graph, or back-to-back calls where capture
fails) and reports the time per call; and `model_blocks.py compile`."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from support.vulkan_device import require_vulkan

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

import torch_cuda  # noqa: E402

from coopmlir.runtime import timing  # noqa: E402

CALL_MS = 0.01  # a call's GPU time


class FakeCuda:
    """torch.cuda with a GPU clock advanced by each call of `fn`."""

    def __init__(self, capture: bool):
        self.now = 0.0
        self.capture = capture
        self.calls = 0
        self.recording = None  # calls made while capturing a graph

    def synchronize(self):
        pass

    def call(self):
        if self.recording is not None:
            self.recording.append(1)
            return
        self.calls += 1
        self.now += CALL_MS

    def Event(self, enable_timing):  # noqa: N802 (torch's name)
        cuda = self

        class Event:
            def record(self):
                self.at = cuda.now

            def elapsed_time(self, end):
                return end.at - self.at

        return Event()

    def CUDAGraph(self):  # noqa: N802
        cuda = self
        if not self.capture:
            raise RuntimeError("capture not supported")

        class Graph:
            recorded = 0

            def replay(self):
                for _ in range(self.recorded):
                    cuda.calls += 1
                    cuda.now += CALL_MS

        return Graph()

    def graph(self, graph):
        cuda = self

        class Capture:
            def __enter__(self):
                cuda.recording = []

            def __exit__(self, *exc):
                graph.recorded = len(cuda.recording)
                cuda.recording = None

        return Capture()


@pytest.mark.parametrize("capture", [True, False], ids=["graph", "launches"])
def test_batched_calls_are_warmed_and_timed_per_call(monkeypatch, capture):
    cuda = FakeCuda(capture)
    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(cuda=cuda))
    ms = torch_cuda.cuda_batched_ms(cuda.call, repeat=3, warm_seconds=0.05)
    assert ms == pytest.approx(CALL_MS)
    # 3 first calls, at least one warm run, the median's warm-up run and 3
    # timed runs, each of the Vulkan side's batch.
    batch = timing.BATCH
    assert cuda.calls >= 3 + batch * (1 + 1 + 3)
    assert (cuda.calls - 3) % batch == 0


def test_model_blocks_compile_step_compiles_each_export(capsys):
    """`bench/model_blocks.py compile`: each block's export parsed and
    compiled for h100-vulkan without a device, one line of seconds each."""
    import model_blocks

    names = ["gpt2-block", "bottleneck", *model_blocks.LINEAR_LAYERS]
    model_blocks.compile_blocks("small", names)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(" (")[0] for line in lines] == names
    assert lines[0].endswith("7 kernels") and lines[1].endswith("3 kernels")
    # fc1 and each activation: one kernel, the activation fused.
    assert all(line.endswith(" 1 kernels") for line in lines[2:])


def test_model_blocks_run_step_uses_one_device_for_every_option(monkeypatch, tmp_path):
    """`bench/model_blocks.py run --options A --options B`: every block and
    option string runs on the one Vulkan device opened at the start, with
    its target queried once (NVIDIA's driver refuses new instances after a
    few dozen per process), each row checked against PyTorch f32 (lavapipe,
    the small fc1)."""
    require_vulkan()
    pytest.importorskip("torch")
    import json

    import gemm_vulkan  # its open_device binds the real VulkanDevice
    import model_blocks

    assert gemm_vulkan.VulkanDevice is not None

    def another(*args, **kwargs):
        raise AssertionError("a second Vulkan device or device query")

    monkeypatch.setattr("coopmlir.runtime.vulkan.VulkanDevice", another)
    monkeypatch.setattr("coopmlir.runtime.device_target.query_for_passes", another)
    args = types.SimpleNamespace(
        blocks=["fc1"],
        size="small",
        options=["", "tile=32x32x32 subgroups=1x1"],
        repeat=1,
        timing="launch",
        out=str(tmp_path),
    )
    model_blocks.run_blocks(args)
    rows = json.loads((tmp_path / "model_blocks-small.json").read_text())
    assert [row["options"] for row in rows] == args.options
    assert all(row["coopmlir_error"] < 1e-2 for row in rows)
