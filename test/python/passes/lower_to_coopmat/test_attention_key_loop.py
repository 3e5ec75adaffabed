"""The fused attention kernel's key-loop options: `attention-prefetch`
(attention_kv_blocks.py: the next K/V block fetched into registers during
the current block's math and stored into a second buffer, one barrier per
block) and `attention-q` (Q's fragments loaded in every block from Q or
from its rows staged in workgroup memory, not held). The kernel (L1, L2 after coopmat-to-simt, lavapipe) against f64
numpy, over key loops of many blocks: causal, masked, ragged keys, S not a
multiple of the workgroup's rows, a sliding window (a loop that starts past
key 0)."""

from __future__ import annotations

import contextlib
import io
from dataclasses import replace

import numpy as np
import pytest
from support.attention_programs import (
    attention_program,
    inputs,
    numpy_variants,
    sdpa_case,
    variant_inputs,
    variant_program,
)
from support.error_model import assert_close, attention_tolerance
from support.lowering import lowered_by, output_of
from support.vulkan_device import require_vulkan
from xdsl.dialects import arith, gpu, memref, scf

from coopmlir.diagnostics import CompileError
from coopmlir.dialects import coopmat
from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter.attention import attention
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat import attention as attention_plan
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import (
    compile_for_device,
    device_needs,
    run_host_function,
)
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target

PREFETCHES = ["block", "staggered"]  # the double-buffered modes


def _kernel(module) -> gpu.FuncOp:
    (kernel,) = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    return kernel


def _barriers(kernel: gpu.FuncOp) -> int:
    return sum(isinstance(op, gpu.BarrierOp) for op in kernel.walk())


def check(
    prefetch,
    s=48,
    keys=72,
    mask=None,
    causal=False,
    simt=False,
    hidden=False,
    q="registers",
):
    """One head pair (2, S, 16) through the fused kernel with 16-key blocks
    (a loop of several blocks, both buffers in turn) against numpy."""
    text = attention_program(
        "op", (2,), s, keys, 16, 16, "f16", "f32", 0.25, mask, causal
    )
    arrays = inputs(np.random.default_rng(s + keys), (2,), s, keys, 16, 16, "f16", mask)
    if hidden:  # every key of query 5 masked, the first block of query 6
        arrays[3][..., 5, :] = -np.inf
        arrays[3][..., 6, :16] = -np.inf
    lowering = LowerToCoopmat(
        target="lavapipe", attention_prefetch=prefetch, attention_q=q
    )
    module = lowered_by(text, lowering)
    if simt:
        module = lowered_by(module, CoopmatToSimt(subgroup_size=8))
    out = output_of(module, "attn", [*arrays, np.zeros((2, s, 16), np.float32)])
    exact = attention(*arrays[:3], 0.25, arrays[3] if mask else None, causal)
    assert_close(out, exact, attention_tolerance("f16", "f32"), prefetch)
    return module


@pytest.fixture(autouse=True)
def _blocks_of_16(monkeypatch):
    monkeypatch.setattr(attention_plan, "BLOCKS", (16,))


@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize("prefetch", PREFETCHES)
@pytest.mark.parametrize(
    "variant",
    [{}, {"causal": True, "mask": "2d"}, {"keys": 48}],
    ids=["plain-ragged-keys", "causal-mask", "whole-keys"],
)
def test_matches_numpy(monkeypatch, lines, prefetch, variant):
    monkeypatch.setattr(attention_plan, "LINES", (lines,))
    module = check(prefetch, **variant)
    kernel = _kernel(module)
    # Two buffers each of K and V; one barrier per key loop (a loop of
    # unmasked blocks, a loop of masked ones) and one after the first copy.
    tiles = [op for op in kernel.walk() if isinstance(op, memref.AllocaOp)]
    assert [t.memref.type.get_shape()[0] for t in tiles] == [2, 2]
    loops = 1 if variant == {"keys": 48} else 2
    assert _barriers(kernel) == loops + 1


