"""Fused attention: every front-end form (coopmlir.attention, linalg.softmax,
the decomposed softmax) lowers to one kernel, which computes on the
interpreter (L1, and L2 after coopmat-to-simt) what the unfused L0 program
computes, and runs on lavapipe (SIMT) with spirv-val accepting its SPIR-V."""

from __future__ import annotations

import numpy as np
import pytest
from support.attention_programs import attention_program, inputs
from support.error_model import ATTENTION_TOLERANCE, assert_close, attention_tolerance
from support.lowering import lowered_by, output_of, parse, returned
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.diagnostics import CompileError
from coopmlir.dialects import coopmat
from coopmlir.interpreter.attention import attention
from coopmlir.passes.coopmat_to_simt import CoopmatToSimt
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat import attention as attention_plan
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target


def _lowered(text: str, target: str):
    return lowered_by(text, LowerToCoopmat(target=target))


def _kernels(module) -> list[gpu.FuncOp]:
    return [op for op in module.walk() if isinstance(op, gpu.FuncOp)]


def check(
    form,
    lead,
    s,
    keys,
    d,
    dv,
    ty="f16",
    out="f32",
    mask=None,
    causal=False,
    target="lavapipe",
    simt=False,
    scale=0.25,
    hidden=False,
):
    """L0 (unfused, interpreted) vs the fused kernel (L1, or L2 with `simt`)
    vs f64 numpy. `hidden`: the mask hides every key of query 5 (its row
    is 0) and the first 16 keys of query 6."""
    text = attention_program(form, lead, s, keys, d, dv, ty, out, scale, mask, causal)
    rng = np.random.default_rng(s * 7 + keys)
    arrays = inputs(rng, lead, s, keys, d, dv, ty, mask)
    if hidden:
        arrays[3][..., 5, :] = -np.inf
        arrays[3][..., 6, :16] = -np.inf
    (unfused,) = returned(parse(text), "attn", arrays)
    module = _lowered(text, target)
    (kernel,) = _kernels(module)
    assert not [op for op in module.walk() if op.dialect_name() == "linalg"]
    if simt:
        S = get_target(target).subgroup_size
        module = lowered_by(module, CoopmatToSimt(subgroup_size=S))
    fused = np.zeros((*lead, s, dv), np.float32 if out == "f32" else np.float16)
    fused = output_of(module, "attn", [*arrays, fused])
    mask_array = arrays[3] if mask else None
    exact = attention(*arrays[:3], scale, mask_array, causal)
    # The unfused program also rounds P to the input type (a truncf generic).
    tolerance = attention_tolerance(ty, out)
    assert_close(unfused, exact, tolerance, "unfused")
    assert_close(fused, exact, tolerance, "fused")
    return module


FORMS = ["op", "softmax", "decomposed"]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    "variant",
    [
        {},
        {"causal": True},
        {"mask": "full"},
        {"mask": "2d", "causal": True},
    ],
    ids=["plain", "causal", "mask", "mask2d-causal"],
)
def test_fused_matches_unfused(form, variant):
    check(form, (2,), 32, 48, 16, 16, **variant)


@pytest.mark.parametrize(
    "shape",
    [((), 16, 16, 16, 16), ((2,), 24, 40, 32, 16), ((3,), 40, 20, 16, 32)],
    ids=["2d", "ragged", "short-keys"],
)
def test_shapes(shape):
    lead, s, keys, d, dv = shape
    check("decomposed", lead, s, keys, d, dv, causal=True)


def test_matmul_transpose_b_front_end():
    """linalg.matmul_transpose_b as Q @ K^T (2-D: one head)."""
    text = attention_program("softmax", (), 32, 32, 16, 16, transpose_b=True)
    assert "linalg.matmul_transpose_b" in text
    module = _lowered(text, "lavapipe")
    assert len(_kernels(module)) == 1
    arrays = inputs(np.random.default_rng(0), (), 32, 32, 16, 16, "f16", None)
    out = output_of(module, "attn", [*arrays, np.zeros((32, 16), np.float32)])
    assert_close(out, attention(*arrays, 0.25), ATTENTION_TOLERANCE["f16"])


def test_ragged_keys_with_a_mask_and_a_negative_scale():
    """Keys past L dropped in the last block only; a negative scale does not
    commute with the max, so it is applied to S before it."""
    check("op", (2,), 24, 40, 16, 16, mask="full")
    check("op", (2,), 24, 40, 16, 16, mask="2d", causal=True, scale=-0.5)


def test_bf16_and_f16_output():
    check("softmax", (2,), 32, 32, 16, 16, ty="bf16")
    check("op", (2,), 32, 32, 16, 16, out="f16")


