"""skinny-coopvec=true on a device that lists only the f16*f16->f16
cooperative-vector product (the H200's driver): each chunk's product is a
vector<16xf16>, widened and summed over the chunks in f32, rounded once to
the output (f16 or f32). Interpreted against a numpy model of that
rounding and against the exact product within the error the model allows;
every kernel through spirv-val."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from support.coopvec_programs import linear
from support.lowering import output_of, parse
from xdsl.dialects import arith

from coopmlir.dialects.coopmat_matvec import MatvecValueOp
from coopmlir.dialects.registry import make_context
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import disassemble, validate
from coopmlir.targets import get_target

#: h100-vulkan as the H200's driver reports it: f16 results only, 512
#: components.
F16_ONLY = dataclasses.replace(
    get_target("h100-vulkan"),
    cooperative_vector_products=(("f16", "f16", "f16", "f16"),),
    cooperative_vector_components=512,
)


def _lowered(text: str, target=F16_ONLY, **options):
    module = parse(text)
    LowerToCoopmat(target="vulkan", skinny_coopvec=True, **options).apply(
        make_context(lambda name: target), module
    )
    return module


def f16_chunks_reference(x, w, chunk: int, dtype) -> np.ndarray:
    """Each chunk's exact dot product rounded to f16, the chunks summed in
    f32 in order, the sum rounded to `dtype`."""
    total = np.zeros((x.shape[0], w.shape[0]), np.float32)
    for k0 in range(0, x.shape[1], chunk):
        part = x[:, k0 : k0 + chunk].astype(np.float64)
        part = part @ w[:, k0 : k0 + chunk].astype(np.float64).T
        total = total + part.astype(np.float16).astype(np.float32)
    return total.astype(dtype)


def error_bound(x, w, chunk: int, dtype) -> np.ndarray:
    """What the model allows against the exact product: half an f16 ulp
    (2^-11 relative, 2^-25 absolute below f16's normals) per chunk's sum,
    an f32 rounding per add of the chunks, and the output's rounding."""
    sums = [
        np.abs(
            x[:, k0 : k0 + chunk].astype(np.float64)
            @ w[:, k0 : k0 + chunk].astype(np.float64).T
        )
        for k0 in range(0, x.shape[1], chunk)
    ]
    chunks = np.sum(sums, axis=0)
    exact = x.astype(np.float64) @ w.astype(np.float64).T
    out_eps = 2.0**-11 if dtype == np.float16 else 2.0**-24
    return (
        chunks * (2.0**-11 + len(sums) * 2.0**-24)
        + len(sums) * 2.0**-25
        + np.abs(exact) * out_eps * 1.01
    )


def _validated(module) -> list[str]:
    """spirv-val on every kernel; their disassembly."""
    texts = []
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(module, coopmat=coopmat):
            validate(kernel.spirv)
            texts.append(disassemble(kernel.spirv))
    return texts


@pytest.mark.parametrize(
    "m, n, k, out, chunk",
    [
        (3, 32, 1024, "f32", 128),
        (2, 16, 2048, "f16", None),  # the device's 512
        (16, 32, 256, "f16", 64),
        (4, 16, 96, "f32", None),  # K fits: one product, no loop
    ],
)
def test_f16_chunk_products_summed_in_f32(m, n, k, out, chunk):
    rng = np.random.default_rng(m * n + k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.uniform(-1, 1, (n, k)).astype(np.float16)
    y = np.full((m, n), 7, np.float32 if out == "f32" else np.float16)
    module = _lowered(linear(m, n, k, "f16", out), coopvec_chunk=chunk)
    size = chunk or min(k, 512)
    products = [op for op in module.walk() if isinstance(op, MatvecValueOp)]
    assert {(op.shape, str(op.result.type)) for op in products} == {
        ((16, size), "vector<16xf16>")
    }
    widened = [op for op in module.walk() if isinstance(op, arith.ExtFOp)]
    assert len(widened) == len(products) == (1 if size == k else 2)
    got = output_of(module, "linear", [x, w, y])
    np.testing.assert_array_equal(got, f16_chunks_reference(x, w, size, y.dtype))
    exact = x.astype(np.float64) @ w.astype(np.float64).T
    assert np.all(np.abs(got - exact) <= error_bound(x, w, size, y.dtype))
    for text in _validated(module):
        assert "OpCooperativeVectorMatrixMulNV" in text


def test_the_spirv_product_is_an_f16_cooperative_vector():
    """The driver is asked for f16 results: the product's type is a
    cooperative vector of 16 halves, widened with OpFConvert."""
    module = _lowered(linear(1, 64, 1024, "f16", "f32"))
    for text in _validated(module):
        lines = text.splitlines()
        half = next(ln.split()[0] for ln in lines if "OpTypeFloat 16" in ln)
        vectors = {
            ln.split()[0]: ln.split()[-2:]
            for ln in lines
            if "OpTypeCooperativeVectorNV" in ln
        }
        products = [
            ln.split() for ln in lines if "OpCooperativeVectorMatrixMulNV" in ln
        ]
        assert products
        for words in products:
            component, _length = vectors[words[3]]
            assert component == half
        assert "OpFConvert" in text


def test_a_device_listing_f32_results_keeps_f32_products():
    """Where f16*f16->f32 is listed too, each chunk's product is f32 (no
    f16 rounding before the sum)."""
    both = dataclasses.replace(
        F16_ONLY,
        cooperative_vector_products=(
            ("f16", "f16", "f16", "f16"),
            ("f16", "f16", "f16", "f32"),
        ),
    )
    module = _lowered(linear(1, 64, 1024, "f16", "f16"), target=both)
    products = [op for op in module.walk() if isinstance(op, MatvecValueOp)]
    assert {str(op.result.type) for op in products} == {"vector<16xf32>"}
    assert not [op for op in module.walk() if isinstance(op, arith.ExtFOp)]
    _validated(module)
