"""Decoding attention (dialects/decode_attention.py, decode_plan.py,
decode_kernel.py): the op's interpreter semantics against an independent
loop reference, its split-K kernels against both on the interpreter and on
lavapipe, spirv-val on their SPIR-V (KHR and NV2 strategies), and the plan
of the H100 benchmark's shapes."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.decode_programs import TOLERANCE, DecodeCase
from support.error_model import assert_close
from support.lowering import lowered_by, output_of, parse, returned
from support.mlir_tools import MLIR_OPT, run_mlir
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan
from xdsl.context import Context
from xdsl.dialects import gpu, memref

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.decode_plan import match_decode, plan_decode
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import validate
from coopmlir.targets import get_target

CASES = {
    # S=1, one head, a length that no chunk (3 of 16 keys) divides.
    "s1": (DecodeCase(1, 1, 1, 1, 40, 16, 16), 37, 3),
    # D = Dv = 6: scalar inner loops (no 4-wide runs) and no prefetch (a
    # block of 16 x 6 elements does not split over 128 work-items).
    "narrow": (DecodeCase(1, 2, 1, 3, 40, 6, 6, causal=True), 35, 3),
    # Multi-query (4 query heads, one K/V head), S=4, causal, Dv != D.
    "mqa-causal": (DecodeCase(2, 4, 1, 4, 72, 16, 8, causal=True), 50, 3),
    # GQA 4:1 of two K/V heads, S=16 (64 rows per group), causal, the
    # whole cache; and a short length: query rows without keys are NaN.
    "gqa-s16": (DecodeCase(1, 8, 2, 16, 64, 16, 16, causal=True), 64, 2),
    "gqa-s4-short": (DecodeCase(1, 8, 2, 4, 64, 16, 16), 21, 2),
    # i8 K/V, per-position scales (NaN past the length), causal, f16 out.
    "i8-position": (
        DecodeCase(1, 4, 1, 4, 48, 16, 16, causal=True, kv="i8", out="f16"),
        45,
        2,
    ),
    # D = 64: teams of 8 lanes (lavapipe's whole subgroup), 8 f16 each;
    # GQA 4:1, a ragged length, 3 chunks of 28 keys.
    "d64": (DecodeCase(1, 8, 2, 1, 96, 64, 64), 77, 3),
    # f8 K/V (E4M3FN: 16 codes per 16-byte load; E5M2), NaN past the
    # length, per-position / per-head scales, causal.
    "f8e4m3": (
        DecodeCase(1, 4, 1, 2, 48, 32, 32, causal=True, kv="f8E4M3FN", out="f16"),
        45,
        2,
    ),
    "f8e5m2": (
        DecodeCase(2, 4, 2, 1, 40, 16, 16, kv="f8E5M2", per_position=(False, True)),
        33,
        3,
    ),
    # i8 K/V, per-head scales, GQA.
    "i8-head": (
        DecodeCase(2, 4, 2, 1, 40, 16, 16, kv="i8", per_position=(False, False)),
        33,
        3,
    ),
}


def _lowered(
    case: DecodeCase, chunks: int | None, target="lavapipe", fused: bool = False
):
    options = LowerToCoopmat(
        target=target, decode_chunks=chunks, decode_fused_combine=fused
    )
    return lowered_by(case.program(), options)


def _launched(module) -> list[str]:
    launches = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    return [op.kernel.nested_references.data[0].data for op in launches]


@pytest.mark.parametrize("name", CASES)
def test_kernels_match_the_op_and_the_reference(name):
    """The default: the partial kernel, then the combine kernel."""
    case, length, chunks = CASES[name]
    arrays = case.inputs(length, seed=len(name))
    exact = case.reference(arrays)
    tolerance = TOLERANCE[case.out]
    interpreted = output_of(parse(case.program()), "step", arrays)
    assert_close(interpreted, exact, tolerance, "the op")
    module = _lowered(case, chunks)
    assert _launched(module) == ["step_decode", "step_decode_combine"]
    launch = next(op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp))
    assert launch.gridSizeX.owner.value.value.data == chunks
    assert_close(output_of(module, "step", arrays), exact, tolerance, "the kernels")


@pytest.mark.parametrize("name", ["s1", "mqa-causal", "i8-position", "d64"])
def test_one_chunk_writes_the_output_in_the_merge(name):
    """decode-chunks=1: one kernel whose merge writes O (NaN for rows that
    see no key), no partials allocated."""
    case, length, _ = CASES[name]
    arrays = case.inputs(length, seed=len(name))
    module = _lowered(case, 1)
    assert _launched(module) == ["step_decode"]
    assert not [op for op in module.walk() if isinstance(op, memref.AllocOp)]
    out = output_of(module, "step", arrays)
    assert_close(out, case.reference(arrays), TOLERANCE[case.out], "one chunk")


def _fused_kernel_and_workspace(case: DecodeCase, chunks: int):
    """The fused kernel of `case` and its grid, and zeroed partials,
    statistics and arrival counts (the kernel's operands after the op's
    inputs, before the output)."""
    module = _lowered(case, chunks, fused=True)
    launch = next(op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp))
    sizes = (launch.gridSizeX, launch.gridSizeY, launch.gridSizeZ)
    grid = tuple(v.owner.value.value.data for v in sizes)
    kernel = next(op for op in module.walk() if isinstance(op, gpu.FuncOp))
    workspace = [
        np.zeros(a.type.get_shape(), np.float32 if i < 2 else np.int32)
        for i, a in enumerate(kernel.body.block.args[-4:-1])
    ]
    return module, grid, workspace


def test_each_launch_leaves_the_arrival_counts_zero():
    """The fused kernel run twice on the same counts, on the interpreter and
    on lavapipe: each run's last workgroups set the counts back to zero, so
    the second run (new queries, the output cleared) combines again."""
    case, length, chunks = CASES["gqa-s4-short"]
    module, grid, workspace = _fused_kernel_and_workspace(case, chunks)
    first = case.inputs(length, seed=1)
    second = [case.inputs(length, seed=2)[0], *(np.copy(a) for a in first[1:])]
    runs = [first, second]  # the second run: new queries
    for arrays in runs:
        arrays[-1][...] = np.nan
        operands = [*arrays[:-1], *workspace, arrays[-1]]
        run_function(module, "step_decode", operands, grid=grid)
        assert not workspace[2].any()
        assert_close(arrays[-1], case.reference(arrays), TOLERANCE[case.out])
    require_vulkan()
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    workspace[2][...] = 0
    with VulkanDevice(needs=kernel.features, extensions=kernel.extensions) as gpu_:
        arrays = [*runs[0][:-1], *workspace, runs[0][-1]]
        buffers = [gpu_.buffer(a.nbytes) for a in arrays]
        for buffer, array in zip(buffers, arrays, strict=True):
            gpu_.upload(buffer, array)
        for run in runs:
            gpu_.upload(buffers[0], run[0])  # this run's queries
            gpu_.upload(buffers[-1], np.full_like(run[-1], np.nan))
            gpu_.dispatch(kernel.binary(), buffers, grid)
            gpu_.download(buffers[-1], run[-1])
            gpu_.download(buffers[-2], workspace[2])
            assert not workspace[2].any()
            assert_close(run[-1], case.reference(run), TOLERANCE[case.out], "lavapipe")


@pytest.mark.parametrize(("chunks", "fused"), [(1, False), (2, True)])
def test_mlir_reads_the_kernels(chunks, fused):
    """MLIR reads the lowered module: the one-chunk kernel, and the fused
    one with its mutable global and atomics."""
    case, _, _ = CASES["i8-position"]
    module = _lowered(case, chunks, fused=fused)
    parsed = run_mlir(MLIR_OPT, stdin=str(module))
    assert parsed.returncode == 0, parsed.stderr
    if fused:
        assert "memref.atomic_rmw addi" in parsed.stdout
        assert 'memref.global "private" @step_decode_arrivals' in parsed.stdout


@pytest.mark.parametrize("name", ["mqa-causal", "gqa-s16", "i8-position", "d64"])
def test_last_workgroup_combines(name):
    """decode-fused-combine=true: one kernel, whose last workgroup per row
    block combines the chunks."""
    case, length, chunks = CASES[name]
    arrays = case.inputs(length, seed=len(name))
    module = _lowered(case, chunks, fused=True)
    assert _launched(module) == ["step_decode"]
    out = output_of(module, "step", arrays)
    assert_close(out, case.reference(arrays), TOLERANCE[case.out], "fused")


def test_rows_without_keys_are_nan_and_the_length_is_clamped():
    """Causal with n < S: the first S - n queries see no key (NaN, as the
    op says); a length past Lmax means Lmax."""
    case = DecodeCase(1, 2, 1, 4, 24, 16, 16, causal=True)
    module = _lowered(case, 2)
    arrays = case.inputs(2)
    out = output_of(module, "step", arrays)
    assert np.isnan(out[:, :, :2]).all()
    assert_close(out[:, :, 2:], case.reference(arrays)[:, :, 2:], TOLERANCE["f32"])
    arrays = case.inputs(24)
    whole = output_of(module, "step", arrays)
    arrays[3][0] = 1000
    assert_close(output_of(module, "step", arrays), whole, 0.0, "length > Lmax")


@pytest.mark.parametrize("prefetch", [True, False])
def test_lanes_per_key_as_asked_and_length_zero(prefetch):
    """decode-lanes=2 (32 f16 of each K/V row per lane, row blocks of 2),
    with and without decode-prefetch, matches the reference; a length of 0
    leaves every row without keys (NaN, as the op says)."""
    case, length, chunks = CASES["d64"]
    options = LowerToCoopmat(
        target="lavapipe",
        decode_chunks=chunks,
        decode_lanes=2,
        decode_prefetch=prefetch,
    )
    module = lowered_by(case.program(), options)
    arrays = case.inputs(length, seed=5)
    out = output_of(module, "step", arrays)
    assert_close(out, case.reference(arrays), TOLERANCE["f32"], "lanes=2")
    assert np.isnan(output_of(module, "step", case.inputs(0))).all()


@pytest.mark.parametrize(
    ("lanes", "message"),
    [
        (3, "decode-lanes=3 must be a power of two dividing the subgroup size 8"),
        (16, "decode-lanes=16 must be a power of two dividing the subgroup size 8"),
    ],
)
def test_bad_lanes(lanes, message):
    with pytest.raises(CompileError, match=message):
        lowered_by(
            CASES["d64"][0].program(),
            LowerToCoopmat(target="lavapipe", decode_lanes=lanes),
        )


@pytest.mark.parametrize("kv", ["f16", "i8"])
def test_a_zero_length_reads_nothing_past_the_cache(kv):
    """n = 0 over two chunks of a 26-position cache: the prefetch before a
    chunk's (empty) key loop clamped its rows to n - 1, which wraps, and
    read positions 26.. (found by the pipeline fuzzer); every row is NaN."""
    case = DecodeCase(1, 2, 1, 1, 26, 8, 8, kv=kv)
    out = output_of(_lowered(case, 2), "step", case.inputs(0))
    assert np.isnan(out).all()


def test_plan_for_the_h100_benchmark():
    """32 query heads, 8 K/V heads, D=128, S=1 on h100-vulkan (132 units,
    subgroups of 32): teams of 16 lanes, one 16-byte load of K and of V per
    lane and key (8 f16), so 8 keys per step (16 loads in flight), 8 teams
    per workgroup of 128; at most 2 workgroups per unit: batch 1 at 8k keys
    asks for 33 chunks, 249 keys rounded up to whole steps: 32 chunks of
    256 (256 workgroups), batch 8 in 4 (256), batch 32 in one (256), a
    short cache in chunks of 64 keys at least."""
    target = get_target("h100-vulkan")
    expected = {
        (1, 8192): (32, 256),
        (8, 8192): (4, 2048),
        (32, 8192): (1, 8192),
        (8, 1024): (4, 256),
        (1, 1024): (16, 64),
    }
    for (batch, lmax), (chunks, chunk) in expected.items():
        case = DecodeCase(batch, 32, 8, 1, lmax, 128, 128)
        (op,) = [
            o
            for o in parse_module(case.program()).walk()
            if o.name.endswith("decode_attention")
        ]
        plan = plan_decode(match_decode(op), target)  # type: ignore[arg-type]
        assert (plan.chunks, plan.chunk) == (chunks, chunk)
        assert (plan.team, plan.width, plan.teams, plan.slices) == (16, 8, 8, (8, 8))
        assert plan.unroll == 8
        assert plan.grid() == (chunks, 8, batch)
        assert plan.shared_bytes() <= target.shared_memory_bytes


def test_rows_that_do_not_fit_together_take_row_blocks():
    """S=16 with 4 query heads per K/V head at D=128: 64 rows, more than
    one workgroup keeps in registers: blocks of 4 rows, each its own
    workgroups (fewer teams: their results fit lavapipe's workgroup
    memory), on the interpreter."""
    case = DecodeCase(1, 4, 1, 16, 64, 128, 128, causal=True)
    (op,) = [
        o for o in parse(case.program()).walk() if o.name == "coopmlir.decode_attention"
    ]
    plan = plan_decode(match_decode(op), get_target("lavapipe"), 2)  # type: ignore[arg-type]
    assert plan.row_blocks == 16 and plan.grid() == (2, 16, 1)
    assert plan.shared_bytes() <= get_target("lavapipe").shared_memory_bytes
    arrays = case.inputs(50)
    out = output_of(_lowered(case, 2), "step", arrays)
    assert_close(out, case.reference(arrays), TOLERANCE["f32"], "row blocks")


def test_bad_chunk_count():
    with pytest.raises(CompileError, match="decode-chunks=0 must be at least 1"):
        _lowered(CASES["s1"][0], 0)


def test_bad_unroll():
    with pytest.raises(CompileError, match="decode-unroll=0 must be at least 1"):
        lowered_by(
            CASES["s1"][0].program(),
            LowerToCoopmat(target="lavapipe", decode_unroll=0),
        )


@pytest.mark.parametrize("unroll", [1, 3, 8])
def test_keys_per_step_as_asked(unroll):
    """decode-unroll=N: N keys per team step (chunks in whole steps), the
    same result; D=64 f16 on lavapipe is 2 loads per key: 8 by default."""
    case, length, chunks = CASES["d64"]
    options = LowerToCoopmat(
        target="lavapipe", decode_chunks=chunks, decode_unroll=unroll
    )
    module = lowered_by(case.program(), options)
    arrays = case.inputs(length, seed=11)
    out = output_of(module, "step", arrays)
    assert_close(out, case.reference(arrays), TOLERANCE[case.out], f"unroll={unroll}")
    (op,) = [
        o for o in parse(case.program()).walk() if o.name == "coopmlir.decode_attention"
    ]
    plan = plan_decode(
        match_decode(op), get_target("lavapipe"), chunks, None, True, False, unroll
    )  # type: ignore[arg-type]
    assert plan.unroll == unroll and plan.chunk % unroll == 0
    default = plan_decode(match_decode(op), get_target("lavapipe"), chunks)  # type: ignore[arg-type]
    assert default.unroll == 8


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_h100_kernels_validate(coopmat):
    """The benchmark's shape (GQA 4:1, D=128, f16, i8 and f8 caches) for the
    H100's strategies: spirv-val accepts every kernel."""
    for kv in ("f16", "i8", "f8E4M3FN"):
        case = DecodeCase(1, 32, 8, 1, 1024, 128, 128, kv=kv, out="f16")
        for kernel in compile_kernels(_lowered(case, None, "h100-vulkan"), coopmat):
            validate(kernel.spirv)
    # One chunk (the merge writes O) and the last workgroups combining.
    case = DecodeCase(1, 32, 8, 1, 1024, 128, 128, out="f16")
    for chunks, fused in ((1, False), (None, True)):
        module = _lowered(case, chunks, "h100-vulkan", fused)
        (kernel,) = compile_kernels(module, coopmat)
        validate(kernel.spirv)


