"""MLIR's named contractions beyond the matmul family and the quantized
ops (dialects/linalg_named.py, the depthwise `hwcm`), the 1-D convolutions
(linalg_conv1d.py) and the pooling ops (linalg_pooling.py):
lower-to-coopmat makes each a loop kernel. numpy (float64 / int64, written here from the
ops' definitions in MLIR) is the reference for the L0 interpreter and the
L1 kernel; one case per family runs on lavapipe, its SPIR-V through
spirv-val."""

from __future__ import annotations

import numpy as np
import pytest
from support.convolution_programs import random_operands
from support.lowering import interpreted, lowered, parse
from support.vulkan_device import require_vulkan

from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate

#: Zero points of the quantized cases (constants: loop kernels take buffers).
A_ZP, B_ZP = 3, -2

_CONV_ATTRS = "{dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}"
_CONV_1D_ATTRS = (
    "{dilations = dense<1> : tensor<1xi64>, strides = dense<2> : tensor<1xi64>}"
)


def _window(x, oh, ow, stride=(2, 1), dilation=(1, 2)):
    """Per tap (i, j): the NHWC input rows and columns the output reads."""
    (sh, sw), (dh, dw) = stride, dilation
    return lambda i, j: x[
        :,
        i * dh : i * dh + (oh - 1) * sh + 1 : sh,
        j * dw : j * dw + (ow - 1) * sw + 1 : sw,
    ]


def _conv_nhwc_hwcf(x, w, y):
    _, oh, ow, _ = y.shape
    tap = _window(x, oh, ow)
    return y + sum(
        np.einsum("nhwc,cf->nhwf", tap(i, j), w[i, j])
        for i in range(w.shape[0])
        for j in range(w.shape[1])
    )


def _depthwise_hwcm(x, w, y, **steps):
    _, oh, ow, _, _ = y.shape
    tap = _window(x, oh, ow, **steps)
    return y + sum(
        np.einsum("nhwc,cm->nhwcm", tap(i, j), w[i, j])
        for i in range(w.shape[0])
        for j in range(w.shape[1])
    )


def _spatial_taps(x, y, k, axes, stride, dilation):
    """Per tap (a tuple over `axes`, x's window dimensions, which are y's
    too): the part of x each output element reads at that tap."""
    for tap in np.ndindex(*k):
        index = [slice(None)] * x.ndim
        for axis, t, s, d in zip(axes, tap, stride, dilation, strict=True):
            n = y.shape[axis]
            index[axis] = slice(t * d, t * d + (n - 1) * s + 1, s)
        yield tap, x[tuple(index)]


def _pool(combine, axes, stride=(2, 1), dilation=(1, 2)):
    """MLIR's pooling (linalg_pooling.py): y = combine(y, x) over the taps."""

    def reference(x, w, y):
        for _, part in _spatial_taps(x, y, w.shape, axes, stride, dilation):
            y = combine(y, part)
        return y

    return reference


def _conv_1d_ncw_fcw(x, w, y, stride=2):
    for (t,), part in _spatial_taps(x, y, w.shape[2:], (2,), (stride,), (1,)):
        y = y + np.einsum("ncw,fc->nfw", part, w[:, :, t])
    return y


def _f16_steps(a, b, c):
    """MLIR's f32 x f32 -> f16 matmul: inputs truncated to f16, every
    product and sum rounded to f16, k in order."""
    a, b, acc = a.astype(np.float16), b.astype(np.float16), c.astype(np.float16)
    for k in range(a.shape[1]):
        acc = acc + a[:, k, None] * b[None, k, :]
    return acc


