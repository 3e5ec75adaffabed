"""Static convolutions at L0 (linalg.conv_2d_nhwc_hwcf|fhwc, and
conv_2d_nchw_fchw for layout "fchw": NCHW input and output, FCHW filter;
padding as MLIR bufferizes tensor.pad), their random operands, numpy's
reference and the bound a result is judged by."""

from __future__ import annotations

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import round_bf16
from support.error_model import EPS, assert_close, sum_tolerance

NUMPY = {"f16": np.float16, "f32": np.float32, "bf16": np.float32, "i8": np.int8}
NUMPY["i32"] = np.int32


def conv_source(case) -> str:
    """An L0 function @conv(%x, %w, %y); padding as MLIR bufferizes
    tensor.pad (a zero-filled buffer, the image copied into it)."""
    n, h, w, c, f, (kh, kw), s, d, p, layout, a, acc = case
    oh = (h + 2 * p - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (w + 2 * p - d[1] * (kw - 1) - 1) // s[1] + 1
    nchw = layout == "fchw"
    x_t = f"memref<{n}x{c}x{h}x{w}x{a}>" if nchw else f"memref<{n}x{h}x{w}x{c}x{a}>"
    w_t = {
        "hwcf": f"memref<{kh}x{kw}x{c}x{f}x{a}>",
        "fhwc": f"memref<{f}x{kh}x{kw}x{c}x{a}>",
        "fchw": f"memref<{f}x{c}x{kh}x{kw}x{a}>",
    }[layout]
    y_t = (
        f"memref<{n}x{f}x{oh}x{ow}x{acc}>"
        if nchw
        else f"memref<{n}x{oh}x{ow}x{f}x{acc}>"
    )
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    source, pad = "%x", ""
    if p:
        ph, pw = h + 2 * p, w + 2 * p
        zero = "0" if a == "i8" else "0.0"
        if nchw:
            p_t = f"memref<{n}x{c}x{ph}x{pw}x{a}>"
            strides = f"[{c * ph * pw}, {ph * pw}, {pw}, 1]"
            offset = (pw + 1) * p
            sub = f"[0, 0, {p}, {p}] [{n}, {c}, {h}, {w}]"
            view_t = (
                f"memref<{n}x{c}x{h}x{w}x{a}, strided<{strides}, offset: {offset}>>"
            )
        else:
            p_t = f"memref<{n}x{ph}x{pw}x{c}x{a}>"
            strides = f"[{ph * pw * c}, {pw * c}, {c}, 1]"
            offset = (pw + 1) * p * c
            sub = f"[0, {p}, {p}, 0] [{n}, {h}, {w}, {c}]"
            view_t = (
                f"memref<{n}x{h}x{w}x{c}x{a}, strided<{strides}, offset: {offset}>>"
            )
        pad = f"""
  %zero = arith.constant {zero} : {a}
  %p = memref.alloc() : {p_t}
  linalg.fill ins(%zero : {a}) outs(%p : {p_t})
  %v = memref.subview %p{sub} [1, 1, 1, 1] : {p_t} to {view_t}
  "memref.copy"(%x, %v) : ({x_t}, {view_t}) -> ()"""
        source, x_in = "%p", p_t
    else:
        x_in = x_t
    return f"""
func.func @conv(%x: {x_t}, %w: {w_t}, %y: {y_t}) {{{pad}
  linalg.conv_2d_{"nchw" if nchw else "nhwc"}_{layout} {attrs} ins({source}, %w : {x_in}, {w_t}) outs(%y : {y_t})
  func.return
}}
"""


def reference(case, x, w, y) -> np.ndarray:
    """float64 / int64 convolution of the padded input, plus y; the padding
    is p on every side, or (top, left, bottom, right)."""
    n, h, wd, c, f, (kh, kw), s, d, p, layout, a, acc = case
    if layout == "fchw":  # the NHWC / HWCF sums, transposed back
        nhwc = (*case[:9], "hwcf", *case[10:])
        to_nhwc = (0, 2, 3, 1)
        out = reference(
            nhwc, x.transpose(to_nhwc), w.transpose(2, 3, 1, 0), y.transpose(to_nhwc)
        )
        return out.transpose(0, 3, 1, 2)
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
    # (k + 2) * eps * (sum |x w| + |y|), at most k + 1 for operands within
    # [-1, 1]; f32 with eps 2^-20 (the reference is float64).
    eps = EPS["f16"] if acc == "f16" else 2.0**-20
    assert_close(got, want, sum_tolerance(k + 2, eps, k + 1, floor=0))
