"""Skinny products (skinny_plan.py, skinny_kernel.py): matmuls of M = 1..16
(nn.Linear's `x @ W^T` with W [N, K], and `x @ W` with W [K, N]),
linalg.matvec and vecmat become one SIMT kernel (two where K is split)
that computes on the interpreter what the op computes, matches numpy in
f64 within the f32 accumulation's error, validates with spirv-val for
lavapipe and the H100 (KHR and NV2 strategies) and runs on lavapipe."""

from __future__ import annotations

import numpy as np
import pytest
from support.error_model import assert_close
from support.lowering import interpreted, lowered_by, output_of, parse
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.spirv import grammar
from coopmlir.elements import round_bf16
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.matching import match_matmul
from coopmlir.passes.lower_to_coopmat.skinny_plan import (
    plan_skinny,
    skinny_product,
)
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan import VulkanDevice
from coopmlir.spirv.tools import assemble, validate
from coopmlir.targets import get_target

NP = {"f16": np.float16, "f32": np.float32, "bf16": np.float32}
#: Per term of the f32 sums (inputs are exact in f32; an f16 / bf16 output
#: adds its rounding).
OUTPUT_EPS = {"f32": 2e-6, "f16": 1e-3, "bf16": 8e-3}


def linear(m, n, k, elem="f16", out="f32", weight_nk=True, fill=True) -> str:
    """@linear(x [M, K], W, y [M, N]): y (= 0 with `fill`) += x W^T (W
    [N, K], `weight_nk`) or x W (W [K, N])."""
    w_shape = f"{n}x{k}" if weight_nk else f"{k}x{n}"
    w_map = "(n, k)" if weight_nk else "(k, n)"
    x, w, y = (
        f"memref<{m}x{k}x{elem}>",
        f"memref<{w_shape}x{elem}>",
        f"memref<{m}x{n}x{out}>",
    )
    fill_ops = (
        f"  %z = arith.constant 0.0 : {out}\n"
        f"  linalg.fill ins(%z : {out}) outs(%y : {y})\n"
        if fill
        else ""
    )
    return (
        f"func.func @linear(%x: {x}, %w: {w}, %y: {y}) {{\n{fill_ops}"
        "  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
        f"affine_map<(m, n, k) -> {w_map}>, affine_map<(m, n, k) -> (m, n)>]\n"
        f"    ins(%x, %w : {x}, {w}) outs(%y : {y})\n"
        "  func.return\n}\n"
    )


def vector_op(name, n, k, elem="f32") -> str:
    """@linear(x [K], A, y [N]) with `linalg.matvec` (A [N, K]) or
    `linalg.vecmat` (A [K, N]); y += the product."""
    a = f"memref<{n}x{k}x{elem}>" if name == "matvec" else f"memref<{k}x{n}x{elem}>"
    x, y = f"memref<{k}x{elem}>", f"memref<{n}x{elem}>"
    ins = f"%a, %x : {a}, {x}" if name == "matvec" else f"%x, %a : {x}, {a}"
    return (
        f"func.func @linear(%x: {x}, %a: {a}, %y: {y}) {{\n"
        f"  linalg.{name} ins({ins}) outs(%y : {y})\n  func.return\n}}\n"
    )


def _random(shape, elem, rng):
    x = rng.uniform(-1, 1, size=shape).astype(np.float32)
    return round_bf16(x) if elem == "bf16" else x.astype(NP[elem])


def _check(text, arrays, want, out_elem, k, target="lavapipe", **options):
    """Lower `text` (one skinny kernel, no linalg left), interpret it and the
    input; both match `want` (numpy, f64)."""
    module = lowered_by(text, LowerToCoopmat(target=target, **options))
    kernels = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assert kernels and all("_skinny" in k.sym_name.data for k in kernels)
    assert not [op for op in module.walk() if op.dialect_name() == "linalg"]
    tolerance = OUTPUT_EPS[out_elem] * 4 + 4e-7 * k
    before = output_of(parse(text), "linear", arrays)
    after = output_of(module, "linear", arrays)
    assert_close(before, want, tolerance, "the op")
    assert_close(after, want, tolerance, "the skinny kernel")
    return module


