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

from coopmlir.interpreter.attention import attention
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat


def sdpa_program(b: int, s: int, h: int, d: int, causal: bool) -> str:
    """torch-mlir's SDPA after bufferization: Q, K, V column slices of the
    qkv projection's [B*S, 3*H*D] result, transposed into [B, H, S, D]
    buffers, and O transposed back into the [B, S, H, D] result."""
    hd = 3 * h * d
    heads = f"{b}x{h}x{s}x{d}xf16"
    lines = [
        f"func.func @attn(%qkv: memref<{b * s}x{hd}xf16>, "
        f"%out: memref<{b}x{s}x{h}x{d}xf16>) {{",
        f"  %e = memref.expand_shape %qkv [[0, 1], [2]] output_shape [{b}, {s}, "
        f"{hd}] : memref<{b * s}x{hd}xf16> into memref<{b}x{s}x{hd}xf16>",
    ]
    for i in range(3):
        offset = i * h * d
        sliced = f"memref<{b}x{s}x{h * d}xf16, strided<[{s * hd}, {hd}, 1], offset: {offset}>>"
        split = (
            f"memref<{b}x{s}x{h}x{d}xf16, strided<[{s * hd}, {hd}, {d}, 1], "
            f"offset: {offset}>>"
        )
        lines += [
            f"  %s{i} = memref.subview %e[0, 0, {offset}] [{b}, {s}, {h * d}] "
            f"[1, 1, 1] : memref<{b}x{s}x{hd}xf16> to {sliced}",
            f"  %v{i} = memref.expand_shape %s{i} [[0], [1], [2, 3]] output_shape "
            f"[{b}, {s}, {h}, {d}] : {sliced} into {split}",
            f"  %t{i} = memref.alloc() : memref<{heads}>",
            f"  linalg.transpose ins(%v{i} : {split}) outs(%t{i} : memref<{heads}>) "
            "permutation = [0, 2, 1, 3]",
        ]
    flags = ", causal" if causal else ""
    lines += [
        f"  %o = memref.alloc() : memref<{heads}>",
        f"  coopmlir.attention {{scale = 0.25 : f32{flags}}} ins(%t0, %t1, %t2 : "
        f"memref<{heads}>, memref<{heads}>, memref<{heads}>) outs(%o : memref<{heads}>)",
        f"  linalg.transpose ins(%o : memref<{heads}>) outs(%out : "
        f"memref<{b}x{s}x{h}x{d}xf16>) permutation = [0, 2, 1, 3]",
        "  func.return",
        "}",
    ]
    return "\n".join(lines)


def _case(b, s, h, d, causal, seed=0):
    text = sdpa_program(b, s, h, d, causal)
    rng = np.random.default_rng(seed)
    qkv = rng.standard_normal((b * s, 3 * h * d)).astype(np.float16)
    heads = [
        qkv[:, i * h * d : (i + 1) * h * d].reshape(b, s, h, d).transpose(0, 2, 1, 3)
        for i in range(3)
    ]
    exact = attention(*heads, 0.25, None, causal).transpose(0, 2, 1, 3)
    return text, qkv, exact


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
    text, qkv, exact = _case(b, s, h, d, causal, seed=s)
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
    text, qkv, exact = _case(2, 32, 2, 16, True, seed=5)
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    assert len([k for k in module.walk() if isinstance(k, gpu.FuncOp)]) == 1
    out = np.zeros((2, 32, 2, 16), np.float16)
    run_simt_on_lavapipe(text, "attn", [qkv, out])
    assert_close(out, exact, ATTENTION_TOLERANCE["f16"], "lavapipe")


def test_a_write_between_copy_and_attention_keeps_the_copies():
    """The qkv buffer overwritten after the heads were copied: the kernel
    must read the copies (what the program computes), not the buffer."""
    b, s, h, d = 1, 16, 2, 16
    text, qkv, exact = _case(b, s, h, d, False, seed=9)
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
