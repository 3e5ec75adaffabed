"""convert-to-spirv on the kernels the pipeline emits: every module passes
spirv-val (a missing spirv-val fails, it is never skipped), the output is
deterministic, bad input is a located error, and `compile_kernels` gives the
runtime what it needs."""

from __future__ import annotations

import re
import subprocess
import sys

import numpy as np
import pytest
from support.kernel_modules import conversion_operands, conversion_source
from support.lowering import lowered
from support.matmul_programs import matmul_source_by_element
from support.tiers import covering

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.serializer import serialize_to_binary
from coopmlir.spirv.tools import disassemble, validate

# (a, c, unsigned)
COOPMAT_TYPES = [
    ("f16", "f32", False),
    ("f16", "f16", False),
    ("i8", "i32", False),
    ("i8", "i32", True),
    ("bf16", "f32", False),
]
SIMT_TYPES = [*COOPMAT_TYPES, ("f32", "f32", False)]
SHAPES = {"aligned": (64, 48, 32), "ragged": (50, 36, 20)}


def _id(types):
    a, c, unsigned = types
    return f"{'u' if unsigned else ''}{a}-{c}"


# NV integer and bf16 matrices are refused (test_nv_integer_is_refused,
# test_nv_bf16_is_refused).
FLAVORED = [("khr", t) for t in COOPMAT_TYPES] + [
    ("nv", t) for t in COOPMAT_TYPES if t[0] in ("f16",)
]


@pytest.mark.parametrize("stages", [0, 1, 2])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize(
    ("coopmat", "types"), FLAVORED, ids=[f"{f}-{_id(t)}" for f, t in FLAVORED]
)
def test_coopmat_kernels_validate(coopmat, types, shape, stages):
    a, c, unsigned = types
    module = lowered(
        matmul_source_by_element(*SHAPES[shape], a, c, unsigned),
        f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}",
    )
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)
    assert ("CooperativeMatrixKHR" in kernel.capabilities) == (coopmat == "khr")
    assert ("CooperativeMatrixNV" in kernel.capabilities) == (coopmat == "nv")
    assert "VulkanMemoryModel" in kernel.capabilities


@pytest.mark.parametrize(
    ("types", "shape", "stages"),
    covering(SIMT_TYPES, list(SHAPES), [0, 1, 2], ids=[_id, str, "s{}".format]),
)
def test_simt_kernels_validate(types, shape, stages):
    a, c, unsigned = types
    m, n, k = SHAPES[shape]
    module = lowered(
        matmul_source_by_element(m // 2, n // 2, k, a, c, unsigned),
        f"lower-to-coopmat{{target=lavapipe stages={stages}}},coopmat-to-simt",
    )
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    caps = set(kernel.capabilities)
    assert not caps & {"CooperativeMatrixKHR", "CooperativeMatrixNV"}
    assert {"GroupNonUniform", "VulkanMemoryModel"} <= caps
    assert kernel.required_subgroup_size == 8


def test_nv_integer_is_refused():
    module = lowered(
        matmul_source_by_element(64, 48, 32, "i8", "i32"),
        "lower-to-coopmat{target=h100-vulkan}",
    )
    with pytest.raises(CompileError, match="integer matrices are not supported"):
        compile_kernels(module, coopmat="nv")


@pytest.mark.parametrize("stages", [0, 2])
def test_bf16_matrices_use_spv_khr_bfloat16(stages):
    module = lowered(
        matmul_source_by_element(64, 48, 32, "bf16", "f32"),
        f"lower-to-coopmat{{target=h100-vulkan stages={stages}}}",
    )
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)
    assert {"BFloat16TypeKHR", "BFloat16CooperativeMatrixKHR"} <= set(
        kernel.capabilities
    )
    assert {"shaderBFloat16Type", "shaderBFloat16CooperativeMatrix"} <= kernel.features
    assert "VK_KHR_shader_bfloat16" in kernel.extensions
    text = disassemble(kernel.spirv)
    assert 'OpExtension "SPV_KHR_bfloat16"' in text
    # The matrices hold bf16 components; memory keeps the 16-bit patterns.
    assert re.search(r"(%\w+) = OpTypeFloat 16 BFloat16KHR", text)
    bf16 = re.search(r"(%\w+) = OpTypeFloat 16 BFloat16KHR", text).group(1)
    assert re.search(rf"OpTypeCooperativeMatrixKHR {bf16} ", text)


