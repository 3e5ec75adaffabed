"""Operands copied transposed before their product (passes/lower_to_coopmat/
pretranspose.py, transpose_kernel.py): `pretranspose=a|b|ab|none` and the
target's rule for 8-bit operands.

Each case runs L0, L1 (the transpose kernels and the product on the copies)
and L2 on the interpreter on the same random data (integers exactly, floats
within the accumulation-order bound), validates every SPIR-V module, and on
lavapipe runs the kernels (pipeline_cases.check_case).
"""

from __future__ import annotations

import re

import pytest
from support.device_runs import lavapipe
from support.lowering import lowered_by
from support.pipeline_cases import Case, check_case
from support.pytorch import require_torch
from support.vulkan_device import require_vulkan
from xdsl.dialects.builtin import Float16Type, Float32Type, MemRefType, i8, i64

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.lower_to_coopmat.pretranspose import F16_REUSE, REUSE, WORK
from coopmlir.passes.lower_to_coopmat.transpose_kernel import vectorized
from coopmlir.targets import TARGETS

H100 = "h100-vulkan"

COPIED = [
    # B as K x N copied to N x K; sizes that leave partial 64 x 64 tiles
    Case(70, 65, 130, "s8-s32", H100, pretranspose="b", fill=True),
    Case(33, 129, 64, "u8-u32", H100, pretranspose="b"),
    # A stored K x M becomes M x K; both copied; batches (grid z)
    Case(40, 24, 100, "s8-s32", H100, "a", pretranspose="a"),
    Case(20, 36, 96, "s8-s32", H100, "ab", batch=2, pretranspose="ab", fill=True),
    # any type: f16 A copied to K x M (the TN layout), with split-K
    Case(48, 40, 200, "f16-f32", H100, pretranspose="a", split_k=2),
    Case(32, 48, 128, "f16-f16", H100, "b", named=True, pretranspose="b"),
    Case(40, 36, 72, "bf16-f32", H100, pretranspose="a"),
    # stages=0 reads the copy's fragments straight from global memory
    Case(16, 32, 96, "s8-s32", H100, tile="16x16x32", stages=0, pretranspose="b"),
    # sides of whole tiles (128 bytes, 64 wider elements): 16-byte runs
    Case(64, 128, 256, "s8-s32", H100, pretranspose="b", fill=True),
    Case(128, 128, 128, "u8-u32", H100, "ab", batch=2, pretranspose="ab"),
    Case(128, 64, 64, "f16-f32", H100, pretranspose="a", split_k=2),
    Case(64, 128, 64, "bf16-f32", H100, "b", pretranspose="ab"),
]


@pytest.mark.parametrize("case", COPIED, ids=repr)
def test_copied_operands_agree_with_the_interpreter(case: Case):
    outcome = check_case(case, simt_spirv=False)
    # VK_NV_cooperative_matrix has no integer or bf16 matrices: KHR only
    assert set(outcome.refusals) <= {"NV integer matrices", "NV bf16 matrices"}
    assert outcome.levels == ["L1", "L2"]
    copies = 2 if case.pretranspose == "ab" else 1
    reduction = 1 if (case.split_k or 1) > 1 else 0
    assert outcome.modules >= 1 + copies + reduction


@pytest.mark.parametrize(
    "case",
    [
        Case(37, 70, 90, "s8-s32", "lavapipe", "a", pretranspose="ab", fill=True),
        Case(16, 128, 128, "s8-s32", "lavapipe", pretranspose="b"),  # 16-byte runs
    ],
    ids=repr,
)
def test_copied_operands_run_on_lavapipe(case: Case):
    require_vulkan()
    outcome = check_case(case, device=lavapipe())
    assert outcome.device_runs == 1


@pytest.mark.parametrize(
    ("shape", "element", "runs"),
    [((128, 256), i8, True), ((2, 128, 64), Float16Type(), True)]
    + [((64, 64), Float32Type(), True), ((64, 128), i8, False)]
    + [((70, 64), Float16Type(), False), ((64, 64), i64, False)],
)
def test_the_copy_moves_16_byte_runs_where_sides_are_whole_tiles(shape, element, runs):
    src = MemRefType(element, shape)
    assert vectorized(src) is runs


def lowered(source: str, **options) -> str:
    return str(lowered_by(source, LowerToCoopmat(**options)))


def i8_product(m: int, n: int, k: int, transposed: str = "") -> str:
    return Case(m, n, k, "s8-s32", H100, transposed).source()


def copies(text: str) -> list[str]:
    """The transpose launches' argument lists, in order."""
    return re.findall(r"gpu.launch_func @\w+::@\w+_transpose_(\w) .*", text)