@pytest.mark.parametrize("causal", [True, False])
def test_causal_row_blocks_run_last_first(causal):
    """Causal: workgroup x takes row block (blocks - 1 - x), so the blocks
    that see the most keys start first and the grid's tail is short (the
    result still matches numpy); without causal, x is the row block."""
    module = check("block", s=48, keys=48, causal=causal)
    kernel = _kernel(module)
    (launch,) = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    blocks = launch.gridSizeX.owner.value.value.data  # type: ignore[union-attr]
    assert blocks > 1
    (block_x,) = [
        op
        for op in kernel.walk()
        if isinstance(op, gpu.BlockIdOp) and op.dimension.data.name == "X"
    ]
    (use,) = block_x.result.uses
    flipped = isinstance(use.operation, arith.SubiOp) and use.index == 1
    assert flipped == causal
    if causal:
        last = use.operation.lhs.owner
        assert last.value.value.data == blocks - 1  # type: ignore[union-attr]


@pytest.mark.parametrize("q", ["global", "workgroup"])
@pytest.mark.parametrize("prefetch", PREFETCHES)
@pytest.mark.parametrize(
    ("s", "keys", "causal"),
    [(16, 8, False), (48, 24, True), (20, 40, True), (64, 16, False)],
    ids=[
        "keys-in-one-ragged-block",
        "causal-s-past-l",
        "causal-s-below-l",
        "one-block",
    ],
)
def test_short_key_loops(q, prefetch, s, keys, causal):
    """One block or a few (the block fetched ahead clamped to the last),
    causal rows past L, Q reloaded."""
    check(prefetch, s=s, keys=keys, causal=causal, q=q)


@pytest.mark.parametrize("prefetch", PREFETCHES)
def test_window_loops_past_the_keys(prefetch):
    """S > L with a window: the key loops of the workgroups of rows 64 and
    after (32 each) are empty (the first block copied is clamped into K and
    V), their rows 0."""
    shape = (1, 4, 2, 128, 32, 16)
    text = variant_program(*shape, ", causal, window = 5")
    arrays = variant_inputs(*shape, seed=3)
    want = numpy_variants(*arrays, causal=True, window=5)
    lowering = LowerToCoopmat(target="lavapipe", attention_prefetch=prefetch)
    out = output_of(
        lowered_by(text, lowering),
        "attn",
        [*arrays, np.zeros((1, 4, 128, 16), np.float32)],
    )
    assert_close(out, want, attention_tolerance("f16", "f32"), prefetch)


@pytest.mark.parametrize("causal", [False, True])
def test_eight_subgroups_of_two_lines(monkeypatch, causal):
    """The plan NV2 takes at D >= 128 without a causal mask, 8 subgroups of
    two fragment lines, with the copy unrolled: every subgroup's rows
    against numpy (S = 160 past the second workgroup's first rows)."""
    monkeypatch.setattr(attention_plan, "SUBGROUPS", (8,))
    monkeypatch.setattr(attention_plan, "LINES", (2,))
    module = check("unrolled", s=160, keys=40, causal=causal)
    (launch,) = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    threads = launch.blockSizeX.owner.value.value.data  # type: ignore[union-attr]
    assert threads == 8 * 8  # lavapipe's subgroups are 8 wide


def test_without_prefetch_two_barriers_per_block():
    kernel = _kernel(check("none", keys=48))
    assert _barriers(kernel) == 2


