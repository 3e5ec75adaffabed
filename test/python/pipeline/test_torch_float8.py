"""PyTorch modules with 8-bit float weights, exported by torch-mlir, through
the whole pipeline on the interpreter and lavapipe, compared with PyTorch's
own output. torch-mlir exports `w.to(torch.float16)` of an f8 tensor as a
`linalg.generic` of `arith.extf` f8 -> f16 feeding the product; a stored
weight is a `dense_resource` of one byte per element (folded to f16 at
compile time), a weight passed in is widened on the GPU by integer ops."""

from __future__ import annotations

import numpy as np
import pytest
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.elements import F8E4M3FN, F8E5M2, f8_bits, is_f8
from coopmlir.tools.torch_frontend import compile_and_check, export

DEVICES = ["interpreter", "vulkan"]


def _check(module, *inputs, device: str):
    if device == "vulkan":
        require_vulkan()
        return compile_and_check(module, *inputs, device="vulkan")
    return compile_and_check(module, *inputs, target="simt")


def _stored(torch, dtype):
    class StoredWeight(torch.nn.Module):
        def __init__(self):
            super().__init__()
            g = torch.Generator().manual_seed(0)
            w = (torch.randn(32, 16, generator=g) * 4).to(dtype)
            self.w = torch.nn.Parameter(w, requires_grad=False)

        def forward(self, x):
            return x @ self.w.to(torch.float16)

    return StoredWeight().eval()


def _passed(torch):
    class PassedWeight(torch.nn.Module):
        def forward(self, x, w):
            return x @ w.to(torch.float16)

    return PassedWeight().eval()


@pytest.mark.parametrize("device", DEVICES)
def test_stored_f8_weight(device):
    torch = require_torch()
    model = _stored(torch, torch.float8_e4m3fn)
    x = torch.randn(8, 32, generator=torch.Generator().manual_seed(1)).half()
    check = _check(model, x, device=device)
    assert check.ok, check.report()
    assert "tensor<32x16xf8E4M3FN>" in check.exported


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", ["float8_e4m3fn", "float8_e5m2"])
def test_f8_weight_widened_on_the_gpu(dtype, device):
    torch = require_torch()
    g = torch.Generator().manual_seed(2)
    x = torch.randn(4, 64, generator=g).half()
    w = (torch.randn(64, 32, generator=g) * 8).to(getattr(torch, dtype))
    w.view(torch.uint8)[0, :4] = torch.tensor(
        [0x01, 0x80, 0x7F, 0x06]
    )  # tiny, -0, max-ish
    check = _check(_passed(torch), x, w, device=device)
    assert check.ok, check.report()
    # The widening ran in a kernel reading the f8 bytes (not folded away).
    kernels = [op for op in check.lowered.walk() if isinstance(op, gpu.FuncOp)]
    assert any(is_f8(a.type) for k in kernels for a in k.body.block.args)


def test_the_stored_bytes_are_ours():
    """torch-mlir's blob holds PyTorch's encodings; coopmlir's rounding gives
    the same bytes from the float32 values (within E4M3FN's range: past it
    PyTorch's CPU conversion saturates to +-448 where MLIR's APFloat, and
    coopmlir, give NaN)."""
    torch = require_torch()
    x = torch.randn(4096, generator=torch.Generator().manual_seed(3)) * 100
    for dtype, fmt in ((torch.float8_e4m3fn, F8E4M3FN), (torch.float8_e5m2, F8E5M2)):
        theirs = x.to(dtype).view(torch.uint8).numpy()
        ours = f8_bits(x.numpy(), fmt)
        inside = np.abs(x.numpy()) < 464
        assert np.array_equal(theirs[inside], ours[inside])
    big = torch.tensor([500.0, -1e6, float("inf")])
    assert big.to(torch.float8_e4m3fn).view(torch.uint8).tolist() == [0x7E, 0xFE, 0x7E]
    assert list(f8_bits(big.numpy(), F8E4M3FN)) == [0x7F, 0xFF, 0x7F]
    text = export(_stored(torch, torch.float8_e4m3fn), torch.zeros(1, 32).half())
    assert 'torch.float8_e4m3fn: "0x01000000' in text  # one byte per element
