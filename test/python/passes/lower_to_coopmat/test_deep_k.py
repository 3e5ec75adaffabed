"""K tiles of 64 f16 for A B^T and A B (tiling._tile_ks, the lit test
lower-to-coopmat-deep-k.mlir): the kernel the model picks for GPT-2's fc2,
128x128x64 tiles of 2x4 subgroups, staged twice (register prefetch), on
a smaller product with a ragged K, interpreted against numpy."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import interpreted, lowered


def _source(m: int, n: int, k: int, b_transposed: bool) -> str:
    b = f"{n}x{k}" if b_transposed else f"{k}x{n}"
    op = "linalg.matmul_transpose_b" if b_transposed else "linalg.matmul"
    return f"""func.func @mm(%a: memref<{m}x{k}xf16>, %b: memref<{b}xf16>, %c: memref<{m}x{n}xf32>) {{
  {op} ins(%a, %b : memref<{m}x{k}xf16>, memref<{b}xf16>) outs(%c : memref<{m}x{n}xf32>)
  func.return
}}
"""


@pytest.mark.parametrize("b_transposed", [True, False])
@pytest.mark.parametrize("k", [192, 200])
def test_deep_k_tiles_of_eight_subgroups_match_numpy(k, b_transposed):
    m, n = 128, 256
    rng = np.random.default_rng(k)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (n, k) if b_transposed else (k, n)).astype(np.float16)
    c = rng.uniform(-1, 1, (m, n)).astype(np.float32)
    options = "target=h100-vulkan tile=128x128x64 subgroups=2x4 stages=2"
    module = lowered(_source(m, n, k, b_transposed), f"lower-to-coopmat{{{options}}}")
    text = str(module)
    assert "known_block_size = array<i32: 256, 1, 1>" in text
    got = interpreted(module, "mm", [a, b, c])[2]
    product = b.T if b_transposed else b
    want = c + a.astype(np.float64) @ product.astype(np.float64)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