@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize(
    "variant",
    [{}, {"causal": True, "mask": "2d"}, {"keys": 48}, {"s": 40, "keys": 56}],
    ids=["plain-ragged-keys", "causal-mask", "whole-keys", "ragged-rows"],
)
def test_unrolled_copy_loads_before_it_stores(monkeypatch, lines, variant):
    """attention-prefetch=unrolled: one buffer each, two barriers per block
    as `none`, but no copy loop: in each block every load of K's and V's
    chunks comes before the first store into workgroup memory."""
    monkeypatch.setattr(attention_plan, "LINES", (lines,))
    kernel = _kernel(check("unrolled", **variant))
    tiles = [op for op in kernel.walk() if isinstance(op, memref.AllocaOp)]
    assert [len(t.memref.type.get_shape()) for t in tiles] == [2, 2]
    key_loops = [op for op in kernel.body.block.ops if isinstance(op, scf.ForOp)]
    assert key_loops
    for loop in key_loops:
        body = list(loop.body.block.ops)
        barriers = [i for i, op in enumerate(body) if isinstance(op, gpu.BarrierOp)]
        assert len(barriers) == 2
        copy = body[barriers[0] + 1 : barriers[1]]
        assert not any(isinstance(op, scf.ForOp) for op in copy)
        tiles_written = {t.memref for t in tiles}
        stores = [
            i
            for i, op in enumerate(copy)
            if any(v in tiles_written for v in op.operands) and "store" in op.name
        ]
        loads = [i for i, op in enumerate(copy) if "load" in op.name]
        assert len(stores) >= 2 and loads
        assert max(loads) < min(stores)


@pytest.mark.parametrize("prefetch", PREFETCHES)
def test_fully_masked_rows_at_l2(prefetch):
    check(prefetch, mask="full", hidden=True, simt=True)


@pytest.mark.parametrize("prefetch", PREFETCHES)
def test_sliding_window_starts_past_key_zero(prefetch):
    """A window's key loop starts at the block of the first row's first key
    (the first block copied there, not at key 0); grouped heads."""
    shape = (1, 4, 2, 64, 64, 16)
    text = variant_program(*shape, ", causal, window = 20")
    arrays = variant_inputs(*shape, seed=3)
    want = numpy_variants(*arrays, causal=True, window=20)
    module = lowered_by(
        text, LowerToCoopmat(target="lavapipe", attention_prefetch=prefetch)
    )
    out = output_of(module, "attn", [*arrays, np.zeros((1, 4, 64, 16), np.float32)])
    assert_close(out, want, attention_tolerance("f16", "f32"), prefetch)


def _q_loads(kernel: gpu.FuncOp) -> list[coopmat.LoadOp]:
    return [
        op
        for op in kernel.walk()
        if isinstance(op, coopmat.LoadOp)
        and op.result.type.use_kind == coopmat.MatrixUse.A
    ]


