"""Matmuls with every size dynamic at L0 (matmul, transposed, batch), their
operands and numpy's result, lowered at L1/L2, and the run on lavapipe."""

from __future__ import annotations

import numpy as np
from xdsl.context import Context

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.spirv.tools import validate
from support.error_model import F32_ROUNDOFF, assert_close, sum_tolerance
from support.lowering import lowered_by, parse
from support.vulkan_device import require_vulkan


def source(form: str) -> str:
    """@matmul on f16 x f16 -> f32 with every size dynamic: `form` is
    "matmul", "ab" (A and B stored transposed, MLIR's indexing_maps) or
    "batch" (linalg.batch_matmul)."""
    if form == "batch":
        t = "memref<?x?x?xf16>"
        c = "memref<?x?x?xf32>"
        op = f"linalg.batch_matmul ins(%A, %B : {t}, {t}) outs(%C : {c})"
        return f"func.func @matmul(%A: {t}, %B: {t}, %C: {c}) {{\n  {op}\n  func.return\n}}\n"
    t, c = "memref<?x?xf16>", "memref<?x?xf32>"
    maps = ""
    if form == "ab":
        maps = (
            "indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, "
            "affine_map<(d0, d1, d2) -> (d1, d2)>, "
            "affine_map<(d0, d1, d2) -> (d0, d1)>] "
        )
    op = f"linalg.matmul {maps}ins(%A, %B : {t}, {t}) outs(%C : {c})"
    return (
        f"func.func @matmul(%A: {t}, %B: {t}, %C: {c}) {{\n  {op}\n  func.return\n}}\n"
    )


def operands(form: str, m: int, n: int, k: int, seed: int = 0):
    """A, B, C and the float64 result numpy computes."""
    rng = np.random.default_rng(seed)
    lead = (3,) if form == "batch" else ()
    a_shape, b_shape = ((k, m), (n, k)) if form == "ab" else ((m, k), (k, n))
    a = rng.uniform(-1, 1, lead + a_shape).astype(np.float16)
    b = rng.uniform(-1, 1, lead + b_shape).astype(np.float16)
    c = rng.uniform(-1, 1, lead + (m, n)).astype(np.float32)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    if form == "ab":
        a64, b64 = a64.T, b64.T
    return [a, b, c], a64 @ b64 + c


def lowered(form: str, target: str, options: dict, simt: bool):
    passes = [LowerToCoopmat(target=target, **options)]
    return lowered_by(source(form), *passes, *([CoopmatToSimt()] if simt else []))


def check(got: np.ndarray, want: np.ndarray, k: int, what: str = "") -> None:
    # f32 sums of exact f16 products, |A|, |B|, |C| <= 1: (k + 2) f32 ulps of k + 1.
    assert_close(got, want, sum_tolerance(k + 2, F32_ROUNDOFF, k + 1, floor=0), what)


CONFIGS = [
    dict(tile="32x32x32", subgroups="2x1", stages=0),
    dict(tile="32x16x16", subgroups="1x1", stages=1),
    dict(tile="32x32x32", subgroups="2x1", stages=2),
]


def run_on_lavapipe(form: str, options: dict, sizes) -> tuple[dict, list]:
    """@matmul of `form` compiled for lavapipe with lower-to-coopmat's
    `options` (every kernel passes spirv-val) and run at each (M, N, K) of
    `sizes` against numpy: the kernels by name, and each run's timings."""
    require_vulkan()
    from coopmlir.runtime.launch import (
        compile_for_device,
        device_needs,
        run_host_function,
    )
    from coopmlir.runtime.vulkan import VulkanDevice
    from coopmlir.targets import resolve_target

    target = resolve_target("lavapipe", Context())
    text = " ".join(f"{k}={v}" for k, v in options.items())
    module = parse(source(form))
    kernel_level, kernels = compile_for_device(module, target, text)
    for kernel in kernels.values():
        validate(kernel.spirv)
    features, extensions = device_needs(kernels)
    timings = []
    with VulkanDevice(needs=features, extensions=extensions) as gpu:
        for m, n, k in sizes:
            inputs, want = operands(form, m, n, k)
            timings.append(
                run_host_function(kernel_level, "matmul", kernels, inputs, gpu)
            )
            check(inputs[2], want, k, f"{form} at {m}x{n}x{k}")
    return kernels, timings
