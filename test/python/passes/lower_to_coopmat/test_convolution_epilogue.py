"""Epilogues fused into a convolution's kernel (epilogue.py's OutputLayout,
convolution.py), differentially: a tensor program (conv, then a per-channel
bias, scale and shift, ReLU, a residual add, a cast) on the interpreter
before and after lower-to-coopmat, and the kernels it makes; then the
exports' kernel counts (issue 26: each convolution one kernel)."""

from __future__ import annotations

import numpy as np
import pytest
from support.convolution_programs import random_operands
from support.frontend_exports import arguments, export_path
from support.lowering import lowered

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function

_ID4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"


def _program(layout: str, n: int, channels: int, residual_is_input: bool) -> str:
    """conv (3x3, padding 1) of x (C=channels) into f32, then
    relu(y * scale[f] + shift[f] + r) as f16 in one generic; r is another
    argument, or the conv's own input (the residual of a ResNet block)."""
    c, f, h, w = channels, channels, 6, 5
    nchw = layout == "nchw"
    x_s = f"{n}x{c}x{h}x{w}" if nchw else f"{n}x{h}x{w}x{c}"
    p_s = f"{n}x{c}x{h + 2}x{w + 2}" if nchw else f"{n}x{h + 2}x{w + 2}x{c}"
    y_s = f"{n}x{f}x{h}x{w}" if nchw else f"{n}x{h}x{w}x{f}"
    w_s = f"{f}x{c}x3x3" if nchw else f"{f}x3x3x{c}"
    pad = "[0, 0, 1, 1]" if nchw else "[0, 1, 1, 0]"
    channel = "d1" if nchw else "d3"
    vec = f"affine_map<(d0, d1, d2, d3) -> ({channel})>"
    name = "linalg.conv_2d_nchw_fchw" if nchw else "linalg.conv_2d_nhwc_fhwc"
    residual = "%x" if residual_is_input else "%r"
    return f"""
func.func @f(%x: tensor<{x_s}xf16>, %wt: tensor<{w_s}xf16>, %scale: tensor<{f}xf32>,
    %shift: tensor<{f}xf32>, %r: tensor<{y_s}xf16>) -> tensor<{y_s}xf16> {{
  %z = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %p = tensor.pad %x low{pad} high{pad} {{
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zh : f16
  }} : tensor<{x_s}xf16> to tensor<{p_s}xf16>
  %e = tensor.empty() : tensor<{y_s}xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<{y_s}xf32>) -> tensor<{y_s}xf32>
  %y = {name} {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
      ins(%p, %wt : tensor<{p_s}xf16>, tensor<{w_s}xf16>) outs(%acc : tensor<{y_s}xf32>) -> tensor<{y_s}xf32>
  %oe = tensor.empty() : tensor<{y_s}xf16>
  %o = linalg.generic {{indexing_maps = [{_ID4}, {vec}, {vec}, {_ID4}, {_ID4}],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%y, %scale, %shift, {residual} : tensor<{y_s}xf32>, tensor<{f}xf32>, tensor<{f}xf32>, tensor<{y_s}xf16>)
      outs(%oe : tensor<{y_s}xf16>) {{
  ^bb0(%v: f32, %s: f32, %t: f32, %res: f16, %out: f16):
    %m = arith.mulf %v, %s : f32
    %a = arith.addf %m, %t : f32
    %h = arith.truncf %a : f32 to f16
    %b = arith.addf %h, %res : f16
    %c = arith.cmpf ugt, %b, %zh : f16
    %q = arith.select %c, %b, %zh : f16
    linalg.yield %q : f16
  }} -> tensor<{y_s}xf16>
  func.return %o : tensor<{y_s}xf16>
}}
"""


def _inputs(module_text: str) -> list[np.ndarray]:
    function = parse_module(module_text).body.block.first_op
    types = function.function_type.inputs
    shapes = [tuple(t.get_shape()) for t in types]
    names = [str(t.element_type) for t in types]
    return random_operands(zip(shapes, names, strict=True), seed=3)


def _kernels(module) -> list:
    return [o for o in module.walk() if o.name == "gpu.func"]


# (layout, batch, channels, residual is the conv's input, fused)
CASES = [
    ("nchw", 1, 16, False, True),
    ("nchw", 1, 16, True, True),
    ("nhwc", 1, 16, False, True),
    # A batch of NCHW images is a batched GEMM (grid z): matrices read at
    # the batch index, vectors shared.
    ("nchw", 2, 16, False, True),
    ("nchw", 3, 16, True, True),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(map(str, c)))