# name: (op, operand shapes, types, zero points?, reference(a, b, c) in 64 bits)
CASES = {
    "matvec": (
        "linalg.matvec",
        [(5, 7), (7,), (5,)],
        ("f32", "f32", "f32"),
        lambda a, b, c: c + a @ b,
    ),
    "vecmat_f16": (
        "linalg.vecmat",
        [(7,), (7, 5), (5,)],
        ("f16", "f16", "f32"),
        lambda a, b, c: c + a @ b,
    ),
    "batch_matvec_i8": (
        "linalg.batch_matvec",
        [(2, 5, 7), (2, 7), (2, 5)],
        ("i8", "i8", "i32"),
        lambda a, b, c: c + np.einsum("bik,bk->bi", a, b),
    ),
    "batch_vecmat": (
        "linalg.batch_vecmat",
        [(2, 7), (2, 7, 5), (2, 5)],
        ("f32", "f32", "f32"),
        lambda a, b, c: c + np.einsum("bk,bkj->bj", a, b),
    ),
    "batch_reduce_matmul": (
        "linalg.batch_reduce_matmul",
        [(3, 4, 6), (3, 6, 5), (4, 5)],
        ("f32", "f32", "f32"),
        lambda a, b, c: c + np.einsum("bik,bkj->ij", a, b),
    ),
    "batch_reduce_matmul_b_transposed": (
        "linalg.batch_reduce_matmul indexing_maps = ["
        "affine_map<(b, i, j, k) -> (b, i, k)>, affine_map<(b, i, j, k) -> (b, j, k)>, "
        "affine_map<(b, i, j, k) -> (i, j)>]",
        [(3, 4, 6), (3, 5, 6), (4, 5)],
        ("f32", "f32", "f32"),
        lambda a, b, c: c + np.einsum("bik,bjk->ij", a, b),
    ),
    # MLIR's casts other than widenings: the body rounds each input.
    "matmul_f32_into_f16": (
        "linalg.matmul",
        [(4, 6), (6, 5), (4, 5)],
        ("f32", "f32", "f16"),
        lambda a, b, c: _f16_steps(a, b, c),
    ),
    "batch_matvec_i8_into_f32": (
        "linalg.batch_matvec",
        [(2, 5, 7), (2, 7), (2, 5)],
        ("i8", "i8", "f32"),
        lambda a, b, c: c + np.einsum("bik,bk->bi", a, b),
    ),
    "quantized_matmul": (
        "linalg.quantized_matmul",
        [(4, 6), (6, 5), (4, 5)],
        ("i8", "i8", "i32"),
        lambda a, b, c: c + np.subtract(a, A_ZP) @ np.subtract(b, B_ZP),
    ),
    "quantized_batch_matmul": (
        "linalg.quantized_batch_matmul",
        [(2, 4, 6), (2, 6, 5), (2, 4, 5)],
        ("i8", "i8", "i32"),
        lambda a, b, c: c + np.subtract(a, A_ZP) @ np.subtract(b, B_ZP),
    ),
    "conv_2d_nhwc_hwcf_q": (
        f"linalg.conv_2d_nhwc_hwcf_q {_CONV_ATTRS}",
        [(1, 7, 7, 3), (2, 2, 3, 4), (1, 3, 5, 4)],
        ("i8", "i8", "i32"),
        lambda x, w, y: _conv_nhwc_hwcf(x - A_ZP, w - B_ZP, y),
    ),
    "conv_2d_nhwc_fhwc_q": (
        f"linalg.conv_2d_nhwc_fhwc_q {_CONV_ATTRS}",
        [(1, 7, 7, 3), (4, 2, 2, 3), (1, 3, 5, 4)],
        ("i8", "i8", "i32"),
        lambda x, w, y: _conv_nhwc_hwcf(x - A_ZP, (w - B_ZP).transpose(1, 2, 3, 0), y),
    ),
    "conv_2d_nchw_fchw_q": (
        f"linalg.conv_2d_nchw_fchw_q {_CONV_ATTRS}",
        [(1, 3, 7, 7), (4, 3, 2, 2), (1, 4, 3, 5)],
        ("i8", "i8", "i32"),
        lambda x, w, y: _conv_nhwc_hwcf(
            (x - A_ZP).transpose(0, 2, 3, 1),
            (w - B_ZP).transpose(2, 3, 1, 0),
            y.transpose(0, 2, 3, 1),
        ).transpose(0, 3, 1, 2),
    ),
    "conv_2d_ngchw_gfchw_q": (
        f"linalg.conv_2d_ngchw_gfchw_q {_CONV_ATTRS}",
        [(1, 2, 3, 7, 7), (2, 4, 3, 2, 2), (1, 2, 4, 3, 5)],
        ("i8", "i8", "i32"),
        lambda x, w, y: np.stack(
            [
                _conv_nhwc_hwcf(
                    (x[:, g] - A_ZP).transpose(0, 2, 3, 1),
                    (w[g] - B_ZP).transpose(2, 3, 1, 0),
                    y[:, g].transpose(0, 2, 3, 1),
                ).transpose(0, 3, 1, 2)
                for g in range(x.shape[1])
            ],
            axis=1,
        ),
    ),
    "depthwise_conv_2d_nhwc_hwc_q": (
        f"linalg.depthwise_conv_2d_nhwc_hwc_q {_CONV_ATTRS}",
        [(1, 7, 7, 3), (2, 2, 3), (1, 3, 5, 3)],
        ("i8", "i8", "i32"),
        lambda x, w, y: _depthwise_hwcm(x - A_ZP, (w - B_ZP)[..., None], y[..., None])[
            ..., 0
        ],
    ),
    "depthwise_conv_2d_nhwc_hwc_default_steps": (
        "linalg.depthwise_conv_2d_nhwc_hwc",
        [(1, 5, 6, 3), (2, 2, 3), (1, 4, 5, 3)],
        ("f32", "f32", "f32"),
        lambda x, w, y: _depthwise_hwcm(
            x, w[..., None], y[..., None], stride=(1, 1), dilation=(1, 1)
        )[..., 0],
    ),
    "depthwise_conv_2d_nhwc_hwcm": (
        f"linalg.depthwise_conv_2d_nhwc_hwcm {_CONV_ATTRS}",
        [(1, 7, 7, 3), (2, 2, 3, 2), (1, 3, 5, 3, 2)],
        ("f32", "f32", "f32"),
        _depthwise_hwcm,
    ),
    "pooling_nchw_max_f16": (
        f"linalg.pooling_nchw_max {_CONV_ATTRS}",
        [(2, 3, 7, 7), (2, 3), (2, 3, 3, 3)],
        ("f16", "f32", "f32"),
        _pool(np.maximum, (2, 3)),
    ),
    "pooling_nhwc_sum": (
        f"linalg.pooling_nhwc_sum {_CONV_ATTRS}",
        [(2, 7, 7, 3), (2, 3), (2, 3, 3, 3)],
        ("f32", "f32", "f32"),
        _pool(np.add, (1, 2)),
    ),
    "pooling_nhwc_min_i8": (
        "linalg.pooling_nhwc_min",
        [(1, 5, 6, 3), (2, 2), (1, 4, 5, 3)],
        ("i8", "i8", "i32"),
        _pool(np.minimum, (1, 2), stride=(1, 1), dilation=(1, 1)),
    ),
    "pooling_ncw_max": (
        _CONV_1D_ATTRS.join(("linalg.pooling_ncw_max ", "")),
        [(2, 3, 9), (3,), (2, 3, 4)],
        ("f32", "f32", "f32"),
        _pool(np.maximum, (2,), stride=(2,), dilation=(1,)),
    ),
    "pooling_nwc_sum_f16": (
        "linalg.pooling_nwc_sum",
        [(2, 9, 3), (3,), (2, 7, 3)],
        ("f16", "f16", "f16"),
        _pool(lambda y, x: (y + x).astype(np.float16), (1,), (1,), (1,)),
    ),
    "conv_1d_ncw_fcw_f16": (
        _CONV_1D_ATTRS.join(("linalg.conv_1d_ncw_fcw ", "")),
        [(2, 3, 9), (4, 3, 3), (2, 4, 4)],
        ("f16", "f16", "f32"),
        _conv_1d_ncw_fcw,
    ),
    "conv_1d_nwc_wcf": (
        "linalg.conv_1d_nwc_wcf",
        [(2, 9, 3), (3, 3, 4), (2, 7, 4)],
        ("f32", "f32", "f32"),
        lambda x, w, y: _conv_1d_ncw_fcw(
            x.transpose(0, 2, 1), w.transpose(2, 1, 0), y.transpose(0, 2, 1), stride=1
        ).transpose(0, 2, 1),
    ),
    "depthwise_conv_1d_ncw_cw": (
        "linalg.depthwise_conv_1d_ncw_cw",
        [(2, 3, 9), (3, 3), (2, 3, 7)],
        ("f32", "f32", "f32"),
        lambda x, w, y: (
            y
            + sum(
                part * w[None, :, t, None]
                for (t,), part in _spatial_taps(x, y, w.shape[1:], (2,), (1,), (1,))
            )
        ),
    ),
    "depthwise_conv_2d_nhwc_hwcm_q": (
        f"linalg.depthwise_conv_2d_nhwc_hwcm_q {_CONV_ATTRS}",
        [(1, 7, 7, 3), (2, 2, 3, 2), (1, 3, 5, 3, 2)],
        ("i8", "i8", "i32"),
        lambda x, w, y: _depthwise_hwcm(x - A_ZP, w - B_ZP, y),
    ),
}