def test_batch_and_heads_on_a_matrix_unit_target():
    """Two leading dimensions (batch, heads) and head dimension 64 on the
    generic target (subgroups of 32, 16x16x16 f16)."""
    module = check("op", (2, 2), 32, 32, 64, 64, causal=True, target="generic")
    (launch,) = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    grid = [op.owner.value.value.data for op in launch.operands[:3]]
    assert grid == [1, 2, 2]


@pytest.mark.parametrize("form", ["softmax", "decomposed"])
@pytest.mark.parametrize(
    "variant",
    [{}, {"mask": "full", "causal": True}, {"mask": "2d"}],
    ids=["plain", "mask-causal", "mask2d"],
)
def test_4d_generic_contractions(form, variant):
    """[B, H, S, D] attention written with 4-D contraction generics (Q @ K^T
    and P @ V over loops (b, h, i, j, d)) fuses to one kernel, grid z over
    B * H."""
    text = attention_program(form, (2, 2), 32, 32, 16, 16, **variant)
    assert "linalg.batch_matmul" not in text
    module = check(form, (2, 2), 32, 32, 16, 16, **variant)
    assert len([op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]) == 1


def test_4d_ragged_softmax_dimension_error_and_mask_near_miss(capsys):
    """4-D ragged sizes fuse; a linalg.softmax over the query dimension is a
    located error (no kernel computes it); a mask of another shape ([H, S,
    L]) leaves the chain separate kernels, with a remark, computing what the
    unfused program computes."""
    check("decomposed", (2, 2), 24, 40, 16, 16, causal=True)
    text = attention_program("softmax", (2, 2), 32, 32, 16, 16, softmax_dim=2)
    with pytest.raises(CompileError, match="not the key dimension 3"):
        _lowered(text, "lavapipe")
    text = attention_program("decomposed", (2, 2), 32, 32, 16, 16, mask="2d")
    text = text.replace("tensor<32x32xf32>", "tensor<2x32x32xf32>").replace(
        "-> (d2, d3)>", "-> (d1, d2, d3)>"
    )
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", explain=True))
    assert "the mask must be indexed [..., S, L] or [S, L]" in capsys.readouterr().err
    names = [k.sym_name.data for k in _kernels(module)]
    assert len(names) > 1 and not any(n.endswith("_attention") for n in names)
    rng = np.random.default_rng(5)
    arrays = inputs(rng, (2, 2), 32, 32, 16, 16, "f16", None)
    arrays.append(rng.uniform(-2, 0, (2, 32, 32)).astype(np.float32))
    (unfused,) = returned(parse(text), "attn", arrays)
    separate = output_of(
        module, "attn", [*arrays, np.zeros((2, 2, 32, 16), np.float32)]
    )
    assert_close(separate, unfused, attention_tolerance("f16", "f32"), "separate")


@pytest.mark.parametrize("simt", [False, True], ids=["l1", "l2"])
def test_fully_masked_row_is_zero(simt):
    """A row whose keys are all masked gives 0 (PyTorch's guard), a row whose
    first key block is masked the softmax of the rest, not NaN."""
    module = check("op", (2,), 16, 32, 16, 16, mask="full", hidden=True, simt=simt)
    assert "arith.cmpf" in str(module)


def test_l2_simt():
    check("decomposed", (2,), 32, 48, 16, 16, mask="2d", causal=True, simt=True)


def test_lavapipe():
    """The SIMT kernel on a real Vulkan driver, spirv-val on its module."""
    require_vulkan()
    text = attention_program("softmax", (2,), 40, 48, 16, 16, causal=True, mask="full")
    rng = np.random.default_rng(3)
    arrays = inputs(rng, (2,), 40, 48, 16, 16, "f16", "full")
    module = lowered_by(_lowered(text, "lavapipe"), CoopmatToSimt(subgroup_size=8))
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    out = np.zeros((2, 40, 16), np.float32)
    (kernel,) = kernels.values()
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as device:
        run_host_function(module, "attn", kernels, [*arrays, out], device)
    exact = attention(*arrays[:3], 0.25, arrays[3], True)
    assert_close(out, exact, ATTENTION_TOLERANCE["f16"], "lavapipe")


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_spirv_with_cooperative_matrices(coopmat):
    text = attention_program("op", (2,), 32, 48, 64, 64, causal=True)
    for kernel in compile_kernels(_lowered(text, "h100-vulkan"), coopmat=coopmat):
        validate(kernel.spirv)


