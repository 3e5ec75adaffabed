"""spec-constants=true: one module (one SPIR-V binary) for several subgroup
grids and, on matrix units, matrix shapes (m, n, k). The interpreter runs it
for given values (numpy is the reference),
spirv-val checks the module and each value set (spirv-opt sets the
defaults), real MLIR reads and serializes its spirv.module, and plans that
cannot leave the grid open are refused."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import numpy as np
import pytest
from support.lowering import lowered, output_of, parse
from support.mlir_tools import MLIR_OPT, MLIR_TRANSLATE, run_mlir
from xdsl.printer import Printer

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModuleOp
from coopmlir.interpreter.specialize import specialize_matrices
from coopmlir.interpreter.values import InterpretationFailure
from coopmlir.spirv.serializer import serialize_to_binary
from coopmlir.spirv.tools import find_tool, validate

SOURCE_PATH = Path(__file__).parents[4] / "examples" / "matmul.mlir"
SOURCE = SOURCE_PATH.read_text()
# 64x48 += 64x32 * 32x48: subgroup tiles of 16x16, so subgroups_m divides 4
# and subgroups_n divides 3.
OPTIONS = "spec-constants=true tile=32x16x16 subgroups=2x1"
VALUE_SETS = [
    {},
    {"subgroups_m": 1},
    {"subgroups_m": 4, "subgroups_n": 3},
    {"coopmat_m": 8},  # the types of the kernel become 8x16, 16x16, 8x16
    {"coopmat_m": 32, "coopmat_n": 8, "coopmat_k": 8, "subgroups_n": 3},
]


@pytest.fixture(scope="module")
def operands():
    rng = np.random.default_rng(7)
    a = rng.standard_normal((64, 32)).astype(np.float16)
    b = rng.standard_normal((32, 48)).astype(np.float16)
    c = rng.standard_normal((64, 48)).astype(np.float32)
    return a, b, c


@pytest.fixture(scope="module")
def l1():
    return lowered(SOURCE, f"lower-to-coopmat{{target=generic {OPTIONS}}}")


def spirv_modules(module) -> list[SpirvModuleOp]:
    return [op for op in module.walk() if isinstance(op, SpirvModuleOp)]


@pytest.mark.parametrize("values", VALUE_SETS, ids=str)
def test_interpreter_runs_each_value_set(l1, operands, values):
    a, b, c = operands
    got = output_of(l1, "matmul", operands, spec_values=values)
    expected = a.astype(np.float32) @ b.astype(np.float32) + c
    np.testing.assert_allclose(got, expected, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize(
    "values, message",
    [
        ({"subgroups_m": 3}, "must divide M=64"),
        ({"coopmat_n": 32}, r"\(subgroups_n x 1 x coopmat_n\) must divide N=48"),
        ({"coopmat_k": 64}, r"the K tile \(1 x coopmat_k\) must divide K=32"),
    ],
)
def test_values_that_do_not_divide_the_problem_are_refused(
    l1, operands, values, message
):
    with pytest.raises(InterpretationFailure, match=message):
        output_of(l1, "matmul", operands, spec_values=values)


def test_the_interpreter_resizes_the_matrix_types(l1):
    resized = str(specialize_matrices(l1, {"coopmat_m": 8, "coopmat_k": 32}))
    assert (
        "!coopmat.matrix<8x32xf16, a>, !coopmat.matrix<32x16xf16, b> -> "
        "!coopmat.matrix<8x16xf32, acc>" in resized
    )
    assert specialize_matrices(l1, {"subgroups_m": 1}) is l1  # nothing to resize


def test_kernel_and_host_read_the_same_constants(l1):
    text = str(l1)
    assert text.count('coopmat.spec_constant "subgroups_m" spec_id(3) = 2') == 2
    assert text.count('coopmat.spec_constant "subgroups_n" spec_id(4) = 1') == 2
    assert text.count('coopmat.spec_constant "coopmat_k" spec_id(7) = 16') == 2
    assert "known_block_size" not in text  # it follows the values
    assert "coopmlir.spec_workgroup_size = array<i32: 64, 1, 1>" in text


@pytest.mark.parametrize(
    "options, reason",
    [
        ("stages=1", "needs stages=0"),
        ("tile=32x16x16 subgroups=2x1 split-k=2", "with split-k=1"),
        ("target=lavapipe kernel=simt-tiled", "takes the fragment kernel"),
        ("tile=48x16x16 subgroups=3x1", "multiples of the tile 48x16x16"),
    ],
)
def test_plans_that_fix_the_grid_are_refused(options, reason):
    if "target=" not in options:
        options += " target=generic"
    pipeline = f"lower-to-coopmat{{spec-constants=true {options}}}"
    with pytest.raises(CompileError, match=reason):
        lowered(SOURCE, pipeline)


def binary(target: str) -> bytes:
    module = lowered(SOURCE, f"lower-to-spirv{{target={target} {OPTIONS}}}")
    (spirv,) = spirv_modules(module)
    return serialize_to_binary(spirv)


@pytest.fixture(scope="module")
def binaries() -> dict[str, bytes]:
    # KHR matrices, and SIMT code (coopmat-to-simt: the grid only)
    return {target: binary(target) for target in ("generic", "lavapipe")}


@pytest.mark.parametrize(
    "target, values",
    [
        ("generic", ""),
        ("generic", "3:1 4:3 0:96"),
        ("generic", "5:8 6:8 7:8"),
        ("generic", "3:4 5:32 6:8 7:8 0:128"),
        ("lavapipe", ""),
        ("lavapipe", "3:4 4:1 0:32"),
    ],
)
def test_spirv_val_accepts_the_module_and_each_value_set(
    binaries, tmp_path, target, values
):
    binary = binaries[target]
    validate(binary)
    if not values:
        return
    source, out = tmp_path / "in.spv", tmp_path / "out.spv"
    source.write_bytes(binary)
    subprocess.run(
        [
            find_tool("spirv-opt"),
            f"--set-spec-const-default-value={values}",
            str(source),
            "-o",
            str(out),
        ],
        check=True,
    )
    specialized = out.read_bytes()
    assert specialized != binary
    validate(specialized)


def test_mlir_reads_and_serializes_the_spirv_module(tmp_path):
    module = lowered(SOURCE, f"lower-to-spirv{{target=lavapipe {OPTIONS}}}")
    (spirv,) = spirv_modules(module)
    text = io.StringIO()
    Printer(stream=text).print_op(spirv)
    assert "spirv.SpecConstant @subgroups_m spec_id(3) = 2 : i32" in text.getvalue()
    parsed = run_mlir(MLIR_OPT, stdin=text.getvalue())
    assert parsed.returncode == 0, parsed.stderr
    out = tmp_path / "mlir.spv"
    translated = run_mlir(
        MLIR_TRANSLATE,
        "--no-implicit-module",
        "--serialize-spirv",
        "-o",
        str(out),
        stdin=text.getvalue(),
    )
    assert translated.returncode == 0, translated.stderr
    validate(out.read_bytes())  # MLIR's copy: LocalSize, no WorkgroupSize built-in


def test_a_fused_epilogue_keeps_static_matrix_sizes_and_an_open_grid(capfd):
    source = (SOURCE_PATH.parent / "matmul_epilogue.mlir").read_text()
    l1 = lowered(source, "lower-to-coopmat{target=generic spec-constants=true}")
    assert "the matrix sizes stay static" in capfd.readouterr().err
    assert "coopmat_m" not in str(l1)
    rng = np.random.default_rng(2)
    arrays = [
        rng.standard_normal((64, 32)).astype(np.float16),
        rng.standard_normal((32, 32)).astype(np.float16),
        rng.standard_normal(32).astype(np.float32),
        np.zeros((64, 32), np.float16),
    ]
    expected = output_of(parse(source), "bias_relu", arrays)
    got = output_of(l1, "bias_relu", arrays, spec_values={"subgroups_m": 1})
    np.testing.assert_allclose(got, expected, rtol=1e-2, atol=1e-2)
