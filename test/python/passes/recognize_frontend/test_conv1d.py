"""conv1d.py (Conv1dAsConv2d) against numpy: a strided, dilated f16
`conv_1d_ncw_fcw` into f32, written from the op's definition, matches the
1-D program on the interpreter, its 2-D form (recognize-frontend, tensors)
and the lowered kernels (h100-vulkan: an implicit GEMM on cooperative
matrices) on random data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from support.lowering import interpreted, lowered_by, parse, returned

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.recognize_frontend import RecognizeFrontend

LIT = Path(__file__).parents[3] / "passes" / "recognize-frontend-conv1d.mlir"
SOURCE = LIT.read_text().split("// -----")[0]


def _numpy(x, w, b, stride=2, dilation=2):
    """y[n, f, o] = b[n, f, o] + sum_c,k x[n, c, o*stride + k*dilation] w[f, c, k]."""
    out = b.shape[2]
    y = b.astype(np.float64)
    for k in range(w.shape[2]):
        start = k * dilation
        part = x[:, :, start : start + (out - 1) * stride + 1 : stride]
        y += np.einsum("ncw,fc->nfw", part.astype(np.float64), w[:, :, k])
    return y


def _arguments(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [
        rng.uniform(-1, 1, (2, 8, 40)).astype(np.float16),
        rng.uniform(-1, 1, (16, 8, 5)).astype(np.float16),
        rng.uniform(-1, 1, (2, 16, 16)).astype(np.float32),
    ]


def test_two_dimensional_form_and_kernels_match_numpy():
    args = _arguments(3)
    want = _numpy(*args)
    (program,) = returned(parse(SOURCE), "conv1d", args)
    np.testing.assert_allclose(program, want, rtol=1e-5, atol=1e-5)
    two_d = lowered_by(SOURCE, RecognizeFrontend(bufferize=False))
    assert "linalg.conv_2d_nchw_fchw" in str(two_d)
    assert "conv_1d" not in str(two_d)
    (got,) = returned(two_d, "conv1d", args)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    kernels = lowered_by(SOURCE, LowerToCoopmat(target="h100-vulkan"))
    assert "coopmat.mul_add" in str(kernels)
    out = np.zeros((2, 16, 16), np.float32)
    (*_, lowered_out) = interpreted(kernels, "conv1d", [*args, out])
    np.testing.assert_allclose(lowered_out, want, rtol=1e-5, atol=1e-5)
