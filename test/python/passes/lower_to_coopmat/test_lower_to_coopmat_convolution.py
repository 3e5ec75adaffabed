"""Convolutions through lower-to-coopmat, differentially: numpy (float64 /
int64, padding by np.pad) is the reference for the L0 interpreter, the L1
kernel (implicit im2col), its SIMT lowering (L2) on the interpreter and on
the Vulkan driver (lavapipe); every emitted module passes spirv-val (SIMT and
KHR cooperative matrices)."""

from __future__ import annotations

import numpy as np
import pytest
from support.convolution_programs import (
    check,
    conv_source,
    operands,
    random_operands,
    reference,
)
from support.lowering import lowered
from support.tiers import sample
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

# (N, H, W, C, F, (KH, KW), strides, dilations, padding, layout, a, acc)
CASES = [
    (1, 6, 6, 16, 16, (3, 3), (1, 1), (1, 1), 0, "hwcf", "f16", "f32"),
    (2, 7, 5, 16, 24, (3, 3), (1, 1), (1, 1), 1, "hwcf", "f16", "f32"),
    (1, 9, 9, 8, 16, (3, 3), (2, 2), (1, 1), 1, "fhwc", "f16", "f32"),
    (1, 9, 8, 8, 8, (3, 2), (1, 2), (2, 1), 2, "hwcf", "f16", "f16"),
    (2, 5, 5, 32, 16, (1, 1), (1, 1), (1, 1), 0, "fhwc", "f16", "f32"),
    (1, 6, 6, 16, 16, (1, 1), (2, 2), (1, 1), 0, "hwcf", "bf16", "f32"),
    (1, 5, 6, 12, 20, (3, 3), (1, 1), (1, 1), 1, "hwcf", "i8", "i32"),
    (1, 4, 4, 3, 5, (2, 2), (1, 1), (1, 1), 1, "fhwc", "f32", "f32"),
    # NCHW in place (output channels as the GEMM's rows): padded, strided,
    # dilated, a batch on grid z, ragged F and K; a plain 1x1 as a matrix.
    (1, 8, 8, 4, 16, (3, 3), (1, 1), (1, 1), 1, "fchw", "f16", "f32"),
    (2, 6, 5, 6, 20, (3, 2), (2, 1), (1, 2), 1, "fchw", "f16", "f32"),
    (2, 4, 6, 16, 32, (1, 1), (1, 1), (1, 1), 0, "fchw", "f16", "f16"),
    (1, 5, 5, 3, 5, (3, 3), (1, 1), (1, 1), 2, "fchw", "f32", "f32"),
]


def _id(case):
    n, h, w, c, f, k, s, d, p, layout, a, acc = case
    return f"{n}x{h}x{w}x{c}-{f}-{k[0]}x{k[1]}-s{s[0]}{s[1]}-d{d[0]}{d[1]}-p{p}-{layout}-{a}-{acc}"


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_interpreter_levels_agree_with_numpy(case):
    """L0, L1 (stages 1 and 2; 0 where A is plain) and L2 against numpy."""
    x, w, y = operands(case)
    want = reference(case, x, w, y)
    l0 = [x, w, y.copy()]
    run_function(parse_module(conv_source(case)), "conv", l0)
    check(case, l0[2], want)
    plain = case[5] == (1, 1) and case[6] == (1, 1)
    target = "lavapipe"
    for stages in [0, 1, 2] if plain else [1, 2]:
        spec = f"lower-to-coopmat{{target={target} stages={stages}}}"
        for pipeline in (spec, f"{spec},coopmat-to-simt"):
            module = lowered(conv_source(case), pipeline)
            assert "linalg." not in str(module)
            out = [x, w, y.copy()]
            run_function(module, "conv", out)
            check(case, out[2], want)


# Default tier: the quick cases of each layout and element type (i8's is the
# only i8 convolution that the default tier runs on lavapipe).
@pytest.mark.parametrize("case", sample(CASES, keep=[0, 4, 5, 6, 7, 9], ids=_id))
def test_simt_runs_on_vulkan(case):
    require_vulkan()
    x, w, y = operands(case, seed=1)
    want = reference(case, x, w, y)
    target = "lavapipe"
    module = lowered(
        conv_source(case), f"lower-to-coopmat{{target={target}}},coopmat-to-simt"
    )
    kernels = compile_kernels(module)
    for kernel in kernels:
        validate(kernel.spirv)
    (kernel,) = kernels
    arrays = [x, w, y.copy()]
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        run_host_function(module, "conv", {kernel.name: kernel}, arrays, gpu)
    check(case, arrays[2], want)


@pytest.mark.parametrize("case", [c for c in CASES if c[-2] in ("f16", "i8")], ids=_id)
def test_khr_kernels_validate(case):
    for stages in (1, 2):
        module = lowered(
            conv_source(case), f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}"
        )
        (kernel,) = compile_kernels(module, coopmat="khr")
        validate(kernel.spirv)
        assert "CooperativeMatrixKHR" in kernel.capabilities


