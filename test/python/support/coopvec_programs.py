"""Programs and devices of the skinny-coopvec tests: nn.Linear products
and a queried device with VK_NV_cooperative_vector."""

from __future__ import annotations


def linear(m: int, n: int, k: int, elem: str = "f16", out: str = "f32") -> str:
    """@linear(x [M, K], W [N, K], y [M, N]): y = x W^T (nn.Linear)."""
    x, w, y = (
        f"memref<{m}x{k}x{elem}>",
        f"memref<{n}x{k}x{elem}>",
        f"memref<{m}x{n}x{out}>",
    )
    return (
        f"func.func @linear(%x: {x}, %w: {w}, %y: {y}) {{\n"
        f"  %z = arith.constant 0.0 : {out}\n"
        f"  linalg.fill ins(%z : {out}) outs(%y : {y})\n"
        "  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
        "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]\n"
        f"    ins(%x, %w : {x}, {w}) outs(%y : {y})\n  func.return\n}}\n"
    )


def matvec(n: int, k: int) -> str:
    """@linear(x [K], A [N, K], y [N]): y += A x (linalg.matvec), f16."""
    x, a, y = f"memref<{k}xf16>", f"memref<{n}x{k}xf16>", f"memref<{n}xf16>"
    return (
        f"func.func @linear(%x: {x}, %a: {a}, %y: {y}) {{\n"
        f"  linalg.matvec ins(%a, %x : {a}, {x}) outs(%y : {y})\n  func.return\n}}\n"
    )


def coopvec_device(max_components: int, results: tuple[str, ...]):
    """A queried device (coopmlir.runtime.device_target) with VK_NV_cooperative_vector
    whose product list gives f16 x f16 into `results`."""
    from coopmlir.runtime.cooperative_vector import (
        CooperativeVectorLimits,
        VectorProduct,
    )
    from coopmlir.runtime.device_target import target_from_report
    from coopmlir.runtime.vulkan_device import DeviceReport

    products = tuple(
        VectorProduct("f16", "f16", "f16", "f16", r, False) for r in results
    ) + (VectorProduct("f32", "f8e4m3", "f8e4m3", "f16", "f32", True),)
    report = DeviceReport(
        0, "NVIDIA H200", "1.4.0", 0, 32, 32, 32, 49152, 1024, 1.0,
        (65535, 65535, 65535), {"cooperativeVector": True},
        {"VK_NV_cooperative_vector"}, [],
        cooperative_vector=CooperativeVectorLimits(
            max_components, 0x20, True, True, products
        ),
    )  # fmt: skip
    return target_from_report(report)