def test_h100_kernel_reads_k_and_v_in_16_byte_loads():
    """On h100-vulkan the partial kernel reads K and V (and Q) through
    uvec4 views: each vector<8xf16> load is one 16-byte load, 8 keys of K
    and of V per step (before the key loop, and in it for the next step)."""
    case = DecodeCase(1, 32, 8, 1, 1024, 128, 128, out="f16")
    module = _lowered(case, None, "h100-vulkan")
    ConvertToSpirv(coopmat="khr").apply(Context(), module)
    text = str(module)
    for arg in range(3):
        assert f"@step_decode_arg{arg}_uvec4 bind(0, {arg})" in text
    wide = re.findall(r"spirv.Load .*StorageBuffer.*vector<4xi32>", text)
    assert len(wide) == 4 + 2 * (2 * 8)  # Q of 4 rows; K and V of 8 keys, twice


@pytest.mark.parametrize(
    ("name", "one_chunk"),
    [("gqa-s4-short", False), ("i8-position", False), ("f8e4m3", False), ("d64", True)],
)
def test_kernels_run_on_lavapipe(name, one_chunk):
    require_vulkan()
    case, length, chunks = CASES[name]
    module = _lowered(case, 1 if one_chunk else chunks)
    kernels = {k.name: k for k in compile_kernels(module)}
    for kernel in kernels.values():
        validate(kernel.spirv)
    needs = set().union(*(k.features for k in kernels.values()))
    extensions = set().union(*(k.extensions for k in kernels.values()))
    arrays = case.inputs(length, seed=7)
    with VulkanDevice(needs=needs, extensions=extensions) as device:
        run_host_function(module, "step", kernels, arrays, device)
    assert_close(arrays[-1], case.reference(arrays), TOLERANCE[case.out], "lavapipe")