@pytest.mark.parametrize("q", ["global", "workgroup"])
@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize("prefetch", ["none", "staggered"])
@pytest.mark.parametrize(
    "variant",
    [
        {},
        {"causal": True, "mask": "2d"},
        {"mask": "full", "hidden": True, "simt": True},
    ],
    ids=["plain-ragged-keys", "causal-mask", "hidden-l2"],
)
def test_q_reloaded_in_every_block(monkeypatch, q, lines, prefetch, variant):
    """Q's fragments loaded inside the key loops (one per line and D step
    in each of the two loops); none before them, or (workgroup) each once
    from Q before them, to be stored into Q's tile, and in the loops from
    the tile."""
    monkeypatch.setattr(attention_plan, "LINES", (lines,))
    module = check(prefetch, q=q, **variant)
    if variant.get("simt"):
        return  # L2: no coopmat ops left to count
    kernel = _kernel(module)
    loads = _q_loads(kernel)
    k = loads[0].result.type.shape[1]
    steps = lines * (16 // k)  # each line's D / k
    looped = [op for op in loads if isinstance(op.parent_op(), scf.ForOp)]
    assert len(looped) == 2 * steps  # two loops
    staged = [op for op in loads if op not in looped]
    assert len(staged) == (steps if q == "workgroup" else 0)
    (arg_q, *_) = kernel.body.block.args
    sources = {op.operands[0] for op in looped}
    if q == "workgroup":
        (tile,) = sources
        assert isinstance(tile.owner, memref.AllocaOp)
        assert {op.operands[0] for op in staged} == {arg_q}
        stores = [op for op in kernel.walk() if isinstance(op, coopmat.StoreOp)]
        assert sum(op.operands[1] == tile for op in stores) == steps
    else:
        assert sources == {arg_q}


def test_q_staged_needs_workgroup_memory():
    """Q's tile counts against workgroup memory: on the H100 at D 128 with
    two lines (causal) the plan takes 64 query rows per workgroup where Q
    held in registers takes 128 (128 rows of Q and the K/V blocks pass 48
    KiB)."""
    text = attention_program(
        "op", (2, 2), 1024, 1024, 128, 128, "f16", "f16", 0.125, None, True
    )
    (op,) = [o for o in parse_module(text).walk() if isinstance(o, AttentionOp)]
    att = attention_plan.match_attention(op)
    target = get_target("h100-vulkan")
    held = attention_plan.plan_attention(att, target)
    staged = attention_plan.plan_attention(att, target, q_source="workgroup")
    assert (held.rows, held.lines, held.block) == (128, 2, 32)
    assert (staged.rows, staged.lines, staged.block) == (64, 2, 32)
    assert staged.shared_bytes(att, target) <= target.shared_memory_bytes
    q_tile = 128 * (128 + 8) * 2
    assert held.shared_bytes(att, target) + q_tile > target.shared_memory_bytes


def test_an_unknown_prefetch_is_an_error():
    text = attention_program("op", (2,), 16, 16, 16, 16)
    with pytest.raises(CompileError, match="attention-prefetch=twice must be one of"):
        lowered_by(text, LowerToCoopmat(target="lavapipe", attention_prefetch="twice"))
    with pytest.raises(CompileError, match="attention-q=shared must be one of"):
        lowered_by(text, LowerToCoopmat(target="lavapipe", attention_q="shared"))


@pytest.mark.parametrize(
    ("prefetch", "q"),
    [
        ("block", "registers"),
        ("staggered", "registers"),
        ("staggered", "global"),
        ("block", "workgroup"),
        ("unrolled", "registers"),
    ],
)
def test_lavapipe(prefetch, q):
    """The SIMT kernel on a real Vulkan driver (causal, S = 40 past the last
    workgroup's rows, ragged keys), spirv-val on its module."""
    require_vulkan()
    text = attention_program("op", (2,), 40, 56, 16, 16, causal=True, mask="full")
    arrays = inputs(np.random.default_rng(9), (2,), 40, 56, 16, 16, "f16", "full")
    lowering = LowerToCoopmat(
        target="lavapipe", attention_prefetch=prefetch, attention_q=q
    )
    module = lowered_by(lowered_by(text, lowering), CoopmatToSimt(subgroup_size=8))
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    out = np.zeros((2, 40, 16), np.float32)
    features, extensions = device_needs(kernels)
    with VulkanDevice(needs=features, extensions=extensions) as device:
        run_host_function(module, "attn", kernels, [*arrays, out], device)
    exact = attention(*arrays[:3], 0.25, arrays[3], True)
    assert_close(out, exact, attention_tolerance("f16", "f32"), "lavapipe")


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
@pytest.mark.parametrize(
    ("prefetch", "q"),
    [
        ("block", "registers"),
        ("staggered", "registers"),
        ("none", "global"),
        ("staggered", "global"),
        ("none", "workgroup"),
        ("unrolled", "registers"),
    ],
)
def test_spirv_with_cooperative_matrices(monkeypatch, coopmat, prefetch, q):
    """The H100 plan's kernels (D 128: two buffers of 32-key blocks fit
    its 48 KiB; two lines on NV2) pass spirv-val."""
    monkeypatch.setattr(attention_plan, "BLOCKS", (64, 32, 16))
    text = attention_program(
        "op", (2, 2), 256, 256, 128, 128, "f16", "f16", 0.125, None, True
    )
    lowering = LowerToCoopmat(
        target="h100-vulkan", attention_prefetch=prefetch, attention_q=q
    )
    for kernel in compile_kernels(lowered_by(text, lowering), coopmat=coopmat):
        validate(kernel.spirv)


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
@pytest.mark.parametrize("causal", [False, True])
def test_h100_default_plans_validate(monkeypatch, coopmat, causal):
    """The H100's default kernels at S 1024, D 128 as the benchmark builds
    them (KHR: planned as for a KHR-only device): with NV2 two lines, 8
    subgroups without a causal mask and the K/V copy unrolled; on KHR alone
    the copy unrolled without a causal mask, K/V prefetch with one. Each
    passes spirv-val."""
    monkeypatch.setattr(attention_plan, "BLOCKS", (64, 32, 16))
    text = attention_program(
        "op", (1, 2), 1024, 1024, 128, 128, "f16", "f16", 0.125, None, causal
    )
    plan = {
        ("nv2", False): "rows=256 lines=2 block=32 prefetch=unrolled",
        ("nv2", True): "rows=128 lines=2 block=32 prefetch=unrolled",
        ("khr", False): "rows=64 block=64 prefetch=unrolled",
        ("khr", True): "rows=64 block=32 prefetch=block",
    }[coopmat, causal]
    remarks = io.StringIO()
    with contextlib.redirect_stderr(remarks):
        _, kernels = compile_for_device(
            parse_module(text), get_target("h100-vulkan"), "explain=true", coopmat
        )
    assert f"one fused kernel, {plan} mma=16x16x16" in remarks.getvalue()
    (kernel,) = kernels.values()
    validate(kernel.spirv)


@pytest.mark.parametrize(
    ("causal", "mask", "subgroups"),
    [(False, None, None), (True, None, None), (False, None, (8,)), (False, "2d", None)],
    ids=["plain", "causal", "8-subgroups", "f32-mask"],
)
def test_khr_workgroup_memory_is_what_the_plan_counts(
    monkeypatch, causal, mask, subgroups
):
    """On KHR alone the plan's workgroup memory (K/V buffers and the
    per-subgroup scratch of the row reductions and P's change of use) is
    exactly what the kernel's SPIR-V declares: compiling for a device with
    that much passes, with one byte less convert-to-spirv refuses it (the
    plan once counted a third of the scratch, and an H200 ran a kernel over
    its 48 KiB until it lost the device)."""
    monkeypatch.setattr(attention_plan, "BLOCKS", (64, 32, 16))
    monkeypatch.setattr(attention_plan, "SUBGROUPS", subgroups)
    text = attention_program(
        "op", (1, 2), 1024, 1024, 128, 128, "f16", "f16", 0.125, mask, causal
    )
    target = replace(get_target("h100-vulkan"), cooperative_matrix2=False)
    kernel_level, _ = compile_for_device(parse_module(text), target, "", "khr")
    (op,) = [o for o in parse_module(text).walk() if isinstance(o, AttentionOp)]
    att = attention_plan.match_attention(op)
    needed = attention_plan.plan_attention(att, target).shared_bytes(att, target)
    assert needed <= target.shared_memory_bytes
    exact = replace(target, shared_memory_bytes=needed)
    assert len(compile_kernels(kernel_level, "khr", target=exact)) == 1
    short = replace(target, shared_memory_bytes=needed - 1)
    with pytest.raises(CompileError, match=f"needs {needed} bytes of workgroup"):
        compile_kernels(kernel_level, "khr", target=short)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("q", ["global", "workgroup"])
def test_heads_read_in_place(causal, q):
    """K and V blocks fetched ahead from column slices of one qkv buffer
    (attention_in_place.py: heads and batches at row and column offsets),
    Q reloaded from it (or from its tile) in every block."""
    text, qkv, exact = sdpa_case(2, 64, 2, 16, causal, seed=4)
    lowering = LowerToCoopmat(
        target="lavapipe", attention_prefetch="staggered", attention_q=q
    )
    module = lowered_by(text, lowering)
    assert len([op for op in module.walk() if isinstance(op, gpu.FuncOp)]) == 1
    out = output_of(module, "attn", [qkv, np.zeros((2, 64, 2, 16), np.float16)])
    assert_close(out, exact, attention_tolerance("f16", "f16"), "in place")