def test_the_rule_copies_an_8bit_b_stored_k_by_n():
    text = lowered(i8_product(2048, 2048, 1024), target=H100, explain=True)
    assert copies(text) == ["b"]
    assert "memref.alloc() : memref<2048x1024xi8>" in text  # N x K
    assert "memref.dealloc" in text
    # the product's kernel reads the copy, as B stored N x K
    launch = re.search(r"gpu.launch_func @\w+::@matmul .*", text)
    assert launch and "memref<2048x1024xi8>" in launch.group(0)


def test_the_rule_copies_an_8bit_a_stored_k_by_m():
    text = lowered(i8_product(2048, 2048, 1024, "ab"), target=H100)
    assert copies(text) == ["a"]  # B stored N x K is already K-contiguous


@pytest.mark.parametrize("types", ["f16-f32", "f16-f16", "bf16-f32"])
def test_the_rule_copies_a_16bit_a_where_n_is_wide(types: str):
    text = lowered(Case(4096, 4096, 4096, types, H100).source(), target=H100)
    assert copies(text) == ["a"]  # stored M x K, read as K x M


LEFT_ALONE = {
    "too little work": (i8_product(1024, 1024, 1024), H100),
    "M below REUSE": (i8_product(REUSE // 2, 8192, 8192), H100),
    "already K-contiguous": (i8_product(2048, 2048, 1024, "b"), H100),
    "f16, N below F16_REUSE": (Case(8192, 3072, 768, "f16-f32", H100).source(), H100),
    "f16 A stored K x M": (Case(4096, 4096, 4096, "f16-f32", H100, "a").source(), H100),
    "f16 with B N x K (no faster)": (
        Case(4096, 4096, 4096, "f16-f32", H100, "b").source(),
        H100,
    ),
    "bf16 with B N x K (no faster)": (
        Case(4096, 4096, 4096, "bf16-f32", H100, "b").source(),
        H100,
    ),
    "a target without the rule": (i8_product(2048, 2048, 1024), "simt"),
}


@pytest.mark.parametrize("why", LEFT_ALONE)
def test_the_rule_leaves_these_alone(why: str):
    source, target = LEFT_ALONE[why]
    assert not copies(lowered(source, target=target))


def test_the_rule_is_the_targets():
    assert TARGETS[H100].pretranspose_rules
    assert not TARGETS["lavapipe"].pretranspose_rules
    assert 1024**3 < WORK <= 2048 * 2048 * 1024
    assert 3072 < F16_REUSE <= 4096


def test_none_turns_the_rule_off():
    text = lowered(i8_product(2048, 2048, 1024), target=H100, pretranspose="none")
    assert not copies(text)


def test_an_unknown_choice_is_an_error():
    with pytest.raises(CompileError, match="pretranspose=ba must be none, a, b or ab"):
        lowered(i8_product(64, 64, 64), target=H100, pretranspose="ba")


def test_a_copy_that_cannot_be_read_is_a_remark(capsys):
    source = """
func.func @matmul(%A: memref<?x64xi8>, %B: memref<64x64xi8>, %C: memref<?x64xi32>) {
  linalg.matmul ins(%A, %B : memref<?x64xi8>, memref<64x64xi8>) outs(%C : memref<?x64xi32>)
  func.return
}
"""
    text = lowered(source, target=H100, pretranspose="b")
    assert not copies(text)
    assert "pretranspose=b is not applied: a run-time size" in capsys.readouterr().err


#: Products as torch-mlir exports them, (function, element type, model-size
#: (M, N, K), the operand the rule copies there): torch._int_mm (i8 x i8 ->
#: i32) is a plain linalg.matmul on tensors; torch.matmul on bf16 a
#: linalg.matmul into f32 and a truncf.
EXPORTED = {
    "int_mm": ("_int_mm", "int8", (2048, 2048, 1024), "b"),
    "bf16 matmul": ("matmul", "bfloat16", (4096, 4096, 4096), "a"),
}


@pytest.mark.parametrize("name", EXPORTED)
def test_products_as_torch_mlir_exports_them(name: str):
    # At model size the rule copies the operand; forced small, the copy is
    # made and the result is PyTorch's.
    torch = require_torch()
    from coopmlir.tools.torch_frontend import compile_and_check, export

    function, dtype, (m, n, k), copied = EXPORTED[name]

    class Product(torch.nn.Module):
        def forward(self, a, b):
            return getattr(torch, function)(a, b)

    def operand(*shape):
        if dtype == "int8":
            return torch.randint(-128, 128, shape, dtype=torch.int8)
        return torch.randn(*shape, dtype=getattr(torch, dtype))

    big = export(Product().eval(), operand(m, k), operand(k, n))
    assert copies(lowered(big, target=H100)) == [copied]
    a, b = operand(48, 64), operand(64, 40)
    small = export(Product().eval(), a, b)
    assert copies(lowered(small, target=H100, pretranspose=copied)) == [copied]
    check = compile_and_check(
        Product().eval(), a, b, target=H100, options=f"pretranspose={copied}"
    )
    assert check.ok, check.report()
