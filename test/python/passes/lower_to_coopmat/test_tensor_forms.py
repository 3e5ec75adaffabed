"""The tensor forms a frontend writes, through bufferize-matmul into the
kernels the memref forms get: dynamic-size matmuls on `tensor<?x?xT>`
(sizes from `tensor.dim`, `tensor.empty(%d0, %d1)`, with a fill or
accumulating into an argument) and convolutions on tensors (zero padding
as `tensor.pad`). The L0 tensor program, its bufferized form, the L1 kernel
and its SIMT lowering (L2) on the interpreter, and the SIMT kernel on
lavapipe, are compared with numpy; every emitted module passes spirv-val."""

from __future__ import annotations

import numpy as np
import pytest
from support.convolution_programs import check as check_conv
from support.convolution_programs import operands as conv_operands
from support.convolution_programs import reference as conv_reference
from support.dynamic_matmuls import CONFIGS
from support.dynamic_matmuls import check as check_matmul
from support.dynamic_matmuls import operands as matmul_operands
from support.lowering import lowered
from support.tensor_programs import DYNAMIC_CONV, dynamic_source
from support.vulkan_device import require_vulkan
from xdsl.context import Context

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

SIZES = [(1, 1, 1), (33, 17, 45)]

# --------------------------------------------------------------------------
# Dynamic-size matmuls on tensors
# --------------------------------------------------------------------------


def dynamic_case(form: str, fill: bool, m: int, n: int, k: int, seed: int = 0):
    """(L0 arguments, memref-form arguments, index of the result among
    them, float64 result)."""
    (a, b, c), want = matmul_operands(form, m, n, k, seed)
    if not fill:
        return [a, b, c], [a, b, c.copy()], want
    return [a, b], [a, b, np.zeros_like(c)], want - c.astype(np.float64)


FORMS = [(form, fill) for form in ("matmul", "ab", "batch") for fill in (True, False)]


def _form_id(case) -> str:
    form, fill = case
    return f"{form}-{'fill' if fill else 'acc'}"


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: f"s{o['stages']}")
@pytest.mark.parametrize("case", FORMS, ids=_form_id)
def test_dynamic_tensor_levels_agree_with_numpy(case, options):
    """L0 (tensors), bufferized, L1 and L2 at each run-time size."""
    form, fill = case
    source = dynamic_source(form, fill)
    text = " ".join(f"{key}={value}" for key, value in options.items())
    spec = f"lower-to-coopmat{{{text}}}"
    levels = {
        "bufferized": lowered(source, "bufferize-matmul"),
        "L1": lowered(source, spec),
        "L2": lowered(source, f"{spec},coopmat-to-simt"),
    }
    assert "tensor" not in str(levels["L1"])
    l0 = parse_module(source)
    for m, n, k in SIZES:
        tensors, buffers, want = dynamic_case(form, fill, m, n, k)
        (result,) = run_function(l0, "matmul", tensors)
        check_matmul(result, want, k, f"L0 at {m}x{n}x{k}")
        for level, module in levels.items():
            args = [x.copy() for x in buffers]
            run_function(module, "matmul", args)
            check_matmul(args[2], want, k, f"{level} at {m}x{n}x{k}")


@pytest.mark.parametrize("target", ["generic", "h100-vulkan"])
def test_dynamic_tensor_coopmat_kernels_validate(target):
    for form, fill in FORMS:
        module = lowered(
            dynamic_source(form, fill), f"lower-to-coopmat{{target={target}}}"
        )
        (kernel,) = compile_kernels(module, coopmat="khr")
        validate(kernel.spirv)
        assert kernel.push_constant_sizes  # the sizes come at run time


#: One output kind per form on lavapipe (slow on a CPU): both kinds, every form.
VULKAN_FORMS = [("matmul", True), ("ab", False), ("batch", True)]


@pytest.mark.parametrize("case", VULKAN_FORMS, ids=_form_id)
def test_dynamic_tensor_simt_runs_on_vulkan(case):
    """The device runs the bufferized form: one SPIR-V module, every size."""
    require_vulkan()
    from coopmlir.runtime.launch import (
        compile_for_device,
        device_needs,
        run_host_function,
    )
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    form, fill = case
    target = resolve_target("lavapipe", Context())
    module = parse_module(dynamic_source(form, fill))
    # A small tile: lavapipe's own choice (32x32x32) unrolls to 1.9 MB of
    # SIMT SPIR-V; the bufferized form is what this test is about.
    options = "tile=16x16x16 subgroups=1x1 stages=2"
    kernel_level, kernels = compile_for_device(module, target, options)
    for kernel in kernels.values():
        validate(kernel.spirv)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        for m, n, k in SIZES:
            _, buffers, want = dynamic_case(form, fill, m, n, k, seed=1)
            run_host_function(kernel_level, "matmul", kernels, buffers, gpu)
            check_matmul(buffers[2], want, k, f"lavapipe at {m}x{n}x{k}")