@pytest.mark.parametrize(
    "m, n, k, elem, out, weight_nk, fill",
    [
        (1, 7, 40, "f16", "f32", True, True),  # K: whole 16-byte chunks
        (3, 9, 37, "f32", "f32", True, False),  # odd K: one element per load
        (16, 5, 24, "bf16", "f32", True, True),
        (3, 13, 16, "f16", "f16", True, True),  # f16 out, N past the last row
        (1, 24, 9, "f16", "f32", False, True),  # [K, N]: 8 columns per lane
        (3, 11, 10, "f32", "f32", False, False),  # odd N: one column per lane
        (16, 8, 6, "bf16", "bf16", False, True),
    ],
)
def test_products_match_numpy(m, n, k, elem, out, weight_nk, fill):
    rng = np.random.default_rng(m * 1000 + n * 10 + k)
    w_shape = (n, k) if weight_nk else (k, n)
    x, w = _random((m, k), elem, rng), _random(w_shape, elem, rng)
    y = np.zeros((m, n), NP[out]) if fill else _random((m, n), out, rng)
    w_kn = w.astype(np.float64).T if weight_nk else w.astype(np.float64)
    want = x.astype(np.float64) @ w_kn + (0 if fill else y.astype(np.float64))
    text = linear(m, n, k, elem, out, weight_nk, fill)
    _check(text, [x, w, y], want, out, k, skinny=True)


@pytest.mark.parametrize("name", ["matvec", "vecmat"])
def test_matvec_and_vecmat(name):
    n, k = 11, 20
    rng = np.random.default_rng(7)
    a_shape = (n, k) if name == "matvec" else (k, n)
    x, a, y = (_random(s, "f32", rng) for s in ((k,), a_shape, (n,)))
    a64 = a.astype(np.float64)
    want = (a64 @ x if name == "matvec" else x @ a64) + y
    _check(vector_op(name, n, k), [x, a, y], want, "f32", k, skinny=True)


@pytest.mark.parametrize("weight_nk", [True, False])
def test_split_k_sums_slices_in_a_second_kernel(weight_nk):
    """Few outputs, long K: lavapipe's 8 compute units want 16 workgroups,
    so K is split and the reduction kernel adds the slices (onto y)."""
    m, n, k = 2, 5, 515
    text = linear(m, n, k, "f32", "f32", weight_nk, fill=False)
    module = parse(text)
    product = skinny_product(match_matmul(next(_matmuls(module))))
    plan = plan_skinny(product, get_target("lavapipe"))
    assert plan.slices > 1 and plan.slices * plan.slice_k >= k
    rng = np.random.default_rng(3)
    x = _random((m, k), "f32", rng)
    w = _random((n, k) if weight_nk else (k, n), "f32", rng)
    y = _random((m, n), "f32", rng)
    w_kn = w.T if weight_nk else w
    want = x.astype(np.float64) @ w_kn.astype(np.float64) + y
    lowered = _check(text, [x, w, y], want, "f32", k, skinny=True)
    names = [op.sym_name.data for op in lowered.walk() if isinstance(op, gpu.FuncOp)]
    assert names == ["linear_skinny", "linear_skinny_reduce"]


def _matmuls(module):
    return (op for op in module.walk() if op.name == "linalg.matmul")


def test_planner_chooses_by_m_and_weight_size():
    """Left out, `skinny` takes M <= 8 with a f16 weight of 256 x 256 or
    more (quantized weights up to 16: test_weight_decode.py); M = 9, M = 16,
    a small weight, skinny=false or a fragment option keep the fragment
    kernel; skinny=true forces it at M = 16."""

    def kernels(m, n, k, **options):
        module = lowered_by(
            linear(m, n, k, "f16", "f32"),
            LowerToCoopmat(target="h100-vulkan", **options),
        )
        return [op.sym_name.data for op in module.walk() if isinstance(op, gpu.FuncOp)]

    assert kernels(8, 256, 256) == ["linear_skinny"]
    assert kernels(9, 256, 256) == ["linear"]
    assert kernels(16, 256, 256) == ["linear"]
    assert kernels(16, 256, 256, skinny=True) == ["linear_skinny"]
    assert kernels(4, 64, 64) == ["linear"]
    assert kernels(4, 256, 256, skinny=False) == ["linear"]
    assert kernels(4, 256, 256, stages=1) == ["linear"]
    assert kernels(4, 64, 64, skinny=True) == ["linear_skinny"]