def test_nv_bf16_is_refused():
    module = lowered(
        matmul_source_by_element(64, 48, 32, "bf16", "f32"),
        "lower-to-coopmat{target=h100-vulkan}",
    )
    with pytest.raises(CompileError, match="bf16 matrices need coopmat=khr"):
        compile_kernels(module, coopmat="nv")


def test_output_is_deterministic():
    def binary() -> bytes:
        module = lowered(
            matmul_source_by_element(50, 36, 20, "f16", "f32"),
            "lower-to-coopmat{target=h100-vulkan stages=2},convert-to-spirv",
        )
        return serialize_to_binary(module)

    first, second = binary(), binary()
    assert first == second
    validate(first)


def test_compile_kernels_describes_the_launch():
    module = lowered(
        matmul_source_by_element(64, 48, 32, "f16", "f32"),
        "lower-to-coopmat{target=h100-vulkan stages=0}",
    )
    before = str(module)
    (kernel,) = compile_kernels(module)
    assert str(module) == before  # the input is left alone
    assert kernel.name == kernel.entry_point == "matmul"
    assert kernel.required_subgroup_size == 32
    assert kernel.grid is not None and kernel.workgroup_size[0] % 32 == 0
    assert [str(t) for t in kernel.arg_types] == [
        "memref<64x32xf16>",
        "memref<32x48xf16>",
        "memref<64x48xf32>",
    ]
    assert kernel.features == {
        "shaderFloat16",
        "storageBuffer16BitAccess",
        "vulkanMemoryModel",
        "cooperativeMatrix",
        "subgroupSizeControl",
        "computeFullSubgroups",
    }
    assert kernel.extensions == {"VK_KHR_cooperative_matrix"}
    binary = kernel.binary()
    assert binary.spirv == kernel.spirv and binary.entry_point == "matmul"


