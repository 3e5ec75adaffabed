"""Split-K (passes/lower_to_coopmat/split_k.py, issue 17): `split_k=S` and
the cost model's fill heuristic.

Each case runs L0, L1 (the sliced product and the reduction) and L2 on the
interpreter on the same random data (integers exactly, floats within the
accumulation-order bound), validates every SPIR-V module (KHR and NV on
h100-vulkan) and, on lavapipe, runs the SIMT kernels with the workspace as
a host temporary (pipeline_cases.check_case).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.device_runs import lavapipe
from support.epilogue_cases import EpilogueCase
from support.lowering import lowered_by, output_of
from support.pipeline_cases import FUZZ, Case, cases, check_case
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan

from coopmlir.diagnostics import CompileError
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import device_needs, run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import TARGETS
from coopmlir.tiling import Problem, TileConfig, fill_split, normalized_split
from coopmlir.tuning import parse_options

H100 = "h100-vulkan"

SPLIT = [
    # f16 results are summed in f32 and rounded once; ragged M, N and K
    # (7 K tiles over 3 slices of 3: the last one reads zeros past K)
    Case(48, 40, 200, "f16-f16", H100, tile="32x32x32", subgroups="2x2", split_k=3),
    Case(32, 32, 256, "f16-f16", H100, tile="32x32x32", subgroups="2x2", split_k=2),
    # stages=0: whole K tiles unchecked, the K % TK tail in the last slice
    Case(37, 29, 171, "f16-f32", H100, tile="32x32x16", stages=0, split_k=4),
    Case(16, 16, 160, "f16-f32", H100, tile="16x16x32", stages=0, split_k=5),
    # one tile per slice: the last slice is only the tail (its loop is empty)
    Case(16, 16, 100, "f16-f32", H100, tile="16x16x16", stages=0, split_k=7),
    # stages=1 and 3 (buffers alternate from each slice's first tile)
    Case(33, 20, 150, "bf16-f32", H100, tile="32x16x16", stages=1, split_k=3),
    Case(37, 29, 171, "s8-s32", H100, tile="16x16x32", stages=3, split_k=2, fill=True),
    Case(40, 24, 300, "u8-u32", H100, tile="32x16x32", stages=3, split_k=3),
    # transposed operands (C too: the workspace is stored as C is), batches
    Case(24, 40, 100, "f16-f32", H100, "abc", batch=3, tile="16x16x16", split_k=3),
    Case(32, 48, 128, "f16-f16", H100, "b", named=True, split_k=4),
    Case(20, 36, 96, "s8-s32", H100, "a", batch=2, fill=True, split_k=2),
    # a batch of one: the matrix index folds to 0 (found by the fuzzer)
    Case(1, 1, 33, "f16-f32", "generic", batch=1, split_k=2),
    # more slices than K tiles: clamped to one tile per slice
    Case(16, 16, 100, "f16-f32", H100, tile="16x16x16", split_k=64),
]

ON_LAVAPIPE = [
    Case(20, 12, 140, "f32-f32", "lavapipe", tile="16x8x8", subgroups="2x1", split_k=4),
    Case(16, 24, 133, "f16-f16", "lavapipe", "b", tile="16x8x16", stages=3, split_k=3),
    Case(16, 16, 100, "s8-s32", "lavapipe", "c", batch=2, stages=0, split_k=2),
]


@pytest.mark.parametrize("case", SPLIT, ids=repr)
def test_split_k_agrees_with_the_interpreter(case: Case):
    outcome = check_case(case, simt_spirv=False)
    assert set(outcome.refusals) <= {"NV integer matrices", "NV bf16 matrices"}
    assert outcome.levels == ["L1", "L2"]
    assert outcome.modules >= 2  # the sliced product and the reduction


@settings(FUZZ, max_examples=12)
@given(case=cases(largest=300), split=st.integers(1, 9))
def test_random_split_k_agrees_or_refuses(case: Case, split: int):
    # Any case of the pipeline fuzzer, split: the same property, the same
    # documented refusals (on the fragment kernel: split_k is its option).
    fragments = dict(kernel=None, micro_tile=None, smem_layout=None, scope=None)
    fragments["workgroup_invocations"] = None
    check_case(replace(case, split_k=split, **fragments), simt_spirv=False)


@pytest.mark.parametrize("case", ON_LAVAPIPE, ids=repr)
def test_split_k_runs_on_lavapipe(case: Case):
    require_vulkan()
    outcome = check_case(case, device=lavapipe())
    assert outcome.device_runs == 1 and outcome.modules == 2


def lowered(source: str, **options) -> str:
    return str(lowered_by(source, LowerToCoopmat(**options)))


def test_split_k_is_two_launches_on_a_workspace():
    text = lowered(
        Case(64, 64, 512, "f16-f32", H100).source(),
        target=H100,
        tile="32x32x32",
        split_k=4,
    )
    assert text.count("gpu.launch_func") == 2
    assert "memref.alloc() : memref<4x64x64xf32>" in text
    assert "memref.dealloc" in text


def test_nonzero_fill_is_added_once():
    source = """
