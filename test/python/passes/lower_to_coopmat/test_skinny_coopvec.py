"""lower-to-coopmat skinny-coopvec=true: skinny products through
coopmat.matvec (VK_NV_cooperative_vector), interpreted against numpy,
compiled for the H100 (spirv-val) and refused, located, elsewhere."""

from __future__ import annotations

import numpy as np
import pytest
from support.coopvec_programs import coopvec_device, linear, matvec
from support.lowering import lowered_by, output_of, parse
from xdsl.dialects import gpu

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.coopmat_matvec import MatvecValueOp
from coopmlir.dialects.registry import make_context
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


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
    assert [op.shape for op in kernel.walk() if isinstance(op, MatvecValueOp)] == [
        (16, k)
    ]
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


def test_k_off_the_16_byte_row_stride_is_a_located_error():
    """Row-major matrices need a 16-byte aligned row stride (2K bytes)."""
    with pytest.raises(CompileError, match=r":\d+:\d+: error: .*K a multiple of 8"):
        _lowered(linear(1, 64, 36))


def _lowered_on(device, text: str):
    module = parse(text)
    LowerToCoopmat(target="vulkan", skinny_coopvec=True).apply(
        make_context(lambda name: device), module
    )
    return module


def test_a_device_taking_k_and_the_types_gets_the_kernel():
    module = _lowered_on(coopvec_device(4096, ("f16", "f32")), linear(16, 64, 4096))
    assert [op.shape for op in module.walk() if isinstance(op, MatvecValueOp)] == [
        (16, 4096)
    ]


def test_k_above_the_devices_components_is_taken_in_chunks():
    """maxCooperativeVectorComponents = 128 < K: chunks of 128, not an error
    (test_skinny_coopvec_chunks.py runs them)."""
    module = _lowered_on(coopvec_device(128, ("f16", "f32")), linear(1, 64, 4096))
    assert {op.shape for op in module.walk() if isinstance(op, MatvecValueOp)} == {
        (16, 128)
    }


def test_a_device_listing_neither_f16_product_is_a_located_error():
    """The device lists only an f8 product: neither f16*f16->f32 nor
    f16*f16->f16 (one of them is enough: test_skinny_coopvec_f16.py)."""
    with pytest.raises(
        CompileError,
        match=r":\d+:\d+: error: .*needs cooperative-vector products f16 as "
        r"f16\*f16->f32 or f16 as f16\*f16->f16, which target 'vulkan:0', "
        r"NVIDIA H200 .*, lists neither of \(it lists: "
        r"f32 as f8e4m3\*f8e4m3->f32\)",
    ):
        _lowered_on(coopvec_device(4096, ()), linear(1, 64, 64, "f16", "f32"))


@pytest.mark.parametrize("out", ["f16", "f32"])
def test_a_queried_device_listing_only_f16_results_gets_f16_chunks(out):
    """The H200's driver lists "f16 as f16*f16+f16->f16" only: through the
    runtime's report, each chunk's product is f16 (summed in f32:
    test_skinny_coopvec_f16.py), for an f32 output too."""
    module = _lowered_on(coopvec_device(512, ("f16",)), linear(1, 64, 4096, "f16", out))
    assert {
        (op.shape, str(op.result.type))
        for op in module.walk()
        if isinstance(op, MatvecValueOp)
    } == {((16, 512), "vector<16xf16>")}
    for kernel in compile_kernels(module):
        validate(kernel.spirv)