def test_tensor_form_is_bufferized_and_lowered():
    """On tensors (as a frontend writes it): recognize-frontend bufferizes
    the op, the output becomes an argument, the kernels compute it."""
    case = DecodeCase(1, 4, 2, 2, 40, 16, 16, causal=True)
    text = (
        case.program()
        .replace("memref<", "tensor<")
        .replace(", %o: tensor<1x4x2x16xf32>) {", ") -> tensor<1x4x2x16xf32> {")
        .replace(
            "  coopmlir",
            "  %e = tensor.empty() : tensor<1x4x2x16xf32>\n  %r = coopmlir",
        )
        .replace(
            "outs(%o : tensor<1x4x2x16xf32>)",
            "outs(%e : tensor<1x4x2x16xf32>) -> tensor<1x4x2x16xf32>",
        )
        .replace("func.return", "func.return %r : tensor<1x4x2x16xf32>")
    )
    arrays = case.inputs(29)
    (interpreted,) = returned(parse(text), "step", arrays[:-1])
    exact = case.reference(arrays)
    assert_close(interpreted, exact, TOLERANCE["f32"], "the op on tensors")
    module = lowered_by(text, LowerToCoopmat(target="lavapipe", decode_chunks=2))
    assert_close(output_of(module, "step", arrays), exact, TOLERANCE["f32"], "kernels")