func.func @matmul(%A: memref<32x512xf16>, %B: memref<512x32xf16>, %C: memref<32x32xf16>) {
  %c = arith.constant 1.5 : f16
  linalg.fill ins(%c : f16) outs(%C : memref<32x32xf16>)
  linalg.matmul ins(%A, %B : memref<32x512xf16>, memref<512x32xf16>) outs(%C : memref<32x32xf16>)
  func.return
}
"""
    rng = np.random.default_rng(0)
    a = rng.integers(-2, 3, (32, 512)).astype(np.float16)
    b = rng.integers(-2, 3, (512, 32)).astype(np.float16)
    module = lowered_by(source, LowerToCoopmat(target=H100, tile="32x32x32", split_k=8))
    c = output_of(module, "matmul", [a, b, np.zeros((32, 32), np.float16)])
    # Small integers: every partial sum is exact in f32.
    want = a.astype(np.float64) @ b.astype(np.float64) + 1.5
    assert np.array_equal(c.astype(np.float64), want)


def test_clamped_split_is_a_remark(capsys):
    text = lowered(
        Case(16, 16, 100, "f16-f32", H100).source(),
        target=H100,
        tile="16x16x16",
        split_k=4,
    )
    # 7 K tiles: 4 slices of 2 (the last one has one tile and zeros)
    assert "memref<4x16x16xf32>" in text
    assert capsys.readouterr().err == ""
    lowered(
        Case(16, 16, 100, "f16-f32", H100).source(),
        target=H100,
        tile="16x16x16",
        split_k=6,
    )
    # 6 slices would need ceil(7 / 6) = 2 tiles each, so 4 slices remain
    err = capsys.readouterr().err
    assert (
        "input.mlir:" in err and "remark: lower-to-coopmat: split_k=6 runs as 4" in err
    )


SPLIT_EPILOGUES = {
    "bias-row-gelu-tanh": EpilogueCase(32, 40, 512, bias="row", activation="gelu-tanh"),
    "cast-only": EpilogueCase(16, 48, 320),  # torch-mlir's f16 nn.Linear
    "bias-col-f16-erf": EpilogueCase(
        33, 24, 256, bias="col", bias_type="f16", activation="gelu-erf"
    ),
    "alpha-beta-f32": EpilogueCase(32, 32, 256, alpha_beta=(2.0, 0.5), out="f32"),
    "bf16-silu": EpilogueCase(
        16, 32, 256, out="bf16", inputs="bf16", bias="row", activation="silu"
    ),
    "tensor-everything": EpilogueCase(
        24,
        40,
        384,
        bias="row",
        activation="gelu-erf",
        alpha_beta=(0.5, 2.0),
        tensor=True,
    ),
}


@pytest.mark.parametrize("name", list(SPLIT_EPILOGUES))
def test_split_k_applies_the_fused_epilogue_in_its_reduction(name):
    """Two launches on a workspace, the epilogue's ops gone, and the result
    the case's float64 reference (L1 on the interpreter); every kernel's
    SPIR-V validates."""
    case = SPLIT_EPILOGUES[name]
    module = lowered_by(case.source(), LowerToCoopmat(target=H100, split_k=4))
    text = str(module)
    assert text.count("gpu.launch_func") == 2 and "memref<4x" in text
    assert "linalg." not in text
    args = case.arguments(np.random.default_rng(3))
    # L1 writes its output argument (a tensor program is bufferized first)
    case.check(output_of(module, "epilogue", args), args, "L1")
    for kernel in compile_kernels(module):
        validate(kernel.spirv)


def test_split_k_with_an_epilogue_runs_on_lavapipe():
    require_vulkan()
    case = EpilogueCase(16, 40, 256, bias="row", activation="relu")
    module = lowered_by(
        case.source(),
        LowerToCoopmat(target="lavapipe", split_k=2),
        CoopmatToSimt(subgroup_size=8),
    )
    assert str(module).count("gpu.launch_func") == 2
    args = case.arguments(np.random.default_rng(5))
    kernels = {k.name: k for k in compile_kernels(module)}
    arrays = [x.copy() for x in args]
    needs, extensions = device_needs(kernels)
    with VulkanDevice(needs=needs, extensions=extensions) as gpu:
        run_host_function(module, "epilogue", kernels, arrays, gpu)
    case.check(arrays[-1], args, "lavapipe")


def test_split_k_needs_static_sizes():
    source = """