def test_h100_plan_for_llama_shapes():
    """4096 x 4096 at M = 1: 4 rows per workgroup, 1024 workgroups of 128
    work-items fill 132 compute units without a split; [K, N] weights of
    4096 columns (256 per workgroup) split K to reach 2 workgroups per unit."""
    target = get_target("h100-vulkan")
    for weight_nk, slices in ((True, 1), (False, 17)):
        module = parse(linear(1, 4096, 4096, "f16", "f32", weight_nk))
        plan = plan_skinny(skinny_product(match_matmul(next(_matmuls(module)))), target)
        assert (plan.threads, plan.width, plan.slices) == (128, 8, slices)
        assert plan.grid()[0] == (1024 if weight_nk else 16)


def test_refusal_is_a_located_error_with_skinny_true():
    text = (
        linear(2, 8, 8, "f16", "f32")
        .replace("affine_map<(m, n, k) -> (m, k)>", "affine_map<(m, n, k) -> (k, m)>")
        .replace("%x: memref<2x8xf16>", "%x: memref<8x2xf16>")
        .replace("%x, %w : memref<2x8xf16>", "%x, %w : memref<8x2xf16>")
    )
    with pytest.raises(
        CompileError, match="skinny=true: .* A or C is stored transposed"
    ):
        lowered_by(text, LowerToCoopmat(target="lavapipe", skinny=True))


@pytest.mark.parametrize("coopmat", ["khr", "nv2"])
def test_h100_kernels_validate(coopmat):
    """The H100's kernels (subgroup 32; split K too) pass spirv-val."""
    for text in (
        linear(16, 40, 264, "f16", "f16"),
        linear(1, 24, 4096, "bf16", "f32", weight_nk=False),
    ):
        module = lowered_by(text, LowerToCoopmat(target="h100-vulkan", skinny=True))
        for kernel in compile_kernels(module, coopmat=coopmat):
            validate(kernel.spirv)


def test_kernels_run_on_lavapipe():
    require_vulkan()
    rng = np.random.default_rng(11)
    for m, n, k, elem, weight_nk in (
        (3, 13, 264, "f16", True),
        (1, 17, 9, "f32", True),
        (16, 24, 40, "f16", False),
        (2, 5, 515, "f32", True),  # split K: two kernels
    ):
        text = linear(m, n, k, elem, "f32", weight_nk)
        module = lowered_by(text, LowerToCoopmat(target="lavapipe", skinny=True))
        x = _random((m, k), elem, rng)
        w = _random((n, k) if weight_nk else (k, n), elem, rng)
        kernels = {kr.name: kr for kr in compile_kernels(module)}
        needs = set().union(*(kr.features for kr in kernels.values()))
        extensions = set().union(*(kr.extensions for kr in kernels.values()))
        for kernel in kernels.values():
            validate(kernel.spirv)
        y = np.zeros((m, n), np.float32)
        with VulkanDevice(needs=needs, extensions=extensions) as device:
            run_host_function(module, "linear", kernels, [x, w, y], device)
        w_kn = w.T if weight_nk else w
        want = x.astype(np.float64) @ w_kn.astype(np.float64)
        assert_close(y, want, 1e-5 + 4e-7 * k, "lavapipe")
        (interpreted_y,) = interpreted(module, "linear", [x, w, y * 0])[2:]
        assert_close(y, interpreted_y, 1e-5, "lavapipe vs interpreter")