def test_cli_writes_spirv_and_refuses_bad_input(tmp_path):
    source = tmp_path / "matmul.mlir"
    source.write_text(matmul_source_by_element(64, 48, 32, "f16", "f32"))
    spv = tmp_path / "matmul.spv"
    opt = [sys.executable, "-m", "coopmlir.tools.coopmlir_opt"]
    subprocess.run(
        [*opt, str(source), "--lower-to-coopmat", "--convert-to-spirv", "-o", str(spv)],
        check=True,
    )
    validate(spv.read_bytes())
    bad = tmp_path / "bad.mlir"
    bad.write_text(
        """builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
}
"""
    )
    out = tmp_path / "bad.spv"
    result = subprocess.run(
        [*opt, str(bad), "--convert-to-spirv", "-o", str(out)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert (
        f"{bad}:3:5: error: kernel 'k' needs known_block_size (its LocalSize)"
        in result.stderr
    )
    assert "Traceback" not in result.stderr
    assert not out.exists()


def _spirv_text(source: str, lowering: str, coopmat: str = "khr") -> str:
    module = lowered(source, f"lower-to-coopmat{{{lowering}}}")
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)
    spirv = lowered(source, f"lower-to-coopmat{{{lowering}}},convert-to-spirv")
    return str(spirv)


@pytest.mark.parametrize(
    ("a", "c", "tile"),
    [("f16", "f32", "32x16x16"), ("i8", "i32", "32x32x32")],
)
def test_staging_copies_are_128_bit(a, c, tile):
    """Aligned 16-byte chunks: one uvec4 load from a uvec4 view of A and B
    (same binding) and one uvec4 store into uvec4 workgroup tiles, which the
    KHR cooperative-matrix loads read with the stride in uvec4 units."""
    text = _spirv_text(
        matmul_source_by_element(64, 64, 64, a, c),
        f"target=h100-vulkan tile={tile} subgroups=1x1 stages=2",
    )
    assert "@matmul_arg0_uvec4 bind(0, 0)" in text
    assert "@matmul_arg1_uvec4 bind(0, 1)" in text
    assert "@matmul_arg2_uvec4" not in text  # C is written: no second view
    assert text.count("x vector<4xi32>>, Workgroup>") >= 2
    assert 'spirv.Load "StorageBuffer" %' in text and ": vector<4xi32>" in text
    assert "spirv.KHR.CooperativeMatrixLoad" in text


def test_unaligned_staging_copies_stay_scalar():
    """K = 19: rows of A are not whole 16-byte chunks, so A is copied element
    by element (B, with 48-element rows, still moves 128 bits at a time)."""
    text = _spirv_text(
        matmul_source_by_element(64, 48, 19, "f16", "f32"),
        "target=h100-vulkan tile=32x16x16 subgroups=1x1 stages=2",
    )
    assert "@matmul_arg0_uvec4" not in text
    assert "@matmul_arg1_uvec4" in text


def test_nv_staging_unpacks_into_scalar_tiles():
    """coopmat=nv keeps element-typed workgroup tiles: the 128-bit global
    load is unpacked (bitcasts) into element stores, and the module validates."""
    module = lowered(
        matmul_source_by_element(64, 48, 40, "f16", "f32"),
        "lower-to-coopmat{target=h100-vulkan tile=32x16x16 subgroups=1x1 stages=2}",
    )
    (kernel,) = compile_kernels(module, coopmat="nv")
    validate(kernel.spirv)


@pytest.mark.parametrize("coopmat", ["khr", "nv"])
@pytest.mark.parametrize(("m", "s"), [(16, 32), (8, 8)])
def test_conversion_ops_validate(coopmat, m, s):
    module = parse_module(conversion_source(m, m, s))
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    validate(kernel.spirv)


def test_conversion_ops_interpreter_reference():
    """What the kernel computes (the oracle the device tests compare with)."""
    A, C, V, H = args = conversion_operands(16, 16, 32)
    C0 = C.copy()
    run_function(parse_module(conversion_source(16, 16, 32)), "conv", args)
    D = C0 + A.astype(np.float32) @ A.astype(np.float32).T
    np.testing.assert_allclose(C, D, rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(V[:16], D, rtol=1e-3, atol=1e-3)
    np.testing.assert_array_equal(V[16:], 0)
    np.testing.assert_array_equal(H[:16], A.view(np.float32))


@pytest.mark.parametrize(("m", "s"), [(16, 32), (8, 8)])
def test_simt_conversion_ops_validate(m, s):
    """coopmat-to-simt lowers from_vector to a dynamic vector.extract on a
    16-element vector (an array in SPIR-V): it goes through a Function
    variable and an AccessChain, and the module validates."""
    module = lowered(conversion_source(m, m, s), "coopmat-to-simt")
    (kernel,) = compile_kernels(module)
    validate(kernel.spirv)


def test_dynamic_index_into_array_vectors_validates():
    """vector.extract/insert with a dynamic index into vector<8xf16> (an
    array): spilled to a Function variable, element through an AccessChain."""
    source = """
builtin.module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%h: memref<8xf16>, %out: memref<8xf16>) kernel attributes {gpu.known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %lane = gpu.lane_id
      %x = memref.load %h[%lane] : memref<8xf16>
      %v = vector.load %h[%c0] : memref<8xf16>, vector<8xf16>
      %w = vector.insert %x, %v [%lane] : f16 into vector<8xf16>
      %j = arith.xori %lane, %c1 : index
      %e = vector.extract %w[%j] : f16 from vector<8xf16>
      memref.store %e, %out[%lane] : memref<8xf16>
      gpu.return
    }
  }
}
"""
    text = str(lowered(source, "convert-to-spirv"))
    assert (
        text.count("spirv.Variable : !spirv.ptr<!spirv.array<8 x f16>, Function>") == 2
    )
    assert "VectorExtractDynamic" not in text and "VectorInsertDynamic" not in text
    (kernel,) = compile_kernels(parse_module(source))
    validate(kernel.spirv)
