"""Grouped-query / multi-query attention and the variants of
`coopmlir.attention` (sliding window, ALiBi, soft-cap, sinks): the op on
the interpreter (L0) against numpy (attention_programs.numpy_variants), its fused kernel
(L1, L2 after coopmat-to-simt, lavapipe, spirv-val) against the op."""

from __future__ import annotations

import numpy as np
import pytest
from support.attention_programs import (
    f32_array,
    numpy_variants,
    variant_inputs,
    variant_program,
)
from support.error_model import assert_close, attention_tolerance
from support.lowering import (
    lowered_by,
    output_of,
    parse,
    returned,
    run_simt_on_lavapipe,
)
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target


def program(batch, hq, hkv, s, keys, d, props: str) -> str:
    return variant_program(batch, hq, hkv, s, keys, d, props)


def _inputs(batch, hq, hkv, s, keys, d, seed=0):
    return variant_inputs(batch, hq, hkv, s, keys, d, seed=seed)


def _kernels(module) -> list[gpu.FuncOp]:
    return [op for op in module.walk() if isinstance(op, gpu.FuncOp)]


def check(shape, props="", simt=False, target="lavapipe", **variants):
    """The op (L0) against numpy, and the fused kernel against both."""
    batch, hq, hkv, s, keys, d = shape
    text = program(*shape, props)
    arrays = _inputs(*shape, seed=s + keys + hq)
    want = numpy_variants(*arrays, **variants)
    (op_result,) = returned(parse(text), "attn", arrays)
    tolerance = attention_tolerance("f16", "f32")
    assert_close(op_result, want, 1e-5, "op")
    module = lowered_by(text, LowerToCoopmat(target=target))
    assert len(_kernels(module)) == 1
    if simt:
        size = get_target(target).subgroup_size
        module = lowered_by(module, CoopmatToSimt(subgroup_size=size))
    out = np.zeros((batch, hq, s, d), np.float32)
    assert_close(output_of(module, "attn", [*arrays, out]), want, tolerance, "fused")
    return module


# (batch, Hq, Hkv, S, L, D)
GQA = (1, 4, 2, 32, 48, 16)
MQA = (2, 4, 1, 24, 40, 16)


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("shape", [GQA, MQA], ids=["gqa", "mqa"])
def test_grouped_heads(shape, causal):
    check(shape, ", causal" if causal else "", causal=causal)


def test_grouped_heads_share_a_workgroup():
    """Group 4 on 4 subgroups: one workgroup per (query block, K/V head),
    its K/V blocks copied once for the four query heads (grid y = Hkv)."""
    module = check((1, 8, 2, 32, 32, 16), ", causal", causal=True, target="generic")
    (launch,) = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    grid = [op.owner.value.value.data for op in launch.operands[:3]]
    assert grid == [2, 2, 1]


def test_sliding_window():
    """Window 5 (< the fragment) and 20 (crossing blocks of 16 keys)."""
    for window in (5, 20):
        check(GQA, f", causal, window = {window}", causal=True, window=window)


def test_alibi():
    slopes = [2.0 ** (-8 * (h + 1) / 4) for h in range(4)]
    check(GQA, f", causal, alibi = {f32_array(slopes)}", causal=True, alibi=slopes)
    check(MQA, f", alibi = {f32_array(slopes)}", alibi=slopes)


def test_softcap():
    check(GQA, ", softcap = 2.0 : f32", cap=2.0)
    check(MQA, ", causal, softcap = 1.5 : f32", causal=True, cap=1.5)


def test_sinks():
    sinks = [0.5, -1.0, 2.0, 0.0]
    check(GQA, f", sinks = {f32_array(sinks)}", sinks=sinks)
    check(MQA, f", causal, sinks = {f32_array(sinks)}", causal=True, sinks=sinks)


def test_every_variant_at_once_at_l2():
    sinks, slopes = [0.5, -1.0, 2.0, 0.0], [0.5, 0.25, 0.125, 0.0625]
    props = (
        f", causal, window = 20, softcap = 3.0 : f32, alibi = {f32_array(slopes)}, "
        f"sinks = {f32_array(sinks)}"
    )
    variants = dict(causal=True, window=20, cap=3.0, alibi=slopes, sinks=sinks)
    check(GQA, props, simt=True, **variants)


def test_lavapipe():
    """GQA with a window, ALiBi, soft-cap and sinks on a real Vulkan driver;
    spirv-val on its module."""
    require_vulkan()
    sinks, slopes = [0.5, -1.0, 2.0, 0.0], [0.5, 0.25, 0.125, 0.0625]
    props = (
        f", causal, window = 20, softcap = 3.0 : f32, alibi = {f32_array(slopes)}, "
        f"sinks = {f32_array(sinks)}"
    )
    arrays = _inputs(*GQA)
    out = np.zeros((1, 4, 32, 16), np.float32)
    run_simt_on_lavapipe(program(*GQA, props), "attn", [*arrays, out])
    want = numpy_variants(
        *arrays, causal=True, window=20, cap=3.0, alibi=slopes, sinks=sinks
    )
    assert_close(out, want, attention_tolerance("f16", "f32"), "lavapipe")


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_spirv_with_cooperative_matrices(coopmat):
    props = (
        ", causal, window = 64, softcap = 30.0 : f32, "
        f"alibi = {f32_array([0.5] * 8)}, sinks = {f32_array([1.0] * 8)}"
    )
    text = program(1, 8, 2, 64, 96, 64, props)
    module = lowered_by(text, LowerToCoopmat(target="h100-vulkan"))
    for kernel in compile_kernels(module, coopmat=coopmat):
        validate(kernel.spirv)