#: y[32] = W[32 x 64] x[64] by one invocation through SPV_NV_cooperative_vector
#: (f16 input and matrix, row-major with a 128-byte stride, f32 result): the
#: form a cooperative-vector variant of the skinny kernel would emit
#: (docs/kernels.md, "Skinny products and cooperative vectors").
COOPERATIVE_VECTOR = """
               OpCapability Shader
               OpCapability Float16
               OpCapability StorageBuffer16BitAccess
               OpCapability CooperativeVectorNV
               OpExtension "SPV_NV_cooperative_vector"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %x %w %y
               OpExecutionMode %main LocalSize 32 1 1
               OpDecorate %arr_h ArrayStride 2
               OpDecorate %arr_f ArrayStride 4
               OpDecorate %sx Block
               OpMemberDecorate %sx 0 Offset 0
               OpDecorate %sy Block
               OpMemberDecorate %sy 0 Offset 0
               OpDecorate %x DescriptorSet 0
               OpDecorate %x Binding 0
               OpDecorate %w DescriptorSet 0
               OpDecorate %w Binding 1
               OpDecorate %y DescriptorSet 0
               OpDecorate %y Binding 2
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %half = OpTypeFloat 16
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
      %arr_h = OpTypeRuntimeArray %half
      %arr_f = OpTypeRuntimeArray %float
         %sx = OpTypeStruct %arr_h
         %sy = OpTypeStruct %arr_f
        %psx = OpTypePointer StorageBuffer %sx
        %psy = OpTypePointer StorageBuffer %sy
       %pa_h = OpTypePointer StorageBuffer %arr_h
       %pa_f = OpTypePointer StorageBuffer %arr_f
          %x = OpVariable %psx StorageBuffer
          %w = OpVariable %psx StorageBuffer
          %y = OpVariable %psy StorageBuffer
      %u0 = OpConstant %uint 0
      %u64 = OpConstant %uint 64
      %u32 = OpConstant %uint 32
     %u128 = OpConstant %uint 128
     %fp16 = OpConstant %uint 0
     %fp32 = OpConstant %uint 1
     %rowmajor = OpConstant %uint 0
       %bool = OpTypeBool
      %false = OpConstantFalse %bool
      %cvk = OpTypeCooperativeVectorNV %half %u64
      %cvn = OpTypeCooperativeVectorNV %float %u32
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %xp = OpAccessChain %pa_h %x %u0
         %wp = OpAccessChain %pa_h %w %u0
         %yp = OpAccessChain %pa_f %y %u0
         %xv = OpCooperativeVectorLoadNV %cvk %xp %u0
         %r = OpCooperativeVectorMatrixMulNV %cvn %xv %fp16 %wp %u0 %fp16 %u32 %u64 %rowmajor %false %u128
               OpCooperativeVectorStoreNV %yp %u0 %r
               OpReturn
               OpFunctionEnd
"""


def test_cooperative_vector_is_known_to_the_grammar_and_spirv_val():
    assert grammar.opcode("OpCooperativeVectorMatrixMulNV") == 5289
    assert (
        "CooperativeVectorNV"
        in grammar.instruction_requirements(
            "OpCooperativeVectorMatrixMulNV"
        ).capabilities
    )
    validate(assemble(COOPERATIVE_VECTOR))


@pytest.mark.parametrize("bias, shape", [(True, (3, 1, 256)), (False, (2, 256))])
def test_exported_linear_is_one_skinny_kernel_matching_pytorch(bias, shape):
    """torch-mlir's f16 nn.Linear (W [N, K] through a folded transpose, a
    [B, 1, K] input collapsed to [B, K], f32 sums, the bias add and the
    truncf to f16 as an epilogue) is one skinny kernel with its epilogue
    fused, left to the planner; on lavapipe it matches PyTorch."""
    torch = require_torch()
    from coopmlir.tools.torch_frontend import compile_and_check, export

    torch.manual_seed(len(shape))
    model = torch.nn.Linear(256, 264, bias=bias).half().eval()
    x = torch.randn(*shape).half()
    module = lowered_by(export(model, x), LowerToCoopmat(target="h100-vulkan"))
    kernels = [op.sym_name.data for op in module.walk() if isinstance(op, gpu.FuncOp)]
    assert kernels == ["forward_skinny"]
    require_vulkan()
    check = compile_and_check(model, x, device="vulkan")
    assert check.ok, check.report()
