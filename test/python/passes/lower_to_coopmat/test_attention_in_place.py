"""Attention heads read and written in place (attention_in_place.py): the
transposed [B, S, H, D] <-> [B, H, S, D] copies around `coopmlir.attention`
fold into the fused kernel, which reads Q, K and V from column slices of one
qkv buffer and writes O into the [B, S, H, D] result; on the interpreter
(L1, L2) and lavapipe it computes what the program with its copies does.
Ragged query rows keep Q's and O's copies (loop kernels), never a wrong
result."""

from __future__ import annotations

import numpy as np
import pytest
from support.attention_programs import sdpa_case
from support.error_model import ATTENTION_TOLERANCE, assert_close
from support.lowering import (
    interpreted,
    lowered_by,
    output_of,
    parse,
    run_simt_on_lavapipe,
)
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat


def _kernel_names(module) -> list[str]:
    return [k.sym_name.data for k in module.walk() if isinstance(k, gpu.FuncOp)]


@pytest.mark.parametrize(
    ("b", "s", "h", "d", "causal", "kernels"),
    [
        (1, 16, 2, 16, True, 1),  # every copy folded: one kernel
        (2, 32, 2, 16, False, 1),  # heads and batches at row and column offsets
        (2, 20, 2, 16, True, 3),  # ragged S: Q and O keep their copies
    ],
)
@pytest.mark.parametrize("simt", [False, True])
def test_in_place_matches_copies(b, s, h, d, causal, kernels, simt):
    text, qkv, exact = sdpa_case(b, s, h, d, causal, seed=s)
    out = np.zeros((b, s, h, d), np.float16)
    with_copies = output_of(parse(text), "attn", [qkv, out.copy()])
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    names = _kernel_names(module)
    assert len(names) == kernels, names
    assert not [op for op in module.walk() if op.name == "linalg.transpose"]
    if simt:
        module = lowered_by(module, CoopmatToSimt(subgroup_size=8))
    fused = output_of(module, "attn", [qkv, out.copy()])
    tolerance = ATTENTION_TOLERANCE["f16"]
    assert_close(with_copies, exact, tolerance, "with copies")
    assert_close(fused, exact, tolerance, "in place")


def test_in_place_on_lavapipe():
    """Offsets into the qkv buffer and the result on a real driver;
    spirv-val accepts the kernel."""
    require_vulkan()
    text, qkv, exact = sdpa_case(2, 32, 2, 16, True, seed=5)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    assert len([k for k in module.walk() if isinstance(k, gpu.FuncOp)]) == 1
    out = np.zeros((2, 32, 2, 16), np.float16)
    run_simt_on_lavapipe(text, "attn", [qkv, out])
    assert_close(out, exact, ATTENTION_TOLERANCE["f16"], "lavapipe")


def test_a_write_between_copy_and_attention_keeps_the_copies():
    """The qkv buffer overwritten after the heads were copied: the kernel
    must read the copies (what the program computes), not the buffer."""
    b, s, h, d = 1, 16, 2, 16
    text, qkv, exact = sdpa_case(b, s, h, d, False, seed=9)
    shape = f"memref<{b * s}x{3 * h * d}xf16>"
    text = text.replace("%out: memref", f"%other: {shape}, %out: memref", 1).replace(
        "  %o = memref.alloc()",
        f"  memref.copy %other, %qkv : {shape} to {shape}\n  %o = memref.alloc()",
    )
    other = np.zeros_like(qkv)
    out = np.zeros((b, s, h, d), np.float16)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    # Q, K and V keep their copies, O (written after) is in place; the host
    # copy is a kernel too.
    assert len(_kernel_names(module)) == 5, _kernel_names(module)
    *_, fused = interpreted(module, "attn", [qkv, other, out])
    assert_close(fused, exact, ATTENTION_TOLERANCE["f16"], "in place")