def _memref(shape, t) -> str:
    return f"memref<{'x'.join(map(str, shape))}x{t}>"


def source(name: str) -> str:
    """`@f(%a, %b, %c)` applying the case's op; zero points are constants."""
    op, shapes, types, _ = CASES[name]
    a, b, c = (_memref(s, t) for s, t in zip(shapes, types, strict=True))
    quantized = op.split()[0].endswith("_q") or "quantized" in op
    zero_points = (
        f"  %azp = arith.constant {A_ZP} : i32\n  %bzp = arith.constant {B_ZP} : i32\n"
        if quantized
        else ""
    )
    ins = (
        "%a, %b, %azp, %bzp : " + f"{a}, {b}, i32, i32"
        if quantized
        else f"%a, %b : {a}, {b}"
    )
    return (
        f"func.func @f(%a: {a}, %b: {b}, %c: {c}) {{\n{zero_points}"
        f"  {op} ins({ins}) outs(%c : {c})\n  func.return\n}}\n"
    )


def _operands_and_want(name: str, seed: int = 0):
    _, shapes, types, reference = CASES[name]
    arrays = random_operands(zip(shapes, types, strict=True), seed)
    wide = {"i32": np.int64, "f16": np.float32}.get(types[-1], np.float64)
    want = reference(*(x.astype(wide) for x in arrays))
    return arrays, want, types[-1]


