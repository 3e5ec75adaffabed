"""bench/mma_peak.py and bench/model_vs_tuned.py, the two issue-17
benchmarks, on what this machine has: the peak kernel's L1 on the
interpreter against its closed-form result, its KHR and NV2 SPIR-V through
spirv-val (as the H100 would get it), and both scripts end to end on
lavapipe (`--simt`; a device without cooperative matrices is refused)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
from vulkan_device import require_vulkan

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import mma_peak  # noqa: E402
import model_vs_tuned  # noqa: E402

from coopmlir.dialects.registry import parse_module  # noqa: E402
from coopmlir.interpreter import run_function  # noqa: E402
from coopmlir.runtime.launch import compile_for_device  # noqa: E402
from coopmlir.runtime.vulkan_device import VulkanInstance  # noqa: E402
from coopmlir.spirv import tools  # noqa: E402
from coopmlir.targets import TARGETS  # noqa: E402

H100 = TARGETS["h100-vulkan"]


def peak_kernel(name, scope="subgroup", accumulators=2, subgroups=2, iterations=3):
    if scope == "workgroup":
        m, n, k, subgroups, invocations = 32, 32, 16, 1, 128
    else:
        m, n, k = mma_peak.fragment_shape(H100, name)
        invocations = subgroups * H100.subgroup_size
    return mma_peak.PeakKernel(
        name, m, n, k, scope, accumulators, subgroups, H100.subgroup_size,
        invocations, workgroups=2, iterations=iterations,
    )  # fmt: skip


@pytest.mark.parametrize("name", ["f16f32", "f16f16", "i8i32", "bf16f32"])
def test_kernel_gives_its_closed_form_on_the_interpreter(name):
    # The check the benchmark applies on the device: every accumulator of
    # every subgroup is init + iterations x (column sums of B), exactly.
    p = peak_kernel(name, accumulators=3)
    A, B, C = mma_peak.operands(p)
    run_function(parse_module(mma_peak.peak_module(p)), "peak", [A, B, C])
    want = mma_peak.expected(p, B)
    assert C.shape == want.shape == (2 * 2 * 3 * p.m, p.n)
    np.testing.assert_array_equal(C.astype(np.float64), want)
    # f32/i32 accumulators count the loop; f16's products sum to zero.
    assert want.max() == (2 + 3 * p.k if name != "f16f16" else 2)


@pytest.mark.parametrize(
    "name, scope",
    [("f16f32", "subgroup"), ("i8i32", "subgroup"), ("f16f16", "workgroup")],
)
def test_spirv_for_the_h100_validates_and_keeps_memory_out_of_the_loop(name, scope):
    p = peak_kernel(name, scope, accumulators=4)
    _, kernels = compile_for_device(parse_module(mma_peak.peak_module(p)), H100)
    (kernel,) = kernels.values()
    tools.validate(kernel.spirv)
    text = tools.disassemble(kernel.spirv)
    loads = "OpCooperativeMatrixLoad" + ("TensorNV" if scope == "workgroup" else "KHR")
    assert text.count("OpCooperativeMatrixMulAddKHR") == 4
    assert text.count(loads) == 2  # A and B, once, before the loop
    assert text.count("OpLoopMerge") == 1
    assert text.index(loads) < text.index("OpLoopMerge")
    assert text.rindex(loads) < text.index("OpLoopMerge")


def lavapipe_without_matrices():
    require_vulkan()
    instance = VulkanInstance()
    try:
        report = instance.report(instance.select(None))
    finally:
        instance.close()
    if report.cooperative_matrix_shapes:
        pytest.skip("this device has cooperative matrices")


def test_peak_refuses_a_device_without_cooperative_matrices(capsys):
    lavapipe_without_matrices()
    assert mma_peak.main(["--no-cublas", "--types", "f16f32"]) == 1
    assert "has no cooperative matrices" in capsys.readouterr().err


def test_peak_runs_through_simt_on_lavapipe(tmp_path):
    lavapipe_without_matrices()
    rows, table = tmp_path / "rows.jsonl", tmp_path / "peak.md"
    args = ["--simt", "--no-cublas", "--types", "i8i32", "--accumulators", "2"]
    args += ["--subgroups", "2", "--flops", "2e6", "--workgroups-per-unit", "1"]
    args += ["--repeat", "1", "--json", str(rows), "--out", str(table)]
    assert mma_peak.main(args) == 0
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    assert row["correct"] and row["iterations"] > 1 and row["tflops"] > 0
    # The results file has the row and the summary's peak line.
    assert table.read_text().count(f"| i8->i32 | subgroup | {row['mma']} |") == 1
    assert f"| {row['tflops']} | 2 x 2 |" in table.read_text()


def test_model_vs_tuned_on_lavapipe(tmp_path, capsys):
    require_vulkan()
    rows, cache, table = (tmp_path / f for f in ("rows.jsonl", "tune.json", "t.md"))
    args = ["--no-cublas", "--types", "f16f32", "--shapes", "16x32x16"]
    args += ["--sweep", "model", "--split-k", "2", "--repeat", "1", "--batch", "1"]
    args += ["--json", str(rows), "--tune", str(cache), "--out", str(table)]
    assert model_vs_tuned.main(args) == 0
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    # The model's own choice and split_k=2 (a small output): two candidates.
    assert row["candidates"] == 2 and row["failed"] == 0
    assert 0 < row["model_over_best"] <= 1
    assert row["best_tflops"] >= row["model_tflops"]
    (entry,) = json.loads(cache.read_text())["entries"].values()
    assert entry["tflops"] == row["best_tflops"]
    within = int(row["model_over_best"] >= 0.9)
    footer = f"{within} of 1 cases with the model within 10% of the tuned best"
    assert footer in capsys.readouterr().out and footer in table.read_text()
    assert (
        f"| f16->f32 | 16x32x16 | {row['model_predicted_tflops']} |"
        in table.read_text()
    )


@pytest.mark.parametrize("script", [mma_peak, model_vs_tuned])
def test_cublas_needs_torch_with_cuda(script, monkeypatch):
    # Without torch (hidden here), the run stops before any device work.
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch -> ImportError
    with pytest.raises(SystemExit, match="--no-cublas runs without"):
        script.main([])
