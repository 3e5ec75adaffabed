"""Pooling loop kernels that read a padded input in place and start from
their output's fill (loop_fusion.py): one kernel where MLIR's bufferized
`tensor.pad` + `linalg.fill` + pooling made four, interpreted against the
program before lowering on random data, and left alone where the buffer
or the image is used otherwise."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import interpreted, lowered_by
from support.vulkan_device import require_vulkan

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

MAX = ("pooling_nchw_max", "0xFC00")  # -inf in f16
SUM = ("pooling_nchw_sum", "0.0")


def _program(
    pool: tuple[str, str],
    low: tuple[int, int],
    high: tuple[int, int],
    stride: int = 2,
    between: str = "",
) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """@pool(%x: 1x3x9x10, %y) as MLIR bufferizes torch-mlir's export:
    pad %x with the pooling's identity, fill %y with it, pool 3x3.
    `between`: ops put between the copy and the pooling."""
    name, init = pool
    h, w = 9, 10
    ph, pw = h + low[0] + high[0], w + low[1] + high[1]
    oh, ow = (ph - 3) // stride + 1, (pw - 3) // stride + 1
    x, y, p = f"1x3x{h}x{w}", f"1x3x{oh}x{ow}", f"1x3x{ph}x{pw}"
    strides = f"[{ph * pw * 3}, {ph * pw}, {pw}, 1]"
    offset = low[0] * pw + low[1]
    view = f"memref<{x}xf16, strided<{strides}, offset: {offset}>>"
    text = f"""func.func @pool(%x: memref<{x}xf16>, %y: memref<{y}xf16>) {{
  %c = arith.constant {init} : f16
  %p = memref.alloc() : memref<{p}xf16>
  linalg.fill ins(%c : f16) outs(%p : memref<{p}xf16>)
  %v = memref.subview %p[0, 0, {low[0]}, {low[1]}] [1, 3, {h}, {w}] [1, 1, 1, 1] : memref<{p}xf16> to {view}
  memref.copy %x, %v : memref<{x}xf16> to {view}
  {between}
  linalg.fill ins(%c : f16) outs(%y : memref<{y}xf16>)
  %k = memref.alloc() : memref<3x3xf16>
  linalg.{name} {{dilations = dense<1> : vector<2xi64>, strides = dense<{stride}> : vector<2xi64>}} ins(%p, %k : memref<{p}xf16>, memref<3x3xf16>) outs(%y : memref<{y}xf16>)
  memref.dealloc %p : memref<{p}xf16>
  func.return
}}
"""
    return text, (1, 3, h, w), (1, 3, oh, ow)


def _inputs(x_shape, y_shape, seed):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-4, 4, x_shape).astype(np.float16)
    y = rng.uniform(-4, 4, y_shape).astype(np.float16)  # overwritten by the fill
    return x, y


def _launches(module) -> list[str]:
    return [line for line in str(module).splitlines() if "gpu.launch_func" in line]


@pytest.mark.parametrize(
    "pool, low, high, stride",
    [
        (MAX, (1, 1), (1, 1), 2),  # nn.MaxPool2d(3, 2, 1)
        (SUM, (1, 1), (1, 1), 2),  # nn.AvgPool2d's sum
        (MAX, (0, 2), (1, 0), 1),  # one side per axis
        (SUM, (2, 0), (0, 0), 1),  # rows only
    ],
)
def test_pooling_reads_its_padded_input_in_place(pool, low, high, stride):
    text, x_shape, y_shape = _program(pool, low, high, stride)
    x, y = _inputs(x_shape, y_shape, seed=sum(low) + 3 * sum(high) + stride)
    want = interpreted(lowered_by(text), "pool", [x, y])[1]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert len(_launches(module)) == 1  # no fill, no copy, no padded buffer
    assert "linalg.fill" not in str(module) and "memref.copy" not in str(module)
    got = interpreted(module, "pool", [x, y])[1]
    np.testing.assert_array_equal(got, want)
    for kernel in compile_kernels(module, coopmat="khr"):
        validate(kernel.spirv)


def test_an_image_used_between_copy_and_pooling_keeps_the_buffer():
    """An op between the copy and the pooling writes the image: the padded
    buffer, not the image, holds what the pooling reads, so both stay."""
    between = "linalg.fill ins(%c : f16) outs(%x : memref<1x3x9x10xf16>)"
    text, x_shape, y_shape = _program(MAX, (1, 1), (1, 1), between=between)
    x, y = _inputs(x_shape, y_shape, seed=7)
    want = interpreted(lowered_by(text), "pool", [x, y])[1]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    # The pad's fill and copy, the image's fill, the pooling (its own fill
    # folded: it is the last op on %y before it).
    assert len(_launches(module)) == 4
    np.testing.assert_array_equal(interpreted(module, "pool", [x, y])[1], want)


def test_fused_pooling_on_lavapipe():
    require_vulkan()
    text, x_shape, y_shape = _program(MAX, (1, 1), (1, 1))
    x, y = _inputs(x_shape, y_shape, seed=11)
    want = interpreted(lowered_by(text), "pool", [x, y])[1]
    module = lowered_by(
        text, LowerToCoopmat(target="lavapipe"), CoopmatToSimt(subgroup_size=8)
    )
    kernels = {kernel.name: kernel for kernel in compile_kernels(module)}
    assert len(kernels) == 1
    (kernel,) = kernels.values()
    validate(kernel.spirv)
    out = np.zeros_like(y)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "pool", kernels, [x, out], device)
    np.testing.assert_array_equal(out, want)


def _reduction(kind: str, between: str = "", reads_out: bool = False) -> str:
    """@rows(%x: 6x40 f32, %y: 6) as torch-mlir's sum / amax over the last
    axis bufferizes: fill %y, then a reduction generic. `between`: ops put
    between the two; `reads_out`: the body also reads %y's buffer through
    an input view (a running total)."""
    init, combine = {
        "sum": ("0.0", "arith.addf"),
        "max": ("0xFF800000", "arith.maximumf"),
    }[kind]
    extra_in = ", %y2 : memref<6x40xf32>, memref<6x1xf32>" if reads_out else ""
    extra_map = ", affine_map<(i, j) -> (i, 0)>" if reads_out else ""
    extra_arg = ", %prev: f32" if reads_out else ""
    inputs = "%x, %y2" if reads_out else "%x"
    in_types = "memref<6x40xf32>, memref<6x1xf32>" if reads_out else "memref<6x40xf32>"
    del extra_in
    view = (
        "%y2 = memref.expand_shape %y [[0, 1]] output_shape [6, 1] : memref<6xf32> into memref<6x1xf32>"
        if reads_out
        else ""
    )
    return f"""func.func @rows(%x: memref<6x40xf32>, %y: memref<6xf32>) {{
  %c = arith.constant {init} : f32
  linalg.fill ins(%c : f32) outs(%y : memref<6xf32>)
  {between}
  {view}
  linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>{extra_map}, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}} ins({inputs} : {in_types}) outs(%y : memref<6xf32>) {{
  ^bb0(%a: f32{extra_arg}, %acc: f32):
    %r = {combine} %a, %acc : f32
    linalg.yield %r : f32
  }}
  func.return
}}
"""


@pytest.mark.parametrize("kind", ["sum", "max"])
def test_a_reduction_starts_from_its_fill(kind):
    text = _reduction(kind)
    rng = np.random.default_rng(3)
    x = rng.uniform(-2, 2, (6, 40)).astype(np.float32)
    y = rng.uniform(-2, 2, (6,)).astype(np.float32)  # overwritten by the fill
    want = interpreted(lowered_by(text), "rows", [x, y])[1]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert len(_launches(module)) == 1 and "linalg.fill" not in str(module)
    np.testing.assert_array_equal(interpreted(module, "rows", [x, y])[1], want)


@pytest.mark.parametrize(
    "between, reads_out",
    [
        # Another view of the output's buffer written after the fill: the
        # reduction adds onto what it wrote.
        (
            "%s = memref.subview %y[2] [3] [1] : memref<6xf32> to memref<3xf32, strided<[1], offset: 2>>\n"
            "  %one = arith.constant 1.0 : f32\n"
            "  linalg.fill ins(%one : f32) outs(%s : memref<3xf32, strided<[1], offset: 2>>)",
            False,
        ),
        # The body reads the output's buffer through an input.
        ("", True),
    ],
)
def test_a_fill_whose_buffer_is_used_otherwise_stays(between, reads_out):
    text = _reduction("sum", between, reads_out)
    rng = np.random.default_rng(5)
    x = rng.uniform(-2, 2, (6, 40)).astype(np.float32)
    y = rng.uniform(-2, 2, (6,)).astype(np.float32)
    want = interpreted(lowered_by(text), "rows", [x, y])[1]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert len(_launches(module)) == (3 if between else 2)
    np.testing.assert_allclose(interpreted(module, "rows", [x, y])[1], want)


def test_a_fill_of_more_than_the_reduction_writes_stays():
    """The reduction writes column 0 of a 6x2 output that the fill filled
    whole: column 1 keeps the fill's value, so the fill stays a kernel."""
    text = """func.func @rows(%x: memref<6x40xf32>, %y: memref<6x2xf32>) {
  %c = arith.constant 0.5 : f32
  linalg.fill ins(%c : f32) outs(%y : memref<6x2xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, 0)>], iterator_types = ["parallel", "reduction"]} ins(%x : memref<6x40xf32>) outs(%y : memref<6x2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  }
  func.return
}
"""
    rng = np.random.default_rng(9)
    x = rng.uniform(-2, 2, (6, 40)).astype(np.float32)
    y = rng.uniform(-2, 2, (6, 2)).astype(np.float32)
    want = interpreted(lowered_by(text), "rows", [x, y])[1]
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    assert len(_launches(module)) == 2
    got = interpreted(module, "rows", [x, y])[1]
    np.testing.assert_allclose(got, want)
    assert (got[:, 1] == 0.5).all()