def _check(got, want, acc: str) -> None:
    if acc in ("i32", "f16"):
        # Exact: MLIR's i32 arithmetic wraps (these sums stay in range); the
        # f16 reference rounds every step as the body does.
        np.testing.assert_array_equal(got, want.astype(got.dtype))
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", list(CASES))
def test_interpreter_and_loop_kernel_agree_with_numpy(name):
    arrays, want, acc = _operands_and_want(name)
    program = parse(source(name))
    _check(interpreted(program, "f", arrays)[2], want, acc)
    module = lowered(source(name), "lower-to-coopmat")
    assert "linalg." not in str(module)
    _check(interpreted(module, "f", arrays)[2], want, acc)


@pytest.mark.parametrize(
    "name",
    [
        "matvec",
        "quantized_matmul",
        "conv_2d_nhwc_hwcf_q",
        "depthwise_conv_2d_nhwc_hwcm",
        "pooling_nchw_max_f16",
        "conv_1d_ncw_fcw_f16",
    ],
)
def test_one_case_per_family_runs_on_lavapipe(name):
    require_vulkan()
    arrays, want, acc = _operands_and_want(name, seed=1)
    module = lowered(source(name), "lower-to-coopmat{target=lavapipe},coopmat-to-simt")
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        run_host_function(module, "f", {kernel.name: kernel}, arrays, gpu)
    _check(arrays[2], want, acc)