func.func @matmul(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf32>)
  func.return
}
"""
    with pytest.raises(CompileError, match=r"input.mlir:3:3: .*split_k=2 needs static"):
        lowered(source, target=H100, split_k=2)
    # The heuristic never splits a dynamic product.
    assert lowered(source, target=H100).count("gpu.launch_func") == 1


def test_split_k_must_be_positive():
    with pytest.raises(CompileError, match="split_k=0 must be a positive number"):
        lowered(Case(32, 32, 32, "f16-f32", H100).source(), target=H100, split_k=0)


def test_split_k_1_is_todays_kernel():
    source = Case(16, 4096, 4096, "f16-f32", H100).source()
    options = dict(target=H100, tile="16x256x32", subgroups="1x1", stages=2)
    assert lowered(source, **options).count("gpu.launch_func") == 2  # heuristic
    text = lowered(source, **options, split_k=1)
    assert text.count("gpu.launch_func") == 1 and "memref.alloc()" not in text


@pytest.mark.parametrize(
    ("requested", "k_tiles", "slices"),
    [(1, 10, 1), (2, 10, 2), (4, 10, 4), (4, 9, 3), (6, 7, 4), (64, 7, 7), (3, 1, 1)],
)
def test_normalized_split_leaves_no_slice_empty(requested, k_tiles, slices):
    assert normalized_split(requested, k_tiles) == slices
    per_slice = -(-k_tiles // slices)
    assert (slices - 1) * per_slice < k_tiles <= slices * per_slice


def test_fill_heuristic_splits_small_m_and_not_large_products():
    h100 = TARGETS[H100]
    config = TileConfig(16, 256, 32, 1, 1, 16, 16, 16, 2)
    small_m = Problem(16, 4096, 4096, 2, 4)
    split = fill_split(config, small_m, h100)
    # 16 output tiles on 132 compute units: slices fill them
    assert split > 1 and 16 * split <= 2 * h100.compute_units
    large = TileConfig(128, 256, 32, 2, 4, 16, 16, 16, 2)
    assert fill_split(large, Problem(4096, 4096, 4096, 2, 4), h100) == 1
    # too few K tiles to keep MIN_TILES_PER_SLICE in each slice
    assert fill_split(config, Problem(16, 4096, 256, 2, 4), h100) == 1
    dynamic = Problem(16, 4096, 4096, 2, 4, dynamic=frozenset("m"))
    assert fill_split(config, dynamic, h100) == 1


def test_explain_prints_the_split(capsys):
    # skinny=false: keeps the fragment kernel whatever the skinny default.
    source = Case(16, 4096, 4096, "f16-f32", H100).source()
    lowered(source, target=H100, explain=True, skinny=False)
    err = capsys.readouterr().err
    assert " split_k=" in err and "predicted efficiency" in err


def test_tuning_cache_options_take_split_k():
    assert parse_options("tile=16x256x32 split_k=8") == {
        "tile": "16x256x32",
        "split_k": 8,
    }


def test_an_f16_linear_as_torch_mlir_exports_it_keeps_its_split():
    # torch-mlir writes an f16 nn.Linear as an f32 matmul, then a truncf
    # (and the bias add): the reduction applies them. At token-generation
    # size the small-M plan's 8 slices stay (they were dropped before, one
    # workgroup per output tile left); forced small, PyTorch's result.
    torch = require_torch()
    from coopmlir.tools.torch_frontend import compile_and_check, export

    big = torch.nn.Linear(4096, 11008, bias=False).half().eval()
    text = export(big, torch.randn(16, 4096, dtype=torch.float16))
    lowered_text = str(lowered_by(text, LowerToCoopmat(target=H100)))
    assert "memref<8x16x11008xf32>" in lowered_text  # the workspace
    assert lowered_text.count("gpu.launch_func") == 2
    small = torch.nn.Linear(192, 40).half().eval()
    x = torch.randn(16, 192, dtype=torch.float16)
    lowered_text = str(lowered_by(export(small, x), LowerToCoopmat(split_k=3)))
    assert lowered_text.count("gpu.launch_func") == 2
    check = compile_and_check(small, x, target=H100, options="split-k=3")
    assert check.ok, check.report()


def test_a_weight_only_int8_linear_as_torch_mlir_exports_it_keeps_its_split():
    # `linear(x, w.to(f16) * scale)` with an f16 result: the int8 weight is
    # decoded in the partial kernel's load, the f16 rounding is the
    # reduction's; forced small, PyTorch's result.
    torch = require_torch()
    from coopmlir.tools.torch_frontend import compile_and_check, export

    class WeightOnlyInt8(torch.nn.Module):
        def __init__(self, n: int, k: int):
            super().__init__()
            w = torch.randint(-128, 128, (n, k), dtype=torch.int8)
            self.w = torch.nn.Parameter(w, requires_grad=False)
            s = torch.rand(n, dtype=torch.float16) / 64
            self.s = torch.nn.Parameter(s, requires_grad=False)

        def forward(self, x):
            return torch.nn.functional.linear(
                x, self.w.to(torch.float16) * self.s[:, None]
            )

    x = torch.randn(16, 4096, dtype=torch.float16)
    text = export(WeightOnlyInt8(11008, 4096).eval(), x)
    lowered_text = str(lowered_by(text, LowerToCoopmat(target=H100)))
    assert "memref<8x16x11008xf32>" in lowered_text
    assert lowered_text.count("gpu.launch_func") == 2
    assert "memref<11008x4096xf16>" not in lowered_text  # decoded in the load
    small = WeightOnlyInt8(40, 192).eval()
    x = torch.randn(16, 192, dtype=torch.float16)
    lowered_text = str(lowered_by(export(small, x), LowerToCoopmat(split_k=3)))
    assert lowered_text.count("gpu.launch_func") == 2
    assert "memref<40x192xf16>" not in lowered_text
    check = compile_and_check(small, x, target=H100, options="split-k=3")
    assert check.ok, check.report()
