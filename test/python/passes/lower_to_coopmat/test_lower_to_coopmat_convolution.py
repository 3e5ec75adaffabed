"""Convolutions through lower-to-coopmat, differentially: numpy (float64 /
int64, padding by np.pad) is the reference for the L0 interpreter, the L1
kernel (implicit im2col), its SIMT lowering (L2) on the interpreter and on
the Vulkan driver (lavapipe); every emitted module passes spirv-val (SIMT and
KHR cooperative matrices)."""

from __future__ import annotations

import numpy as np
import pytest
from support.tiers import sample
from support.vulkan_device import require_vulkan
from test_convert_to_spirv import lowered

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import round_bf16
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

NUMPY = {"f16": np.float16, "f32": np.float32, "bf16": np.float32, "i8": np.int8}
NUMPY["i32"] = np.int32


def conv_source(case) -> str:
    """An L0 function @conv(%x, %w, %y); padding as MLIR bufferizes
    tensor.pad (a zero-filled buffer, the image copied into it)."""
    n, h, w, c, f, (kh, kw), s, d, p, layout, a, acc = case
    oh = (h + 2 * p - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (w + 2 * p - d[1] * (kw - 1) - 1) // s[1] + 1
    x_t = f"memref<{n}x{h}x{w}x{c}x{a}>"
    w_t = (
        f"memref<{kh}x{kw}x{c}x{f}x{a}>"
        if layout == "hwcf"
        else (f"memref<{f}x{kh}x{kw}x{c}x{a}>")
    )
    y_t = f"memref<{n}x{oh}x{ow}x{f}x{acc}>"
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    source, pad = "%x", ""
    if p:
        ph, pw = h + 2 * p, w + 2 * p
        p_t = f"memref<{n}x{ph}x{pw}x{c}x{a}>"
        zero = "0" if a == "i8" else "0.0"
        strides = f"[{ph * pw * c}, {pw * c}, {c}, 1]"
        view_t = f"memref<{n}x{h}x{w}x{c}x{a}, strided<{strides}, offset: {(pw + 1) * p * c}>>"
        pad = f"""
  %zero = arith.constant {zero} : {a}
  %p = memref.alloc() : {p_t}
  linalg.fill ins(%zero : {a}) outs(%p : {p_t})
  %v = memref.subview %p[0, {p}, {p}, 0] [{n}, {h}, {w}, {c}] [1, 1, 1, 1] : {p_t} to {view_t}
  "memref.copy"(%x, %v) : ({x_t}, {view_t}) -> ()"""
        source, x_in = "%p", p_t
    else:
        x_in = x_t
    return f"""
func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{{pad}
  linalg.conv_2d_nhwc_{layout} {attrs} ins({source}, %w : {x_in}, {w_t}) outs(%y : {y_t})
  func.return
}}
"""


def reference(case, x, w, y) -> np.ndarray:
    """float64 / int64 convolution of the padded input, plus y; the padding
    is p on every side, or (top, left, bottom, right)."""
    n, h, wd, c, f, (kh, kw), s, d, p, layout, a, acc = case
    wide = np.int64 if a == "i8" else np.float64
    top, left, bottom, right = (p, p, p, p) if isinstance(p, int) else p
    xp = np.pad(x.astype(wide), ((0, 0), (top, bottom), (left, right), (0, 0)))
    weights = (
        w.astype(wide) if layout == "hwcf" else w.astype(wide).transpose(1, 2, 3, 0)
    )
    out = y.astype(wide).copy()
    _, oh, ow, _ = y.shape
    for i in range(kh):
        for j in range(kw):
            patch = xp[
                :,
                i * d[0] : i * d[0] + (oh - 1) * s[0] + 1 : s[0],
                j * d[1] : j * d[1] + (ow - 1) * s[1] + 1 : s[1],
            ]
            out += np.einsum("nhwc,cf->nhwf", patch, weights[i, j])
    return out


def operands(case, seed=0):
    n, h, w, c, f, (kh, kw), s, d, p, layout, a, acc = case
    module = parse_module(conv_source(case))
    shapes = [
        tuple(t.get_shape()) for t in module.body.block.first_op.function_type.inputs
    ]
    return random_operands(zip(shapes, (a, a, acc), strict=True), seed)


def random_operands(shapes_and_types, seed=0) -> list[np.ndarray]:
    """An array per (shape, element type): integers in [-128, 128) (i8) or
    [-1000, 128) (i32), floats in [-1, 1) (bf16 values for bf16)."""
    rng = np.random.default_rng(seed)
    arrays = []
    for shape, ty in shapes_and_types:
        if ty.startswith("i"):
            low = -128 if ty == "i8" else -1000
            arrays.append(rng.integers(low, 128, shape).astype(NUMPY[ty]))
        else:
            v = rng.uniform(-1, 1, shape).astype(np.float32)
            arrays.append(round_bf16(v) if ty == "bf16" else v.astype(NUMPY[ty]))
    return arrays


def check(case, got, want):
    acc = case[-1]
    if acc == "i32":
        np.testing.assert_array_equal(got, want.astype(np.int32))
        return
    k = case[5][0] * case[5][1] * case[3]
    eps = 2.0**-10 if acc == "f16" else 2.0**-20
    # |error| <= eps * (k + 2) * (sum |x w| + |y|): bounded by k + 2 ones.
    assert np.max(np.abs(got.astype(np.float64) - want)) <= eps * (k + 2) * (k + 1)


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
@pytest.mark.parametrize("case", sample(CASES, keep=[0, 4, 5, 6, 7], ids=_id))
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
