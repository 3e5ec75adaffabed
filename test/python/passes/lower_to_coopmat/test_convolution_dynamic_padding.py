"""Zero-padded convolutions with a dynamic batch and image: the padded
buffer of run-time sizes (`memref.alloc(%n, %h + 2, %w + 2)`, fill, subview
copy) written by hand, and `tensor.pad` of a `tensor<?x?x?xCxT>` through
bufferize-matmul; one lowered module runs every size.

At several run-time sizes (1, primes), numpy (float64 / int64, padding by
np.pad) is the reference for the L0 interpreter, the bufferized form, the
L1 kernel (stages 1-4) and its SIMT lowering (L2) on the interpreter,
and the SIMT kernel on lavapipe; the KHR modules pass spirv-val; sizes
that disagree with the padded convolution's formula are refused before
anything runs."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from support.convolution_programs import check, reference
from support.dynamic_convolutions import SMALL, run_simt_kernel_on_lavapipe
from support.lowering import lowered
from support.padded_convolutions import (
    _unpack,
    memref_source,
    operands,
    static_case,
    tensor_source,
)
from support.tiers import covering, sample

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

# (dynamic, (N, H, W) of the static dims, C, F, (KH, KW), strides,
#  dilations, pads (top, left, bottom, right), layout, a, acc), and the
# run-time sizes each runs at.
CASES = [
    # ResNet's 3x3: pad 1, stride 1 (OH = H).
    (
        ("nhw", (1, 3, 3), 16, 16, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1)),
        ("hwcf", "f16", "f32"),
        [(1, 1, 1), (2, 7, 5), (3, 5, 11)],
    ),
    # ResNet's downsampling 3x3: pad 1, stride 2.
    (
        ("nhw", (1, 3, 3), 8, 16, (3, 3), (2, 2), (1, 1), (1, 1, 1, 1)),
        ("fhwc", "f16", "f32"),
        [(1, 1, 1), (2, 7, 8), (1, 13, 11)],
    ),
    # Pad 2, dilation 2 on the rows (pad within the extent 4), stride 2 on
    # the columns.
    (
        ("nhw", (1, 5, 2), 8, 8, (3, 2), (1, 2), (2, 1), (2, 2, 2, 2)),
        ("hwcf", "f16", "f16"),
        [(1, 1, 1), (2, 7, 5), (3, 11, 2)],
    ),
    # Dilation 2 on both axes, pad 2 (the extent of a dilated 3x3 is 5).
    (
        ("nhw", (1, 3, 3), 16, 8, (3, 3), (1, 1), (2, 2), (2, 2, 2, 2)),
        ("hwcf", "f16", "f32"),
        [(1, 1, 1), (2, 5, 7), (1, 11, 13)],
    ),
    # A dynamic batch only, i8.
    (
        ("n", (1, 5, 6), 12, 20, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1)),
        ("hwcf", "i8", "i32"),
        [(1, 5, 6), (2, 5, 6), (5, 5, 6)],
    ),
    # A dynamic image only, pads that differ on every side ("same" padding
    # of a stride-2 layer), bf16.
    (
        ("hw", (2, 3, 3), 16, 16, (3, 3), (2, 2), (1, 1), (0, 1, 2, 1)),
        ("fhwc", "bf16", "f32"),
        [(2, 3, 5), (2, 9, 7), (2, 4, 13)],
    ),
    # A padded 1x1 (no plain GEMM then), f32.
    (
        ("nhw", (1, 1, 1), 3, 5, (1, 1), (1, 1), (1, 1), (1, 1, 1, 1)),
        ("fhwc", "f32", "f32"),
        [(1, 1, 1), (3, 5, 4), (2, 7, 3)],
    ),
]


def _id(case) -> str:
    dims, _, c, f, k, s, d, pads, layout, a, acc = _unpack(case)
    p = "".join(map(str, pads))
    return (
        f"{dims}-{c}-{f}-{k[0]}x{k[1]}-s{s[0]}{s[1]}-d{d[0]}{d[1]}-p{p}-"
        f"{layout}-{a}-{acc}"
    )


@pytest.mark.parametrize(
    ("case", "form"), covering(CASES, ["memref", "tensor"], ids=[_id, str])
)
def test_every_level_at_every_size(case, form):
    """L0, bufferized (tensor form), L1 (stages 1-4) and L2 (stages=1)
    against numpy; the padded buffer is gone from the kernel level."""
    source = memref_source(case) if form == "memref" else tensor_source(case)
    levels = {"L0": parse_module(source)}
    if form == "tensor":
        levels["bufferized"] = lowered(source, "bufferize-matmul")
    for stages in (1, 2, 3, 4):
        spec = f"lower-to-coopmat{{target=lavapipe stages={stages} {SMALL}}}"
        levels[f"L1 stages={stages}"] = lowered(source, spec)
        if stages == 1:
            levels["L2 stages=1"] = lowered(source, f"{spec},coopmat-to-simt")
    for level, module in levels.items():
        text = str(module)
        if level.startswith(("L1", "L2")):
            assert "memref.alloc(" not in text.split("gpu.module")[0], level
            assert "linalg." not in text and "memref.copy" not in text, level
    for size in case[2]:
        (x, w, y), want = operands(case, size)
        for level, module in levels.items():
            out = [x, w, y.copy()]
            results = run_function(module, "conv", out)
            got = results[0] if level == "L0" and form == "tensor" else out[2]
            try:
                check(static_case(case, size), got, want)
            except AssertionError as err:
                raise AssertionError(f"{level} at {size}: {err}") from None


# Default tier: ResNet's 3x3 (hwcf, f16) and the bf16 "same" padding (fhwc).
@pytest.mark.parametrize("case", sample(CASES, keep=[0, 5], ids=_id))
def test_simt_kernel_runs_on_vulkan_at_every_size(case):
    """One SPIR-V module per case (the memref form), every size on lavapipe."""
    run_simt_kernel_on_lavapipe(
        memref_source(case), case, case[2], operands, static_case
    )


@pytest.mark.parametrize(
    "case", [c for c in CASES if c[1][1] in ("f16", "i8")], ids=_id
)
@pytest.mark.parametrize("form", ["memref", "tensor"])
def test_khr_kernels_validate(case, form):
    source = memref_source(case) if form == "memref" else tensor_source(case)
    for stages in (1, 2, 3):
        module = lowered(
            source, f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}"
        )
        (kernel,) = compile_kernels(module, coopmat="khr")
        validate(kernel.spirv)
        assert "CooperativeMatrixKHR" in kernel.capabilities
        assert kernel.push_constant_sizes


RESNET = """\
func.func @conv(%x: tensor<?x?x?x16xf16>, %w: tensor<3x3x16x16xf16>) -> tensor<?x?x?x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %x, %c0 : tensor<?x?x?x16xf16>
  %h = tensor.dim %x, %c1 : tensor<?x?x?x16xf16>
  %wd = tensor.dim %x, %c2 : tensor<?x?x?x16xf16>
  %pad = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %pad : f16
  } : tensor<?x?x?x16xf16> to tensor<?x?x?x16xf16>
  %e = tensor.empty(%n, %h, %wd) : tensor<?x?x?x16xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?x16xf32>) -> tensor<?x?x?x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<?x?x?x16xf16>, tensor<3x3x16x16xf16>) outs(%f : tensor<?x?x?x16xf32>) -> tensor<?x?x?x16xf32>
  func.return %r : tensor<?x?x?x16xf32>
}
"""  # noqa: E501


def test_resnet_layer_on_tensors_returns_a_fresh_result():
    """The frontend's ResNet 3x3 (dynamic batch and image, pad 1): the
    result is a zero-filled `tensor.empty` of the input's sizes, returned
    (the out-param, whose shape bufferize-matmul derives from %x)."""
    from coopmlir.passes.bufferize_matmul import plan_module
    from coopmlir.runtime.out_params import out_param_shapes

    case = CASES[0]
    (plan,) = plan_module(parse_module(RESNET))
    spec = f"lower-to-coopmat{{target=lavapipe stages=2 {SMALL}}}"
    for size in case[2]:
        (x, w, y), _ = operands(case, size)
        y[...] = 0
        want = reference(static_case(case, size), x, w, y)
        (shape,) = out_param_shapes(plan, [x, w])
        assert shape == y.shape
        (result,) = run_function(parse_module(RESNET), "conv", [x, w])
        check(static_case(case, size), result, want)
        for pipeline in ("bufferize-matmul", spec, f"{spec},coopmat-to-simt"):
            out = np.full(shape, 7.0, np.float32)
            run_function(lowered(RESNET, pipeline), "conv", [x, w, out])
            check(static_case(case, size), out, want)


BAD = [
    # (x shape, y shape, what the message names)
    ((2, 6, 6, 16), (1, 6, 6, 16), "the batch of the output (dimension 0)"),
    ((1, 6, 6, 16), (1, 7, 6, 16), "the output's height (dimension 1) must be (H + 2"),
    ((1, 6, 6, 16), (1, 6, 7, 16), "the output's width (dimension 2) must be (W + 2"),
]


@pytest.mark.parametrize("shapes", BAD, ids=lambda s: s[2][:22])
def test_disagreeing_sizes_are_refused_before_running(shapes):
    x_shape, y_shape, message = shapes
    args = [
        np.ones(x_shape, np.float16),
        np.ones((3, 3, 16, 16), np.float16),
        np.full(y_shape, 7.0, np.float32),
    ]
    module = lowered(memref_source(CASES[0]), "lower-to-coopmat{target=lavapipe}")
    with pytest.raises(InterpretationFailure, match=re.escape(message)):
        run_function(module, "conv", args)
    assert np.all(args[2] == 7.0)  # nothing ran
    with pytest.raises(InterpretationFailure, match="operand sizes disagree"):
        run_function(parse_module(memref_source(CASES[0])), "conv", args)


BAD_INPUT = Path(__file__).parents[3] / "bad-input"


def test_l0_refuses_a_padded_buffer_the_image_does_not_fit():
    """What the pass refuses, the interpreter refuses at run time: a view
    past the buffer's end, a copy between views of different shapes."""
    x = np.ones((1, 4, 4, 16), np.float16)
    w = np.ones((3, 3, 16, 16), np.float16)
    y = np.zeros((1, 2, 4, 16), np.float32)
    source = (BAD_INPUT / "conv-padding-image-does-not-fit.mlir").read_text()
    with pytest.raises(InterpretationFailure, match="outside the source's 4 elements"):
        run_function(parse_module(source), "conv", [x, w, y])
    source = (BAD_INPUT / "conv-padding-interior-not-image.mlir").read_text()
    with pytest.raises(InterpretationFailure, match=r"memref.copy: the source's shape"):
        run_function(parse_module(source), "conv", [x, w, y, 3])
