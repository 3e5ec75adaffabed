"""bench/mma_peak.py and bench/model_vs_tuned.py, the two issue-17
benchmarks, on what this machine has: the peak kernel's L1 on the
interpreter against its closed-form result, its KHR and NV2 SPIR-V through
spirv-val (as the H100 would get it), and both scripts end to end on
lavapipe (`--simt`; a device without cooperative matrices is refused)."""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from support.vulkan_device import require_vulkan

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

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
    want = mma_peak.expected(p, A, B)
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


def feed_args(feed, **options):
    """mma_peak's options for a workgroup or global feed."""
    defaults = dict(
        feed=feed, tile=None, subgroup_grid=[(2, 4)], global_k=512, mma=None,
        scope="subgroup", workgroups_per_unit=16, flops=1e12, simt=False,
    )  # fmt: skip
    return Namespace(**(defaults | options))


def fed_kernel(feed, name, iterations=3):
    """A small fed point: 64x32 tiles of 2x1 subgroups, 2x2 fragments each,
    two K steps (workgroup) or three (global), 2 workgroups."""
    m, n, k = mma_peak.fragment_shape(H100, name)
    args = feed_args(
        feed, tile=[(4 * m, 2 * n, 2 * k)], subgroup_grid=[(2, 1)], global_k=3 * k,
        types=[name],
    )  # fmt: skip
    assert mma_peak.refusal(args, H100) is None
    (p,) = mma_peak.sweep(args, H100, name)
    return replace(p, workgroups=2, iterations=iterations)


@pytest.mark.parametrize("feed", ["workgroup", "global"])
@pytest.mark.parametrize("name", ["f16f32", "f16f16", "i8i32"])
def test_fed_kernel_gives_its_closed_form_on_the_interpreter(feed, name):
    p = fed_kernel(feed, name)
    assert (p.accumulators, p.subgroups, p.k_steps) == (
        4,
        2,
        2 if feed == "workgroup" else 3,
    )
    module = parse_module(mma_peak.peak_module(p))
    # The benchmark's inputs: every iteration adds k (f16 accumulators: 0).
    A, B, C = mma_peak.operands(p)
    run_function(module, "peak", [A, B, C])
    step = 0 if name == "f16f16" else p.k
    accumulators = np.repeat(np.arange(4) + 3 * step, p.m)[:, None] * np.ones(p.n)
    np.testing.assert_array_equal(C, np.tile(accumulators, (2 * 2, 1)))
    # Small random integers: each accumulator multiplies its own fragments
    # of A and B, at K step i mod k_steps in iteration i.
    rng = np.random.default_rng(17)
    A = rng.integers(-2, 3, A.shape).astype(A.dtype)
    B = rng.integers(-2, 3, B.shape).astype(B.dtype)
    run_function(module, "peak", [A, B, C])
    np.testing.assert_array_equal(C.astype(np.float64), mma_peak.expected(p, A, B))


