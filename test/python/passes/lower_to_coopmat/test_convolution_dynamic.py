"""Convolutions with a dynamic batch and image (`memref<?x?x?xCxT>` in,
`memref<?x?x?xFxT>` out): one lowered module runs every size.

At several run-time sizes (1, primes, non-multiples of the tile), numpy
(float64 / int64) is the reference for the L0 interpreter, the L1 kernel
(stages 1-4; 0 where A is plain) and its SIMT lowering (L2) on the
interpreter, and the SIMT kernel on lavapipe; the KHR modules pass
spirv-val; sizes that disagree with the convolution's formula are refused
before anything runs (host `cf.assert`, interpreter and Vulkan runtime)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.tiers import sample
from support.vulkan_device import require_vulkan
from test_convert_to_spirv import lowered
from test_lower_to_coopmat_convolution import check, random_operands, reference

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


def dynamic_source(case) -> str:
    """@conv(%x, %w, %y) with the sizes `case` names dynamic: "n" (batch),
    "hw" (image and output height and width) or "nhw"."""
    dims, (n, h, w), c, f, (kh, kw), s, d, layout, a, acc = case
    oh, ow = out_size(case, h, w)

    def shape(batch, rows, cols, channels):
        lead = [
            "?" if dyn else str(v)
            for dyn, v in (
                ("n" in dims, batch),
                ("h" in dims, rows),
                ("w" in dims, cols),
            )
        ]
        return "x".join([*lead, str(channels)])

    x_t = f"memref<{shape(n, h, w, c)}x{a}>"
    y_t = f"memref<{shape(n, oh, ow, f)}x{acc}>"
    w_t = (
        f"memref<{kh}x{kw}x{c}x{f}x{a}>"
        if layout == "hwcf"
        else f"memref<{f}x{kh}x{kw}x{c}x{a}>"
    )
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    return f"""
func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{
  linalg.conv_2d_nhwc_{layout} {attrs} ins(%x, %w : {x_t}, {w_t}) outs(%y : {y_t})
  func.return
}}
"""


def out_size(case, h: int, w: int) -> tuple[int, int]:
    _, _, _, _, (kh, kw), s, d, *_ = case
    return (h - d[0] * (kh - 1) - 1) // s[0] + 1, (w - d[1] * (kw - 1) - 1) // s[1] + 1


def operands(case, size, seed=0):
    """x, w, y at run-time size (N, H, W), and numpy's result."""
    _, _, c, f, (kh, kw), s, d, layout, a, acc = case
    n, h, w = size
    oh, ow = out_size(case, h, w)
    w_shape = (kh, kw, c, f) if layout == "hwcf" else (f, kh, kw, c)
    shapes = ((n, h, w, c), w_shape, (n, oh, ow, f))
    arrays = random_operands(zip(shapes, (a, a, acc), strict=True), seed)
    return arrays, reference(static_case(case, size), *arrays)


def static_case(case, size):
    """The static test's case tuple (no padding) for `reference` and `check`."""
    _, _, c, f, k, s, d, layout, a, acc = case
    return (*size, c, f, k, s, d, 0, layout, a, acc)


# (dynamic, (N, H, W) of the static dims, C, F, (KH, KW), strides, dilations,
#  layout, a, acc), and the run-time sizes each runs at.
CASES = [
    (
        ("nhw", (1, 3, 3), 16, 16, (3, 3), (1, 1), (1, 1), "hwcf", "f16", "f32"),
        [(1, 3, 3), (2, 7, 5), (3, 5, 11)],
    ),
    (
        ("nhw", (1, 3, 3), 8, 16, (3, 3), (2, 2), (1, 1), "fhwc", "f16", "f32"),
        [(1, 3, 3), (2, 8, 7), (1, 13, 11)],
    ),
    (
        ("nhw", (1, 5, 2), 8, 8, (3, 2), (1, 2), (2, 1), "hwcf", "f16", "f16"),
        [(1, 5, 2), (2, 7, 9), (3, 11, 5)],
    ),
    (
        ("n", (1, 7, 5), 16, 24, (3, 3), (1, 1), (1, 1), "hwcf", "f16", "f32"),
        [(1, 7, 5), (2, 7, 5), (5, 7, 5)],
    ),
    (
        ("hw", (2, 3, 3), 16, 16, (3, 3), (2, 1), (1, 2), "fhwc", "f16", "f32"),
        [(2, 3, 5), (2, 9, 7), (2, 4, 13)],
    ),
    (
        ("nhw", (1, 1, 1), 32, 16, (1, 1), (1, 1), (1, 1), "fhwc", "f16", "f32"),
        [(1, 1, 1), (2, 5, 3), (3, 7, 2)],
    ),
    (
        ("nhw", (1, 1, 1), 16, 16, (1, 1), (2, 2), (1, 1), "hwcf", "bf16", "f32"),
        [(1, 1, 1), (2, 5, 6), (1, 7, 3)],
    ),
    (
        ("nhw", (1, 3, 3), 12, 20, (3, 3), (1, 1), (1, 1), "hwcf", "i8", "i32"),
        [(1, 3, 3), (2, 5, 7), (1, 11, 3)],
    ),
    (
        ("nhw", (1, 2, 2), 3, 5, (2, 2), (1, 1), (1, 1), "fhwc", "f32", "f32"),
        [(1, 2, 2), (3, 5, 4), (2, 7, 3)],
    ),
]


