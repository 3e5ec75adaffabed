"""skinny-coopvec=true with K in chunks (`coopvec-chunk=`, default: the
device's maxCooperativeVectorComponents, 128 on built-in targets): each
chunk's product rounded to its result type, the chunks summed in f32, the
sum rounded once to the output's type; interpreted against a numpy model
of that rounding, every kernel through spirv-val, bad chunk sizes refused
at the product."""

from __future__ import annotations

import numpy as np
import pytest
from support.coopvec_programs import coopvec_device, linear
from support.lowering import lowered_by, output_of, parse
from xdsl.dialects import scf

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.coopmat_matvec import MatvecValueOp
from coopmlir.dialects.registry import make_context
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


def chunked_reference(x, w, chunk: int, result, dtype) -> np.ndarray:
    """x W^T with each chunk's product summed exactly and rounded to
    `result`, the chunks summed in f32, the sum rounded to `dtype`."""
    total = np.zeros((x.shape[0], w.shape[0]), np.float32)
    for k0 in range(0, x.shape[1], chunk):
        part = x[:, k0 : k0 + chunk].astype(np.float64)
        part = (part @ w[:, k0 : k0 + chunk].astype(np.float64).T).astype(result)
        total = total + part.astype(np.float32)
    return total.astype(dtype)


def _matvecs(module) -> list[tuple[tuple[int, int], str]]:
    """Each coopmat.matvec_value's shape and result element type."""
    return [
        (op.shape, str(op.result.type.get_element_type()))
        for op in module.walk()
        if isinstance(op, MatvecValueOp)
    ]


def _validated(module) -> None:
    for coopmat in ("khr", "nv2"):
        for kernel in compile_kernels(module, coopmat=coopmat):
            validate(kernel.spirv)


@pytest.mark.parametrize(
    "m, n, k, out, chunk, steps",
    [
        (1, 32, 512, "f32", 128, 4),
        (3, 48, 384, "f32", 96, 4),
        (16, 32, 256, "f16", 64, 4),
        (2, 16, 1024, "f16", None, 8),  # built-in target: chunks of 128
        (4, 16, 120, "f32", None, 1),  # K fits: one product, no loop
    ],
)
def test_chunks_match_numpy_and_validate(m, n, k, out, chunk, steps):
    """h100-vulkan does not list its products: each chunk's product is in
    the output's type (what it took before), summed in f32."""
    rng = np.random.default_rng(m * n + k)
    x = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    w = rng.uniform(-1, 1, (n, k)).astype(np.float16)
    y = np.full((m, n), 7, np.float32 if out == "f32" else np.float16)
    module = lowered_by(
        linear(m, n, k, "f16", out),
        LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True, coopvec_chunk=chunk),
    )
    size = chunk or min(k, 128)
    assert _matvecs(module) == [((16, size), out)] * (2 if steps > 1 else 1)
    loops = [op for op in module.walk() if isinstance(op, scf.ForOp)]
    trips = [
        (op.ub.owner.value.value.data - op.lb.owner.value.value.data)
        // op.step.owner.value.value.data
        for op in loops
    ]
    assert trips == ([steps - 1] if steps > 1 else [])
    got = output_of(module, "linear", [x, w, y])
    np.testing.assert_array_equal(got, chunked_reference(x, w, size, y.dtype, y.dtype))
    _validated(module)


def _on(device, text: str, **options):
    module = parse(text)
    LowerToCoopmat(target="vulkan", skinny_coopvec=True, **options).apply(
        make_context(lambda name: device), module
    )
    return module


@pytest.mark.parametrize("limit, chunk", [(1024, 1024), (4096, 4096), (128, 128)])
def test_the_default_chunk_is_the_devices_limit(limit, chunk):
    device = coopvec_device(limit, ("f16", "f32"))
    module = _on(device, linear(1, 64, 4096))
    assert _matvecs(module)[0] == ((16, chunk), "f32")
    _validated(module)


def test_the_default_chunk_divides_k():
    """K = 11008 = 2^8 * 43 on a limit of 1000: the largest multiple of 32
    dividing K within it is 256 (43 chunks; 688 divides K but is not a
    multiple of 32, 1376 is above the limit)."""
    module = _on(coopvec_device(1000, ("f16", "f32")), linear(1, 16, 11008))
    assert _matvecs(module) == [((16, 256), "f32")] * 2


def test_k_no_chunk_divides_is_a_located_error_unless_taken_whole():
    """K = 4104 = 8 * 513 above the 128 default: no multiple of 32 divides
    it; coopvec-chunk=4104 takes it whole (h100-vulkan does not know its
    limit)."""
    with pytest.raises(
        CompileError,
        match=r":\d+:\d+: error: .*takes K = 4104 in chunks of at most 128 "
        r"components \(target 'h100-vulkan'\), each a multiple of 32 \(64-byte "
        r"matrix offsets\), and none divides K",
    ):
        lowered_by(
            linear(1, 16, 4104),
            LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True),
        )
    module = lowered_by(
        linear(1, 16, 4104),
        LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True, coopvec_chunk=4104),
    )
    assert _matvecs(module) == [((16, 4104), "f32")]


@pytest.mark.parametrize("chunk", [100, 96, 16, 0, 1024])
def test_a_chunk_off_k_is_a_located_error(chunk):
    with pytest.raises(
        CompileError,
        match=rf":\d+:\d+: error: .*coopvec-chunk={chunk} must be K = 512 or "
        r"divide it and be a multiple of 32 \(a chunk's matrix offset must be "
        r"64-byte aligned\)",
    ):
        lowered_by(
            linear(1, 64, 512),
            LowerToCoopmat(
                target="h100-vulkan", skinny_coopvec=True, coopvec_chunk=chunk
            ),
        )


def test_a_built_in_target_takes_chunks_above_the_guaranteed_128():
    """h100-vulkan does not know maxCooperativeVectorComponents: 128 is only
    its default (the H200's driver reports its own limit, target=vulkan)."""
    module = lowered_by(
        linear(1, 64, 512),
        LowerToCoopmat(target="h100-vulkan", skinny_coopvec=True, coopvec_chunk=256),
    )
    assert _matvecs(module) == [((16, 256), "f32")] * 2
    _validated(module)


def test_a_chunk_above_the_devices_limit_is_a_located_error():
    device = coopvec_device(256, ("f16", "f32"))
    with pytest.raises(
        CompileError,
        match=r":\d+:\d+: error: .*coopvec-chunk=512 is above the 256 components "
        r"of target 'vulkan:0', NVIDIA H200 \(queried through Vulkan\) "
        r"\(maxCooperativeVectorComponents\)",
    ):
        _on(device, linear(1, 64, 4096), coopvec_chunk=512)
    assert _matvecs(_on(device, linear(1, 64, 4096), coopvec_chunk=256))[0] == (
        (16, 256),
        "f32",
    )


def test_a_chunk_without_skinny_coopvec_is_an_error():
    with pytest.raises(CompileError, match="coopvec-chunk= sizes the chunks"):
        lowered_by(linear(1, 64, 512), LowerToCoopmat(coopvec_chunk=128))
