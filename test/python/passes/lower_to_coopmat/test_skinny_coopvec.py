"""lower-to-coopmat skinny-coopvec=true: skinny products through
coopmat.matvec (VK_NV_cooperative_vector), interpreted against numpy,
compiled for the H100 (spirv-val) and refused, located, elsewhere."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import lowered_by, output_of
from xdsl.dialects import gpu

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.coopmat_matvec import MatvecOp
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


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


def _lowered(text: str):
    return lowered_by(text, LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True))


@pytest.mark.parametrize("m, n, k, out", [(1, 64, 40, "f32"), (16, 32, 24, "f16")])
def test_products_match_numpy(m, n, k, out):
    rng = np.random.default_rng(m + n + k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.uniform(-1, 1, (n, k)).astype(np.float16)
    y = np.zeros((m, n), np.float32 if out == "f32" else np.float16)
    module = _lowered(linear(m, n, k, "f16", out))
    (kernel,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assert [op.shape for op in kernel.walk() if isinstance(op, MatvecOp)] == [(16, k)]
    want = x.astype(np.float64) @ w.astype(np.float64).T
    got = output_of(module, "linear", [x, w, y])
    np.testing.assert_array_equal(got, want.astype(y.dtype))


def test_a_product_adding_to_its_output_is_refused():
    """linalg.matvec adds to y (no fill): the kernel would overwrite it."""
    with pytest.raises(CompileError, match=r":\d+:\d+: error: .*into a zero fill"):
        _lowered(matvec(32, 16))


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_h100_kernel_validates_and_asks_for_cooperative_vectors(coopmat):
    module = _lowered(linear(16, 4096, 4096, "f16", "f32"))
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)
    assert "cooperativeVector" in kernel.features
    assert "VK_NV_cooperative_vector" in kernel.extensions


def test_a_target_without_cooperative_vectors_is_a_located_error():
    with pytest.raises(
        CompileError,
        match=r":\d+:\d+: error: .*skinny-coopvec=true needs "
        r"VK_NV_cooperative_vector, which target 'lavapipe' does not have",
    ):
        lowered_by(
            linear(1, 64, 32), LowerToCoopmat(target="lavapipe", skinny_coopvec=True)
        )


def test_what_it_does_not_take_is_a_located_error():
    with pytest.raises(CompileError, match=r":\d+:\d+: error: .*N a multiple of 16"):
        lowered_by(
            linear(1, 40, 32), LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True)
        )
    with pytest.raises(CompileError, match=r"error: .*takes f16 activations"):
        lowered_by(
            linear(1, 64, 32, "f32"),
            LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True),
        )