def _id(case) -> str:
    dims, _, c, f, k, s, d, layout, a, acc = case
    return (
        f"{dims}-{c}-{f}-{k[0]}x{k[1]}-s{s[0]}{s[1]}-d{d[0]}{d[1]}-{layout}-{a}-{acc}"
    )


#: Plan for small M: the tests' sizes, and small kernels to interpret.
SMALL = "size-hint=64x16x16"


def _plain(case) -> bool:
    return case[4] == (1, 1) and case[5] == (1, 1)


# Default tier: all but the batch-only f16 case and i8 (the padded tests'
# default tier interprets i8 and a dynamic batch at every level).
@pytest.mark.parametrize(
    ("case", "sizes"),
    sample(CASES, keep=[0, 1, 2, 4, 5, 6, 8], ids=lambda c: _id(c[0]), unpack=True),
)
def test_every_level_at_every_size(case, sizes):
    """L0, L1 (stages 1-4; 0 where A is plain) and L2 (stages=1)
    against numpy."""
    source = dynamic_source(case)
    levels = {"L0": parse_module(source)}
    for stages in [0, 1, 2, 3, 4] if _plain(case) else [1, 2, 3, 4]:
        spec = f"lower-to-coopmat{{target=lavapipe stages={stages} {SMALL}}}"
        levels[f"L1 stages={stages}"] = lowered(source, spec)
        if stages == 1:  # coopmat-to-simt does not care how A was staged
            levels[f"L2 stages={stages}"] = lowered(source, f"{spec},coopmat-to-simt")
    # The default hint (M = 2048): a larger tile of several subgroups.
    levels["L1 default"] = lowered(source, "lower-to-coopmat{target=lavapipe}")
    for size in sizes:
        (x, w, y), want = operands(case, size)
        for level, module in levels.items():
            out = [x, w, y.copy()]
            run_function(module, "conv", out)
            try:
                check(static_case(case, size), out[2], want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None


def run_simt_kernel_on_lavapipe(source: str, case, sizes, operands, static_case):
    """@conv of `source` lowered to one SIMT SPIR-V module (spirv-val) and
    run on lavapipe at every size of `sizes` against numpy:
    `operands(case, size, seed)` gives x, w, y and numpy's result,
    `static_case(case, size)` the case `check` judges by."""
    require_vulkan()
    from coopmlir.runtime.launch import run_host_function
    from coopmlir.runtime.vulkan import VulkanDevice

    module = lowered(
        source, f"lower-to-coopmat{{target=lavapipe {SMALL}}},coopmat-to-simt"
    )
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    assert kernel.push_constant_sizes  # N, H, W and M come at run time
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        for size in sizes:
            (x, w, y), want = operands(case, size, seed=1)
            arrays = [x, w, y.copy()]
            run_host_function(module, "conv", {kernel.name: kernel}, arrays, gpu)
            check(static_case(case, size), arrays[2], want)


# Default tier: both layouts and every element type but i8 (whose kernel is
# the slowest on lavapipe and is run by the padded tests' i8 case).
@pytest.mark.parametrize(
    ("case", "sizes"),
    sample(CASES, keep=[0, 5, 6, 8], ids=lambda c: _id(c[0]), unpack=True),
)
def test_simt_kernel_runs_on_vulkan_at_every_size(case, sizes):
    """One SPIR-V module per case, every size on lavapipe."""
    run_simt_kernel_on_lavapipe(
        dynamic_source(case), case, sizes, operands, static_case
    )


@pytest.mark.parametrize(
    ("case", "sizes"),
    [c for c in CASES if c[0][-2] in ("f16", "i8")],
    ids=[_id(c) for c, _ in CASES if c[-2] in ("f16", "i8")],
)
def test_khr_kernels_validate(case, sizes):
    for stages in (1, 2, 3, 4):
        module = lowered(
            dynamic_source(case),
            f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}",
        )
        (kernel,) = compile_kernels(module, coopmat="khr")
        validate(kernel.spirv)
        assert "CooperativeMatrixKHR" in kernel.capabilities
        assert kernel.push_constant_sizes