@pytest.mark.parametrize("ty", ["f16", "f32"])
def test_unfused_softmax_kernel(ty):
    """linalg.softmax alone (attention's unfused lowering: its middle kernel)
    on the interpreter at L1 and L2 against the L0 op."""
    text = f"""func.func @sm(%x: tensor<2x40x48x{ty}>) -> tensor<2x40x48x{ty}> {{
  %e = tensor.empty() : tensor<2x40x48x{ty}>
  %y = linalg.softmax dimension(2) ins(%x : tensor<2x40x48x{ty}>) outs(%e : tensor<2x40x48x{ty}>) -> tensor<2x40x48x{ty}>
  func.return %y : tensor<2x40x48x{ty}>
}}"""  # noqa: E501
    x = (np.random.default_rng(5).standard_normal((2, 40, 48)) * 3).astype(
        ty.replace("f", "float")
    )
    (expected,) = returned(parse(text), "sm", [x])
    l1 = _lowered(text, "lavapipe")
    assert len(_kernels(l1)) == 1
    l2 = lowered_by(l1, CoopmatToSimt(subgroup_size=8))
    # softmax's own bounds (exp and a sum of 48 in another order), as before.
    tolerance = 1e-3 if ty == "f16" else 1e-6
    for level, module in (("L1", l1), ("L2", l2)):
        y = output_of(module, "sm", [x, np.zeros_like(x)])
        assert_close(y, expected, tolerance, level)


@pytest.mark.parametrize("lines", [1, 2])
@pytest.mark.parametrize(
    "variant",
    [
        {},
        {"causal": True, "mask": "2d"},
        {"mask": "full", "hidden": True, "simt": True},
    ],
    ids=["plain", "causal-mask", "hidden-l2"],
)
def test_fragment_lines_and_rows_past_s(monkeypatch, lines, variant):
    """`lines` m-row fragment lines per subgroup (each K and V fragment
    serves all of them). S = 48 is a multiple of every m but not of the
    workgroup's rows (32 or 64): the last workgroup's lines past S are
    checked (they read and wrote out of bounds before)."""
    monkeypatch.setattr(attention_plan, "LINES", (lines,))
    module = check("op", (2,), 48, 40, 16, 16, **variant)
    if variant.get("simt"):
        return  # L2: no coopmat ops left to count
    (kernel,) = _kernels(module)
    row_sums = [
        op
        for op in kernel.walk()
        if isinstance(op, coopmat.ReduceOp) and op.kind.data.value == "add"
    ]
    assert len(row_sums) == lines  # one per line, after the key loop


@pytest.mark.parametrize(
    ("d", "causal", "nv2", "expected"),
    [
        (128, False, True, "rows=256 lines=2 block=32 prefetch=unrolled"),
        (128, True, True, "rows=128 lines=2 block=32 prefetch=unrolled"),
        (64, False, True, "rows=128 lines=2 block=64 prefetch=unrolled"),
        (64, True, True, "rows=64 block=64 prefetch=unrolled"),
        (128, False, False, "rows=64 block=64 prefetch=unrolled"),
        (128, True, False, "rows=64 block=32 prefetch=block"),
        (64, False, False, "rows=64 block=64 prefetch=block"),
        (64, True, False, "rows=64 block=64 prefetch=block"),
    ],
)
def test_h100_plan_takes_two_lines_where_measured_faster(d, causal, nv2, expected):
    """The plan's choice on the H100 (bench/RESULTS.md "Two fragment lines",
    "... K/V prefetch in attention", "Twentieth session"): two lines only
    with NV2's in-register reductions, never at D 64 causal, and 8
    subgroups (256 rows) with them at D 128 without a causal mask; the K/V
    copy unrolled with NV2, and without it at D 128 without a causal mask
    (one buffer: 64-key blocks fit); elsewhere K/V prefetch into two
    buffers stays ahead (at D 128 they leave room for 32-key blocks)."""
    from dataclasses import replace

    from coopmlir.dialects.registry import parse_module

    text = attention_program(
        "op", (4, 16), 4096, 4096, d, d, "f16", "f16", 0.125, None, causal
    )
    (op,) = [o for o in parse_module(text).walk() if o.name == "coopmlir.attention"]
    target = replace(get_target("h100-vulkan"), cooperative_matrix2=nv2)
    config = attention_plan.plan_attention(attention_plan.match_attention(op), target)
    assert str(config).startswith(expected + " ")


def test_runtime_plans_for_the_instructions_it_emits():
    """compile_for_device emits NV2 on an NV2 target by default, and the plan
    takes two lines there; an explicit khr plans as for a KHR-only device."""
    from coopmlir.runtime.launch import compile_for_device

    text = attention_program("op", (1, 2), 1024, 1024, 128, 128, "f16", "f16", 0.1)
    for flavour, lines, nv2 in ((None, 2, True), ("khr", 1, False)):
        kernel_level, kernels = compile_for_device(
            parse(text), get_target("h100-vulkan"), coopmat=flavour
        )
        row_sums = [
            op
            for op in kernel_level.walk()
            if isinstance(op, coopmat.ReduceOp) and op.kind.data.value == "add"
        ]
        assert len(row_sums) == lines
        (kernel,) = kernels.values()
        assert ("VK_NV_cooperative_matrix2" in kernel.extensions) == nv2