def _attention_program(causal: bool) -> str:
    q, kv, o = "memref<1x4x2x16xf16>", "memref<1x4x1100x16xf16>", "memref<1x4x2x16xf32>"
    attrs = "scale = 0.25 : f32" + (", causal" if causal else "")
    return (
        f"func.func @att(%q: {q}, %k: {kv}, %v: {kv}, %o: {o}) {{\n"
        f"  coopmlir.attention {{{attrs}}} ins(%q, %k, %v : {q}, {kv}, {kv}) "
        f"outs(%o : {o})\n  func.return\n}}\n"
    )


def test_short_attention_against_many_keys_is_routed():
    """`coopmlir.attention` with 2 queries against 1100 keys: the decode
    kernels with the key count as the length, matching the op; causal
    (top-left aligned) keeps its fused kernel."""
    text = _attention_program(causal=False)
    rng = np.random.default_rng(3)
    arrays = [
        rng.standard_normal(s).astype(np.float16)
        for s in ((1, 4, 2, 16), (1, 4, 1100, 16), (1, 4, 1100, 16))
    ]
    arrays.append(np.zeros((1, 4, 2, 16), np.float32))
    want = output_of(parse(text), "att", arrays)
    module = _lowered_names(text)
    assert module[1] == ["att_decode", "att_decode_combine"]
    assert_close(output_of(module[0], "att", arrays), want, TOLERANCE["f32"])
    assert _lowered_names(_attention_program(causal=True))[1] == ["att_attention"]