def _grouped(layout: str) -> str:
    """A grouped convolution: N G C H W input, the filter F G C KH KW
    (fgchw) or G F C KH KW (gfchw, what torch-mlir exports for groups > 1)."""
    w_t = "4x2x3x3x2" if layout == "fgchw" else "2x4x3x3x2"
    return f"""
func.func @conv(%x: memref<2x2x3x6x5xf16>, %w: memref<{w_t}xf16>, %y: memref<2x2x4x4x4xf32>) {{
  linalg.conv_2d_ngchw_{layout} {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%x, %w : memref<2x2x3x6x5xf16>, memref<{w_t}xf16>) outs(%y : memref<2x2x4x4x4xf32>)
  func.return
}}
"""


@pytest.mark.parametrize("layout", ["fgchw", "gfchw"])
def test_grouped_convolution_is_a_loop_kernel_with_a_remark(layout, capsys):
    """A layout without an implicit GEMM falls back to a loop kernel, which
    computes numpy's sums."""
    module = lowered(_grouped(layout), "lower-to-coopmat{target=lavapipe}")
    assert "a grouped convolution" in capsys.readouterr().err
    assert "linalg." not in str(module) and "coopmat.mul_add" not in str(module)
    w_shape = (4, 2, 3, 3, 2) if layout == "fgchw" else (2, 4, 3, 3, 2)
    x, w, y = random_operands(
        [((2, 2, 3, 6, 5), "f16"), (w_shape, "f16"), ((2, 2, 4, 4, 4), "f32")]
    )
    want = y.astype(np.float64).copy()
    xs, ws = x.astype(np.float64), w.astype(np.float64)
    if layout == "gfchw":
        ws = ws.transpose(1, 0, 2, 3, 4)
    for i in range(3):
        for j in range(2):
            patch = xs[:, :, :, i : i + 4, j : j + 4]  # n g c h w
            want += np.einsum("ngchw,fgc->ngfhw", patch, ws[:, :, :, i, j])
    out = [x, w, y.copy()]
    run_function(module, "conv", out)
    np.testing.assert_allclose(out[2], want, rtol=1e-5, atol=1e-5)


_DEPTHWISE = """
func.func @nchw(%x: memref<2x4x7x6xf16>, %w: memref<4x3x3xf16>, %y: memref<2x4x5x2xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 2]> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : memref<2x4x7x6xf16>, memref<4x3x3xf16>) outs(%y : memref<2x4x5x2xf32>)
  func.return
}
func.func @nhwc(%x: memref<1x7x6x4xf32>, %w: memref<3x3x4xf32>, %y: memref<1x3x4x4xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : vector<2xi64>, strides = dense<[2, 1]> : vector<2xi64>} ins(%x, %w : memref<1x7x6x4xf32>, memref<3x3x4xf32>) outs(%y : memref<1x3x4x4xf32>)
  func.return
}
"""


def _depthwise_reference(x, w, y, strides, dilations):
    """NCHW input and output, CHW filter, in float64."""
    (sh, sw), (dh, dw) = strides, dilations
    _, _, oh, ow = y.shape
    want = y.astype(np.float64).copy()
    for i in range(w.shape[1]):
        for j in range(w.shape[2]):
            patch = x[:, :, i * dh : i * dh + (oh - 1) * sh + 1 : sh]
            patch = patch[:, :, :, j * dw : j * dw + (ow - 1) * sw + 1 : sw]
            want += patch.astype(np.float64) * w[None, :, i, j, None, None]
    return want


def test_depthwise_convolutions_are_loop_kernels_with_a_remark(capsys):
    """torch-mlir's groups = channels export (depthwise_conv_2d_nchw_chw)
    and MLIR's NHWC one: the L0 interpreter and the loop kernel against
    numpy."""
    module = lowered(_DEPTHWISE, "lower-to-coopmat{target=lavapipe}")
    assert capsys.readouterr().err.count("a depthwise convolution") == 2
    assert "linalg." not in str(module)
    for entry, shapes, t, strides, dilations, nhwc in (
        ("nchw", [(2, 4, 7, 6), (4, 3, 3), (2, 4, 5, 2)], "f16", (1, 1), (1, 2), False),
        ("nhwc", [(1, 7, 6, 4), (3, 3, 4), (1, 3, 4, 4)], "f32", (2, 1), (1, 1), True),
    ):
        x, w, y = random_operands(zip(shapes, (t, t, "f32"), strict=True))
        as_nchw = (
            (x.transpose(0, 3, 1, 2), w.transpose(2, 0, 1), y.transpose(0, 3, 1, 2))
            if nhwc
            else (x, w, y)
        )
        want = _depthwise_reference(*as_nchw, strides, dilations)
        if nhwc:
            want = want.transpose(0, 2, 3, 1)
        for program in (parse_module(_DEPTHWISE), module):
            out = [x, w, y.copy()]
            run_function(program, entry, out)
            np.testing.assert_allclose(out[2], want, rtol=1e-5, atol=1e-5)