# --------------------------------------------------------------------------
# Convolutions on tensors
# --------------------------------------------------------------------------

# (N, H, W, C, F, (KH, KW), strides, dilations, padding, layout, a, acc, fill)
CONV_CASES = [
    (2, 7, 5, 16, 24, (3, 3), (1, 1), (1, 1), 1, "hwcf", "f16", "f32", True),
    (1, 9, 9, 8, 16, (3, 3), (2, 2), (1, 1), 1, "fhwc", "f16", "f32", False),
    (1, 9, 8, 8, 8, (3, 2), (1, 2), (2, 1), 2, "hwcf", "f16", "f16", True),
    (2, 5, 5, 32, 16, (1, 1), (1, 1), (1, 1), 0, "fhwc", "f16", "f32", False),
    (1, 5, 6, 12, 20, (3, 3), (1, 1), (1, 1), 1, "hwcf", "i8", "i32", True),
]


def _conv_id(case) -> str:
    n, h, w, c, f, k, s, d, p, layout, a, acc, fill = case
    init = "fill" if fill else "acc"
    return f"{n}x{h}x{w}x{c}-{f}-{k[0]}x{k[1]}-s{s[0]}-p{p}-{layout}-{a}-{acc}-{init}"


def conv_tensor_source(case) -> str:
    """@conv on tensors: padding as `tensor.pad` of zero; with `fill`, the
    output is a zero-filled `tensor.empty` (returned: an out-param), else
    the convolution accumulates into argument %y."""
    n, h, w, c, f, (kh, kw), s, d, p, layout, a, acc, fill = case
    oh = (h + 2 * p - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (w + 2 * p - d[1] * (kw - 1) - 1) // s[1] + 1
    x_t = f"tensor<{n}x{h}x{w}x{c}x{a}>"
    w_shape = f"{kh}x{kw}x{c}x{f}" if layout == "hwcf" else f"{f}x{kh}x{kw}x{c}"
    w_t = f"tensor<{w_shape}x{a}>"
    y_t = f"tensor<{n}x{oh}x{ow}x{f}x{acc}>"
    zero = {"f32": "0.0", "f16": "0.0", "i32": "0", "i8": "0"}
    lines = [
        f"func.func @conv(%x: {x_t}, %w: {w_t}"
        + ("" if fill else f", %y: {y_t}")
        + f") -> {y_t} {{"
    ]
    source, source_t = "%x", x_t
    if p:
        source_t = f"tensor<{n}x{h + 2 * p}x{w + 2 * p}x{c}x{a}>"
        lines += [
            f"  %pad_value = arith.constant {zero[a]} : {a}",
            f"  %p = tensor.pad %x low[0, {p}, {p}, 0] high[0, {p}, {p}, 0] {{",
            "  ^bb0(%i: index, %j: index, %k: index, %l: index):",
            f"    tensor.yield %pad_value : {a}",
            f"  }} : {x_t} to {source_t}",
        ]
        source = "%p"
    init = "%y"
    if fill:
        lines += [
            f"  %zero = arith.constant {zero[acc]} : {acc}",
            f"  %e = tensor.empty() : {y_t}",
            f"  %f = linalg.fill ins(%zero : {acc}) outs(%e : {y_t}) -> {y_t}",
        ]
        init = "%f"
    attrs = (
        f"{{dilations = dense<[{d[0]}, {d[1]}]> : tensor<2xi64>, "
        f"strides = dense<[{s[0]}, {s[1]}]> : tensor<2xi64>}}"
    )
    lines += [
        f"  %r = linalg.conv_2d_nhwc_{layout} {attrs} ins({source}, %w : "
        f"{source_t}, {w_t}) outs({init} : {y_t}) -> {y_t}",
        f"  func.return %r : {y_t}",
        "}",
    ]
    return "\n".join(lines) + "\n"


def conv_case(case, seed=0):
    """(L0 arguments, memref-form arguments, float64 / int64 result)."""
    memref_case, fill = case[:-1], case[-1]
    x, w, y = conv_operands(memref_case, seed)
    if fill:
        y = np.zeros_like(y)
        return [x, w], [x, w, y], conv_reference(memref_case, x, w, y)
    return [x, w, y], [x, w, y.copy()], conv_reference(memref_case, x, w, y)


@pytest.mark.parametrize("case", CONV_CASES, ids=_conv_id)
def test_conv_tensor_levels_agree_with_numpy(case):
    """L0 (tensors), bufferized, L1 (stages 1 and 2) and L2 against numpy;
    the padded buffer is gone from the kernel level (read in place)."""
    source = conv_tensor_source(case)
    memref_case = case[:-1]
    tensors, buffers, want = conv_case(case)
    (result,) = run_function(parse_module(source), "conv", tensors)
    check_conv(memref_case, result, want)
    pipelines = ["bufferize-matmul"]
    for stages in (1, 2):
        spec = f"lower-to-coopmat{{target=lavapipe stages={stages}}}"
        pipelines += [spec, f"{spec},coopmat-to-simt"]
    for pipeline in pipelines:
        module = lowered(source, pipeline)
        if pipeline != "bufferize-matmul":
            text = str(module)
            assert "linalg." not in text and "memref.alloc()" not in text
        args = [x.copy() for x in buffers]
        run_function(module, "conv", args)
        check_conv(memref_case, args[2], want)


# Both output kinds, padded; the kernels are those of the memref form, which
# test_lower_to_coopmat_convolution runs on lavapipe for every case.
@pytest.mark.parametrize("case", CONV_CASES[:2], ids=_conv_id)
def test_conv_tensor_simt_runs_on_vulkan(case):
    require_vulkan()
    from coopmlir.runtime.launch import run_host_function
    from coopmlir.runtime.vulkan import VulkanDevice

    _, buffers, want = conv_case(case, seed=1)
    module = lowered(
        conv_tensor_source(case), "lower-to-coopmat{target=lavapipe},coopmat-to-simt"
    )
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu:
        run_host_function(module, "conv", {kernel.name: kernel}, buffers, gpu)
    check_conv(case[:-1], buffers[2], want)


@pytest.mark.parametrize(
    "case", [c for c in CONV_CASES if c[10] in ("f16", "i8")], ids=_conv_id
)
def test_conv_tensor_khr_kernels_validate(case):
    module = lowered(
        conv_tensor_source(case), "lower-to-coopmat{target=h100-vulkan stages=2}"
    )
    (kernel,) = compile_kernels(module, coopmat="khr")
    validate(kernel.spirv)
    assert "CooperativeMatrixKHR" in kernel.capabilities


# --------------------------------------------------------------------------
# Convolutions on tensors with a dynamic batch and image
# --------------------------------------------------------------------------


def _conv3x3(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """NHWC x HWCF, stride 1, no padding, in f64."""
    n, h, wd, _ = x.shape
    out = np.zeros((n, h - 2, wd - 2, w.shape[3]))
    for i in range(3):
        for j in range(3):
            patch = x[:, i : i + h - 2, j : j + wd - 2, :].astype(np.float64)
            out += np.einsum("nhwc,cf->nhwf", patch, w[i, j].astype(np.float64))
    return out


@pytest.mark.parametrize("shape", [(1, 3, 3), (2, 7, 9), (3, 5, 11)])
def test_dynamic_conv_tensor_levels_agree_with_numpy(shape):
    """L0 (tensors, sizes from tensor.dim), bufferized, L1 and L2 of a conv
    with a run-time batch and image against numpy, at several sizes with one
    module each."""
    rng = np.random.default_rng(sum(shape))
    x = rng.standard_normal((*shape, 16)).astype(np.float16)
    w = rng.standard_normal((3, 3, 16, 8)).astype(np.float16)
    want = _conv3x3(x, w)
    bound = 1e-5 * (_conv3x3(np.abs(x), np.abs(w)) + 1)
    (result,) = run_function(parse_module(DYNAMIC_CONV), "conv", [x, w])
    assert np.all(np.abs(result - want) <= bound)
    spec = "lower-to-coopmat{target=lavapipe size-hint=64x16x16}"
    for pipeline in ("bufferize-matmul", spec, f"{spec},coopmat-to-simt"):
        module = lowered(DYNAMIC_CONV, pipeline)
        out = np.full(want.shape, 7.0, np.float32)
        run_function(module, "conv", [x, w, out])
        assert np.all(np.abs(out - want) <= bound), pipeline