def test_fused_epilogue_computes_what_the_program_wrote(case, capsys):
    layout, n, channels, residual_is_input, fused = case
    source = _program(layout, n, channels, residual_is_input)
    inputs = _inputs(source)
    (want,) = run_function(parse_module(source), "f", [x.copy() for x in inputs])
    module = lowered(source, "lower-to-coopmat{target=lavapipe}")
    kernels = _kernels(module)
    assert "linalg." not in str(module)
    assert len(kernels) == (1 if fused else 2), capsys.readouterr().err
    out = np.zeros_like(want)
    run_function(module, "f", [*(x.copy() for x in inputs), out])
    # f16 output: the f32 sums round once to f16 (and once more with the
    # residual); the reference rounds the same way, sums in another order.
    np.testing.assert_allclose(out, want, rtol=2e-3, atol=2e-3)


def test_an_epilogue_over_the_convolutions_input_is_not_fused(capsys):
    """Bufferized so that the epilogue writes the buffer the convolution
    reads (its padded input: the lowering reads the image in place), the
    epilogue stays a loop kernel, with a remark."""
    source = """
func.func @f(%x: memref<1x16x6x5xf16>, %w: memref<16x16x3x3xf16>) {
  %z = arith.constant 0.0 : f32
  %zh = arith.constant 0.0 : f16
  %p = memref.alloc() : memref<1x16x8x7xf16>
  linalg.fill ins(%zh : f16) outs(%p : memref<1x16x8x7xf16>)
  %v = memref.subview %p[0, 0, 1, 1] [1, 16, 6, 5] [1, 1, 1, 1] : memref<1x16x8x7xf16> to memref<1x16x6x5xf16, strided<[896, 56, 7, 1], offset: 8>>
  memref.copy %x, %v : memref<1x16x6x5xf16> to memref<1x16x6x5xf16, strided<[896, 56, 7, 1], offset: 8>>
  %y = memref.alloc() : memref<1x16x6x5xf32>
  linalg.fill ins(%z : f32) outs(%y : memref<1x16x6x5xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p, %w : memref<1x16x8x7xf16>, memref<16x16x3x3xf16>) outs(%y : memref<1x16x6x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : memref<1x16x6x5xf32>) outs(%x : memref<1x16x6x5xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }
  func.return
}
"""
    x, w = random_operands([((1, 16, 6, 5), "f16"), ((16, 16, 3, 3), "f16")])
    want = [x.copy(), w]
    run_function(parse_module(source), "f", want)
    module = lowered(source, "lower-to-coopmat{target=lavapipe}")
    assert "it writes the buffer the convolution reads" in capsys.readouterr().err
    assert len(_kernels(module)) == 2
    got = [x.copy(), w]
    run_function(module, "f", got)
    np.testing.assert_allclose(got[0], want[0], rtol=2e-3, atol=2e-3)


# The exports (test/frontend/Inputs): each convolution is one kernel (a
# cooperative-matrix product); the bottleneck's batch norms, ReLUs and
# residual add are in them. resnet-block's 8 channels are no whole 16-row
# fragment: its bias vectors are read through checked 1 x 8 views; its two
# convolutions write one buffer unless each fill has a tensor.empty of its
# own (fills.py's OwnFill), and then both biases and the residual fuse.
EXPORT_KERNELS = {"bottleneck-f16": (3, 3), "resnet-block-f16": (2, 2)}


@pytest.mark.parametrize("name", EXPORT_KERNELS)
def test_each_convolution_of_an_export_is_one_kernel(name):
    path = export_path(name)
    module = lowered(path.read_text(), "lower-to-coopmat{target=generic}")
    kernels = _kernels(module)
    products = [k for k in kernels if "coopmat.mul_add" in str(k)]
    assert (len(products), len(kernels)) == EXPORT_KERNELS[name]
    assert "linalg." not in str(module)
    x = arguments(name)
    (before,) = run_function(parse_module(path.read_text(), str(path)), "forward", x)
    after = np.zeros_like(before)  # the lowered function's out-param
    run_function(module, "forward", [*x, after])
    np.testing.assert_allclose(after, before, rtol=2e-2, atol=2e-2)