def test_kernel_divides_by_run_time_sizes():
    """M is the collapsed output's run-time rows, the host computes the grid
    from it, and the im2col addressing divides by run-time OH*OW and OW."""
    module = lowered(
        dynamic_source(CASES[0][0]), "lower-to-coopmat{target=lavapipe stages=1}"
    )
    text = str(module)
    assert "memref<?x16xf32>" in text  # the collapsed output
    (launch,) = [op for op in module.walk() if op.name == "gpu.launch_func"]
    assert launch.gridSizeY.owner.name == "arith.divui"
    (kernel,) = [op for op in module.walk() if op.name == "gpu.func"]
    divisors = {
        op.operands[1].owner.name
        for op in kernel.walk()
        if op.name in ("arith.divui", "arith.remui")
    }
    assert "arith.muli" in divisors  # OH * OW
    assert "arith.addi" in divisors  # OW = (W - 3) / 1 + 1


CASE = CASES[0][0]  # 3x3, stride 1, all of N, H, W dynamic
BAD = [
    # (x shape, y shape, what the message names)
    ((2, 6, 6, 16), (1, 4, 4, 16), "the batch of the output (dimension 0)"),
    ((1, 6, 6, 16), (1, 5, 4, 16), "the output's height (dimension 1) must be (H - 3)"),
    ((1, 6, 6, 16), (1, 4, 3, 16), "the output's width (dimension 2) must be (W - 3)"),
    (
        (1, 2, 6, 16),
        (1, 0, 4, 16),
        "the input's height (dimension 1) must be at least 3",
    ),
]


def _bad_arrays(x_shape, y_shape):
    x = np.ones(x_shape, np.float16)
    w = np.ones((3, 3, 16, 16), np.float16)
    return [x, w, np.full(y_shape, 7.0, np.float32)]


@pytest.mark.parametrize("shapes", BAD, ids=lambda s: s[2][:22])
@pytest.mark.parametrize("stages", [1, 2])
def test_disagreeing_sizes_are_refused_before_running(shapes, stages):
    *shapes, message = shapes
    args = _bad_arrays(*shapes)
    module = lowered(
        dynamic_source(CASE), f"lower-to-coopmat{{target=lavapipe stages={stages}}}"
    )
    with pytest.raises(InterpretationFailure, match=re.escape(message)) as info:
        run_function(module, "conv", args)
    assert info.value.location.endswith(":3:3")  # at the convolution
    assert np.all(args[2] == 7.0)  # nothing ran


def test_l0_refuses_disagreeing_sizes():
    module = parse_module(dynamic_source(CASE))
    for x_shape, y_shape, _ in BAD[:2]:
        with pytest.raises(InterpretationFailure, match="operand sizes disagree"):
            run_function(module, "conv", _bad_arrays(x_shape, y_shape))


def test_vulkan_refuses_disagreeing_sizes_before_running():
    require_vulkan()
    from xdsl.context import Context

    from coopmlir.diagnostics import CompileError
    from coopmlir.runtime.launch import compile_for_device, run_host_function
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    module = parse_module(dynamic_source(CASE), "input.mlir")
    kernel_level, kernels = compile_for_device(module, target, "stages=1")

    class NoDevice:
        def run(self, *_args, **_kwargs):
            raise AssertionError("a kernel ran")

    args = _bad_arrays((1, 6, 6, 16), (1, 5, 4, 16))
    with pytest.raises(CompileError, match="input.mlir:3:3: .*output's height"):
        run_host_function(kernel_level, "conv", kernels, args, NoDevice())


def test_empty_batch_runs_no_workgroup():
    """N = 0 at run time: M = 0, an empty grid; the interpreter and lavapipe
    run nothing."""
    spec = f"lower-to-coopmat{{target=lavapipe {SMALL}}},coopmat-to-simt"
    module = lowered(dynamic_source(CASE), spec)
    args = _bad_arrays((0, 5, 5, 16), (0, 3, 3, 16))
    run_function(module, "conv", args)
    assert args[2].shape == (0, 3, 3, 16)
    require_vulkan()
    from coopmlir.runtime.launch import run_host_function
    from coopmlir.runtime.vulkan import VulkanDevice

    (kernel,) = compile_kernels(module)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        run_host_function(module, "conv", {kernel.name: kernel}, args, gpu)


def test_coopmlir_run_takes_any_size_for_dynamic_arguments(tmp_path):
    """coopmlir-run: a dynamic argument's size is its --input's, on the
    interpreter and (lowered for lavapipe) with --device vulkan --check."""
    from support.run_tools import run_run

    require_vulkan()
    case, (size, *_) = CASES[1]
    size = (2, 8, 7)
    (x, w, y), want = operands(case, size)
    source = tmp_path / "conv.mlir"
    source.write_text(dynamic_source(case))
    inputs = []
    for name, array in zip("xwy", (x, w, y), strict=True):
        np.save(tmp_path / f"{name}.npy", array)
        inputs += ["--input", f"{name}={tmp_path / name}.npy"]
    out = tmp_path / "out"
    result = run_run(str(source), "--entry", "conv", *inputs, "--output-dir", str(out))
    assert result.returncode == 0, result.stderr
    check(static_case(case, size), np.load(out / "y.npy"), want)
    result = run_run(
        str(source),
        *("--entry", "conv", *inputs, "--device", "vulkan", "--check"),
        *("--options", SMALL),
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %y" in result.stdout
