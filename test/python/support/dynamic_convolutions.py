"""Convolutions with a dynamic batch and image at L0, their cases and operands,
and the SIMT run on lavapipe at several run-time sizes."""

from __future__ import annotations

from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate
from support.convolution_programs import check, random_operands, reference
from support.lowering import lowered
from support.vulkan_device import require_vulkan


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


def case_id(case) -> str:
    dims, _, c, f, k, s, d, layout, a, acc = case
    return (
        f"{dims}-{c}-{f}-{k[0]}x{k[1]}-s{s[0]}{s[1]}-d{d[0]}{d[1]}-{layout}-{a}-{acc}"
    )


#: Plan for small M: the tests' sizes, and small kernels to interpret.
SMALL = "size-hint=64x16x16"


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