@pytest.mark.parametrize("feed", ["workgroup", "global"])
@pytest.mark.parametrize("name", ["f16f32", "i8i32"])
def test_fed_spirv_for_the_h100_validates_and_loads_every_iteration(feed, name):
    # The default tiling: 128x256 tiles over 2x4 subgroups, 4x4 fragments each.
    (p,) = mma_peak.sweep(feed_args(feed), H100, name)
    assert (p.accumulators, p.subgroups, p.workgroup_invocations) == (16, 8, 256)
    assert p.a_shape == (
        128,
        {"f16f32": 32, "i8i32": 64}[name] if feed == "workgroup" else 512,
    )
    _, kernels = compile_for_device(parse_module(mma_peak.peak_module(p)), H100)
    (kernel,) = kernels.values()
    tools.validate(kernel.spirv)
    text = tools.disassemble(kernel.spirv)
    assert text.count("OpCooperativeMatrixMulAddKHR") == 16
    # The last loop is the product loop: 4 A and 4 B fragment loads in it.
    loop = text[text.rindex("OpLoopMerge") :]
    assert loop.count("OpCooperativeMatrixLoadKHR") == 8
    assert loop.count("OpCooperativeMatrixMulAddKHR") == 16
    if feed == "workgroup":
        # The fill (a loop each for A and B), one barrier, then the product loop.
        assert text.count("OpLoopMerge") == 3
        assert text.count("OpControlBarrier") == 1
        assert text.index("OpControlBarrier") < text.rindex("OpLoopMerge")
        assert "Workgroup" in text
    else:
        assert text.count("OpLoopMerge") == 1
        assert "OpControlBarrier" not in text


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(tile=[(32, 32, 24)], subgroup_grid=[(2, 1)]),
         "tile 32x32x24 with subgroups 2x1 (f16f32) does not split into whole 16x16x16"),
        (dict(tile=[(96, 32, 32)], subgroup_grid=[(4, 1)]),
         "does not split into whole"),
        (dict(tile=[(256, 256, 64)]),
         "needs 70656 bytes of workgroup memory, more than"),
        (dict(subgroup_grid=[(8, 8)]), "needs 2048 work-items per workgroup"),
        (dict(feed="global", global_k=40), "--global-k 40 is no positive multiple"),
        (dict(scope="workgroup"), "--feed workgroup runs subgroup-scope matrices only"),
    ],
)  # fmt: skip
def test_fed_tilings_that_cannot_run_are_refused(options, message):
    args = feed_args(**({"feed": "workgroup", "types": ["f16f32"]} | options))
    assert message in mma_peak.refusal(args, H100)


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
    assert row["feed"] == "registers" and row["tile"] == "-"
    line = f"| i8->i32 | subgroup | registers | {row['mma']} | - | 2 | 2 |"
    assert table.read_text().count(line) == 1
    assert f"| registers | {row['tflops']} | 2 x 2 | - |" in table.read_text()


@pytest.mark.parametrize("feed", ["workgroup", "global"])
def test_fed_peak_runs_through_simt_on_lavapipe(feed, tmp_path):
    lavapipe_without_matrices()
    rows, table = tmp_path / "rows.jsonl", tmp_path / "peak.md"
    args = ["--simt", "--no-cublas", "--types", "i8i32", "f16f16", "--feed", feed]
    args += ["--tile", "32x32x32", "--subgroup-grid", "2x1", "--global-k", "64"]
    args += ["--flops", "2e6", "--workgroups-per-unit", "1", "--repeat", "1"]
    args += ["--json", str(rows), "--out", str(table)]
    assert mma_peak.main(args) == 0
    got = [json.loads(line) for line in rows.read_text().splitlines()]
    assert [r["types"] for r in got] == ["i8->i32", "f16->f16"]
    # 2 subgroups of 16x32 (SIMT fragments are 16x16x16): 1x2 accumulators.
    tile = "32x32x32 / 2x1" if feed == "workgroup" else "32x32x64 / 2x1"
    for row in got:
        assert row["correct"] and row["iterations"] > 2 and row["tflops"] > 0
        assert (row["feed"], row["tile"], row["subgroups"], row["accumulators"]) == (
            feed, tile, 2, 2,
        )  # fmt: skip
        line = f"| {row['types']} | subgroup | {feed} | 16x16x16 | {tile} | 2 | 2 |"
        assert table.read_text().count(line) == 1
        assert f"| {feed} | {row['tflops']} | 2 x 2 | {tile} |" in table.read_text()


def test_model_vs_tuned_on_lavapipe(tmp_path, capsys):
    require_vulkan()
    rows, cache, table = (tmp_path / f for f in ("rows.jsonl", "tune.json", "t.md"))
    args = ["--no-cublas", "--types", "f16f32", "--shapes", "16x32x16"]
    args += ["--sweep", "model", "--split-k", "2", "--repeat", "1", "--batch", "1"]
    args += ["--json", str(rows), "--tune", str(cache), "--out", str(table)]
    args += ["--rows", str(tmp_path / "candidates.jsonl")]
    assert model_vs_tuned.main(args) == 0
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    candidates = (tmp_path / "candidates.jsonl").read_text().splitlines()
    assert sorted(json.loads(c)["options"] for c in candidates) == [
        "(model)",
        "split_k=2",
    ]
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