def _lowered_names(text: str):
    module = lowered_by(text, LowerToCoopmat(target="lavapipe"))
    launches = [op for op in module.walk() if isinstance(op, gpu.LaunchFuncOp)]
    return module, [op.kernel.nested_references.data[0].data for op in launches]


def test_pytorch_decoding_step_over_a_cache_prefix():
    """A decoding step as PyTorch writes it with a fixed length: SDPA over
    `k_cache[:, :, :n]`. torch-mlir exports an extract_slice of each cache
    and the decomposed SDPA; recognize-frontend makes it a
    `coopmlir.attention` of 1 query against n = 1100 keys, which takes the
    decode kernels reading the caches themselves (no subview left for the
    host), on the interpreter and on lavapipe, matching PyTorch although
    the caches hold NaN past n."""
    torch = require_torch()
    from torch_mlir.fx import export_and_import

    class Step(torch.nn.Module):
        def forward(self, q, k_cache, v_cache):
            n = 1100
            sdpa = torch.nn.functional.scaled_dot_product_attention
            return sdpa(q, k_cache[:, :, :n], v_cache[:, :, :n])

    torch.manual_seed(0)
    q = torch.randn(1, 2, 1, 16)
    k, v = torch.randn(1, 2, 1280, 16), torch.randn(1, 2, 1280, 16)
    k[:, :, 1100:], v[:, :, 1100:] = float("nan"), float("nan")
    text = str(export_and_import(Step(), q, k, v, output_type="linalg-on-tensors"))
    want = Step()(q, k, v).numpy()
    module, names = _lowered_names(text)
    assert names == ["main_decode", "main_decode_combine"]
    assert "memref.subview" not in str(module)
    arrays = [q.numpy(), k.numpy(), v.numpy(), np.zeros(want.shape, np.float32)]
    assert_close(output_of(module, "main", arrays), want, 1e-5, "interpreter")
    require_vulkan()
    kernels = {k.name: k for k in compile_kernels(module)}
    with VulkanDevice() as device:
        run_host_function(module, "main", kernels, arrays, device)
    assert_close(arrays[-1], want, 1e-5, "lavapipe")


def test_pytorch_step_with_a_tensor_length_is_a_located_error():
    """`k_cache[:, :, :length.item()]` exports dynamic key sizes: not a
    decoding step these kernels take; a located error (it was a Python
    ValueError from folding a generic of run-time size as a constant)."""
    torch = require_torch()
    from torch_mlir.fx import export_and_import

    class Step(torch.nn.Module):
        def forward(self, q, k_cache, v_cache, length):
            n = length.item()
            torch._check(n >= 1)
            torch._check(n <= k_cache.shape[2])
            sdpa = torch.nn.functional.scaled_dot_product_attention
            return sdpa(q, k_cache[:, :, :n], v_cache[:, :, :n])

    q, k = torch.randn(1, 2, 1, 16), torch.randn(1, 2, 64, 16)
    length = torch.tensor(40, dtype=torch.int32)
    exported = export_and_import(
        Step(), q, k, k, length, output_type="linalg-on-tensors"
    )
    with pytest.raises(CompileError, match=r"input.mlir:\d+:\d+: error: "):
        lowered_by(str(exported), LowerToCoopmat(target="lavapipe"))
