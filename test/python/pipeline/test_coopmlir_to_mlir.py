"""What coopmlir prints, real MLIR reads (issue 13, items 6 and 7): every
KHR and SIMT `spirv.module` of the lit suites' pipelines parses in
mlir-opt-22, mlir-translate-22 serializes it to a module spirv-val accepts,
and coopmlir-opt reads back what mlir-translate-22 deserializes from
coopmlir's own binary; every module the passes' lit suites and examples/
print (L0-L3) verifies in mlir-opt-22 but for the coopmat dialect and the
NV/QCOM ops, and its generic form round-trips through mlir-opt-22. Issue
27: coopmlir's own dialects through their IRDL file (--mlir-compatible,
--emit-irdl), and L3 with drop-gpu-module serialized as written."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from support.lit_outputs import lit_output_cases
from support.mlir_tools import MLIR_OPT, MLIR_TRANSLATE, require_mlir_tool, run_mlir
from support.run_tools import run_opt
from support.tiers import except_heavy
from xdsl.irdl import IRDLOperation, OptionalDef, VariadicDef

from coopmlir.dialects.mlir_form import is_own
from coopmlir.dialects.registry import parse_module
from coopmlir.dialects.spirv.structure import ModuleOp as SpirvModule
from coopmlir.spirv import tools
from coopmlir.spirv.serializer import serialize_to_binary

ROOT = Path(__file__).parents[3]
PASSES = ROOT / "test" / "passes"
INT8 = """func.func @{name}(%a: memref<32x64xi8>, %b: memref<64x32xi8>, %c: memref<32x32xi32>) {{
  linalg.matmul {attrs}ins(%a, %b : memref<32x64xi8>, memref<64x32xi8>) outs(%c : memref<32x32xi32>)
  return
}}
"""
SIGNED = INT8.format(name="s8", attrs="")
UNSIGNED = INT8.format(name="u8", attrs="{cast = #linalg.type_fn<cast_unsigned>} ")

#: (input, coopmlir-opt flags) of every KHR and SIMT spirv.module the lit
#: suites print (test/passes/convert-to-spirv*.mlir), plus the integer
#: products, whose KHR MulAdd carries matrix operands.
SPIRV_CASES = {
    "khr": ("convert-to-spirv.mlir", ["--convert-to-spirv"]),
    "khr-conversion": ("convert-to-spirv-conversion.mlir", ["--convert-to-spirv"]),
    "khr-qcom-default": ("convert-to-spirv-qcom.mlir", ["--convert-to-spirv"]),
    "simt": ("convert-to-spirv-simt.mlir", ["--convert-to-spirv"]),
    # Device-scope atomics and the barriers and accesses they order.
    "simt-atomics": ("convert-to-spirv-atomics.mlir", ["--convert-to-spirv"]),
    "khr-atomics-matrices": (
        "convert-to-spirv-atomics-matrices.mlir",
        ["--convert-to-spirv"],
    ),
    "khr-matrix-ops": ("convert-to-spirv-matrix-ops.mlir", ["--convert-to-spirv"]),
    "khr-drop-gpu-module": (
        "convert-to-spirv-drop-gpu-module.mlir",
        ["--convert-to-spirv=drop-gpu-module=true"],
    ),
    "khr-bf16": (
        "convert-to-spirv-bf16.mlir",
        ["-p", "lower-to-coopmat{target=h100-vulkan stages=0},convert-to-spirv"],
    ),
    # 8-bit floats widened by integer ops in SIMT modules (issue 28).
    **{
        f"simt-{name}": (
            f"convert-to-spirv-{name}.mlir",
            ["-p", "lower-to-coopmat{target=lavapipe},convert-to-spirv"],
        )
        for name in ("f8", "f8-e5m2", "f8-truncf")
    },
    "pipeline-h100": (
        "convert-to-spirv-pipeline.mlir",
        ["--lower-to-spirv=target=h100-vulkan"],
    ),
    "pipeline-lavapipe": (
        "convert-to-spirv-pipeline.mlir",
        ["--lower-to-spirv=target=lavapipe"],
    ),
    "pipeline-lavapipe-staged": (
        "convert-to-spirv-pipeline.mlir",
        ["--lower-to-spirv=target=lavapipe stages=1"],
    ),
    "pipeline-generic": (
        "convert-to-spirv-pipeline.mlir",
        ["--lower-to-coopmat", "--convert-to-spirv"],
    ),
    "s8-h100": (SIGNED, ["--lower-to-spirv=target=h100-vulkan"]),
    "u8-h100": (UNSIGNED, ["--lower-to-spirv=target=h100-vulkan"]),
    "u8-lavapipe": (UNSIGNED, ["--lower-to-spirv=target=lavapipe"]),
    "example-h100-staged": (
        str(ROOT / "examples" / "matmul.mlir"),
        ["--lower-to-spirv=target=h100-vulkan stages=2"],
    ),
}


#: Cases whose SIMT modules, unrolled at lavapipe's own 32x32x32 tile, are
#: megabytes of text (half a minute each on 2 cores): heavy tier only; the
#: default tier reads MLIR's view of SIMT SPIR-V through "simt" and
#: examples/matmul.mlir:2.
HEAVY_SPIRV_CASES = {"pipeline-lavapipe", "pipeline-lavapipe-staged", "u8-lavapipe"}
HEAVY_LIT_CASES = {"convert-to-spirv-pipeline.mlir:2", "examples/matmul.mlir:4"}


@cache
def coopmlir_output(case: str) -> str:
    """What `coopmlir-opt` prints for `case` of SPIRV_CASES."""
    source, flags = SPIRV_CASES[case]
    if "\n" in source:
        result = run_opt("-", *flags, stdin=source)
    else:
        result = run_opt(str(PASSES / source), *flags)
    assert result.returncode == 0, result.stderr
    return result.stdout


def spirv_module(case: str) -> SpirvModule:
    """The one spirv.module of `case`'s output."""
    found = [
        op
        for op in parse_module(coopmlir_output(case)).walk()
        if isinstance(op, SpirvModule)
    ]
    assert len(found) == 1, case
    return found[0]


def test_every_convert_to_spirv_lit_test_is_a_case():
    lit_files = {p.name for p in PASSES.glob("convert-to-spirv*.mlir")}
    # No module comes out of these.
    lit_files -= {
        "convert-to-spirv-invalid.mlir",
        "convert-to-spirv-atomics-invalid.mlir",
    }
    # Workgroup matrices need coopmat=nv2, whose tensor addressing MLIR lacks.
    lit_files -= {"convert-to-spirv-workgroup.mlir"}
    assert lit_files <= {source for source, _ in SPIRV_CASES.values()}


@pytest.mark.parametrize("case", except_heavy(sorted(SPIRV_CASES), HEAVY_SPIRV_CASES))
def test_mlir_opt_parses_and_mlir_translate_serializes_valid_spirv(tmp_path, case):
    mlir_serializes_valid_spirv(str(spirv_module(case)), tmp_path)


def mlir_serializes_valid_spirv(text: str, tmp_path: Path) -> None:
    """mlir-opt-22 reads `text`, a spirv.module as the file's one top-level
    op, and mlir-translate-22 serializes it to a module spirv-val accepts."""
    parsed = run_mlir(MLIR_OPT, "--no-implicit-module", stdin=text)
    assert parsed.returncode == 0, parsed.stderr
    binary = tmp_path / "mlir.spv"
    serialized = run_mlir(
        MLIR_TRANSLATE,
        "--no-implicit-module",
        "--serialize-spirv",
        "-o",
        str(binary),
        stdin=text,
    )
    assert serialized.returncode == 0, serialized.stderr
    tools.validate(binary.read_bytes())


@pytest.mark.parametrize("case", except_heavy(sorted(SPIRV_CASES), HEAVY_SPIRV_CASES))
def test_coopmlir_reads_back_what_mlir_deserializes(tmp_path, case):
    ours = tmp_path / "ours.spv"
    ours.write_bytes(serialize_to_binary(spirv_module(case)))
    deserialized = run_mlir(MLIR_TRANSLATE, "--deserialize-spirv", str(ours))
    assert deserialized.returncode == 0, deserialized.stderr
    # MLIR's reader writes `Block` on buffer structs and its own value names.
    assert ", Block>" in deserialized.stdout
    again = run_opt(
        "-",
        "-t",
        "spirv-bin",
        "-o",
        str(tmp_path / "again.spv"),
        stdin=deserialized.stdout,
    )
    assert again.returncode == 0, again.stderr
    tools.validate((tmp_path / "again.spv").read_bytes())


def test_mul_add_operands_are_spelled_as_mlir_spells_them():
    signed = str(spirv_module("s8-h100"))
    unsigned = str(spirv_module("u8-h100"))
    assert "spirv.KHR.CooperativeMatrixMulAdd" in signed
    assert "<ASigned|BSigned|CSigned|ResultSigned>" in signed
    assert "<ASigned" not in unsigned  # unsigned: no operands at all
    assert "MatrixAcc>" in signed


def test_grammar_spellings_of_mlir_names_are_located_errors():
    source = """spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, Int8, VulkanMemoryModel, CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix]> {
  spirv.func @f(%a: !spirv.coopmatrix<16x32xi8, Subgroup, MatrixA>, %b: !spirv.coopmatrix<32x16xi8, Subgroup, MatrixB>, %c: !spirv.coopmatrix<16x16xi32, Subgroup, MatrixAcc>) "None" {
    %d = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c, <MatrixASignedComponents> : !spirv.coopmatrix<16x32xi8, Subgroup, MatrixA>, !spirv.coopmatrix<32x16xi8, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xi32, Subgroup, MatrixAcc>
    spirv.Return
  }
}
"""
    result = run_opt("-", stdin=source)
    assert result.returncode == 1
    assert (
        ":3:57: error: CooperativeMatrixOperands 'MatrixASignedComponents' "
        "is spelled 'ASigned'" in result.stderr
    ), result.stderr
    # MLIR refuses the grammar's name too: the check above is MLIR's.
    theirs = run_mlir(MLIR_OPT, "--no-implicit-module", stdin=source)
    assert theirs.returncode != 0


def test_struct_block_decoration_round_trips():
    source = """spirv.module Logical Vulkan requires #spirv.vce<v1.6, [Shader, VulkanMemoryModel], []> {
  spirv.GlobalVariable @buffer bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>, StorageBuffer>
}
"""
    result = run_opt("-", stdin=source)
    assert result.returncode == 0, result.stderr
    assert "!spirv.struct<(!spirv.rtarray<f32, stride=4> [0]), Block>" in result.stdout
    theirs = run_mlir(MLIR_OPT, "--no-implicit-module", stdin=result.stdout)
    assert theirs.returncode == 0, theirs.stderr


def test_nv_ops_are_coopmlir_own():
    """MLIR dropped SPV_NV_cooperative_matrix: the NV path stays coopmlir's
    (docs/mlir-interop.md)."""
    result = run_opt(
        str(PASSES / "convert-to-spirv-pipeline.mlir"),
        "--lower-to-spirv=target=h100-vulkan coopmat=nv",
    )
    assert result.returncode == 0, result.stderr
    module = next(
        op for op in parse_module(result.stdout).walk() if isinstance(op, SpirvModule)
    )
    theirs = run_mlir(MLIR_OPT, "--no-implicit-module", stdin=str(module))
    assert theirs.returncode != 0
    assert "unknown capability: CooperativeMatrixNV" in theirs.stderr


def test_mlir_tools_are_there():
    require_mlir_tool(MLIR_OPT)
    require_mlir_tool(MLIR_TRANSLATE)


#: L2 (SIMT) modules: coopmat-to-simt after lower-to-coopmat for targets
#: without matrix units, as the lit suites and examples/ run it.
L2_CASES = {
    "example-lavapipe": (
        str(ROOT / "examples" / "matmul.mlir"),
        ["--lower-to-coopmat=target=lavapipe stages=1", "--coopmat-to-simt"],
    ),
    "u8-lavapipe": (
        UNSIGNED,
        ["--lower-to-coopmat=target=lavapipe stages=2", "--coopmat-to-simt"],
    ),
    "lit-coopmat-to-simt": (
        str(PASSES / "coopmat-to-simt.mlir"),
        ["--coopmat-to-simt"],
    ),
}


def l2_output(case: str) -> str:
    source, flags = L2_CASES[case]
    if "\n" in source:
        result = run_opt("-", *flags, stdin=source)
    else:
        result = run_opt(source, *flags)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize("case", sorted(L2_CASES))
def test_l2_is_mlir(case):
    """L2 has nothing of the coopmat dialect left: MLIR's workgroup address
    space, `known_block_size`, the subgroup size as MLIR's
    `spirv.entry_point_abi`, and `vector`/`memref`/`gpu` ops mlir-opt-22
    verifies, as printed."""
    text = l2_output(case)
    assert "coopmat" not in text
    assert "spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = " in text
    theirs = run_mlir(MLIR_OPT, stdin=text)
    assert theirs.returncode == 0, theirs.stderr


def test_workgroup_memory_and_block_size_are_spelled_as_mlir_spells_them():
    text = l2_output("example-lavapipe")
    assert "memref.alloca() : memref<16x40xf16, #gpu.address_space<workgroup>>" in text
    assert (
        "kernel attributes {known_block_size = array<i32: 8, 1, 1>, "
        "spirv.entry_point_abi = #spirv.entry_point_abi<subgroup_size = 8>}" in text
    )


# --------------------------------------------------------------------------
# Every module the lit suites of the passes print, and examples/ at each level
# --------------------------------------------------------------------------

LIT_CASES = lit_output_cases()
#: coopmat ops and types, and coopmlir's fused ops (`coopmlir.attention`,
#: `coopmlir.chain`, the norms: what recognize-frontend names): MLIR reads them as an
#: unregistered dialect only.
COOPMAT = re.compile(
    r"\bcoopmat\.|!coopmat\.|\bcoopmlir\."
    r"(attention|chain|layer_norm|rms_norm|grouped_matmul|sort_by_expert)\b"
)
#: Capabilities of ops MLIR does not have (docs/mlir-interop.md).
VENDOR_ONLY = (
    "CooperativeMatrixNV",
    "CooperativeMatrixConversionQCOM",
    # SPV_NV_cooperative_matrix2 (coopmat=nv2): MLIR 22 has none of it.
    "CooperativeMatrixReductionsNV",
    "CooperativeMatrixConversionsNV",
    "CooperativeMatrixPerElementOperationsNV",
    "CooperativeMatrixTensorAddressingNV",
)


@cache
def lit_output(case: str) -> str:
    path, flags = LIT_CASES[case]
    result = run_opt(str(path), *flags)
    assert result.returncode == 0, result.stderr
    return result.stdout


def split_flags(case: str) -> list[str]:
    return [f for f in LIT_CASES[case][1] if f == "--split-input-file"]


def without_spirv_modules(text: str) -> str:
    """`text` less its spirv.modules (L3: host, gpu.module and spirv.module;
    the spirv.modules are checked in pretty form above)."""
    if "spirv.module" not in text:
        return text
    module = parse_module(text)
    for op in [op for op in module.walk() if isinstance(op, SpirvModule)]:
        op.detach()
        op.erase()
    return str(module)


def test_every_pass_lit_test_and_example_is_a_case():
    files = {path for path, _ in LIT_CASES.values()}
    printing = {
        p for p in PASSES.glob("*.mlir") if not p.name.endswith("-invalid.mlir")
    }
    assert printing <= files
    # examples/invalid.mlir is a --verify-diagnostics suite: nothing to read.
    examples = set((ROOT / "examples").glob("*.mlir")) - {
        ROOT / "examples/invalid.mlir"
    }
    assert examples <= files


@pytest.mark.parametrize("case", except_heavy(sorted(LIT_CASES), HEAVY_LIT_CASES))
def test_mlir_reads_what_coopmlir_prints(case):
    """As printed, mlir-opt-22 (no --allow-unregistered-dialect) verifies
    every output without coopmat ops or NV/QCOM SPIR-V; those fail on
    exactly that."""
    text = lit_output(case)
    theirs = run_mlir(MLIR_OPT, *split_flags(case), stdin=text)
    vendor = [cap for cap in VENDOR_ONLY if cap in text]
    if vendor:  # the spirv.module comes first: MLIR stops there
        assert theirs.returncode != 0
        assert f"unknown capability: {vendor[0]}" in theirs.stderr, theirs.stderr
    elif found := COOPMAT.search(text):
        assert theirs.returncode != 0
        dialect = "coopmlir" if found.group(1) else "coopmat"
        assert dialect in theirs.stderr, theirs.stderr
    else:
        assert theirs.returncode == 0, theirs.stderr
    if "spirv.module" not in text or vendor:
        return
    for op in parse_module(text).walk():
        if isinstance(op, SpirvModule):
            parsed = run_mlir(MLIR_OPT, "--no-implicit-module", stdin=str(op))
            assert parsed.returncode == 0, parsed.stderr


@pytest.mark.parametrize("case", except_heavy(sorted(LIT_CASES), HEAVY_LIT_CASES))
def test_generic_form_round_trips_through_mlir(case):
    """`coopmlir-opt --mlir-print-op-generic` of every output (less its
    spirv.modules, whose generic form is coopmlir's own) verifies in
    mlir-opt-22, with --allow-unregistered-dialect only for coopmat ops;
    coopmlir-opt reads MLIR's generic print back, and MLIR prints what it
    read again identically."""
    text = without_spirv_modules(lit_output(case))
    split = split_flags(case)
    unregistered = ["--allow-unregistered-dialect"] if COOPMAT.search(text) else []
    ours = run_opt("-", *split, "--mlir-print-op-generic", stdin=text)
    assert ours.returncode == 0, ours.stderr
    assert (
        '"gpu.kernel"' not in ours.stdout and "gpu.known_block_size" not in ours.stdout
    )
    theirs = run_mlir(
        MLIR_OPT, *split, *unregistered, "--mlir-print-op-generic", stdin=ours.stdout
    )
    assert theirs.returncode == 0, theirs.stderr
    back = run_opt("-", *split, "--mlir-print-op-generic", stdin=theirs.stdout)
    assert back.returncode == 0, back.stderr
    again = run_mlir(
        MLIR_OPT, *split, *unregistered, "--mlir-print-op-generic", stdin=back.stdout
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout == theirs.stdout


# --------------------------------------------------------------------------
# coopmlir's own dialects through IRDL (issue 27): `--mlir-compatible`
# output, read by mlir-opt-22 --irdl-file=dialects/coopmlir.irdl.mlir
# --------------------------------------------------------------------------

IRDL_FILE = ROOT / "dialects" / "coopmlir.irdl.mlir"
IRDL = f"--irdl-file={IRDL_FILE}"
#: The default tier's sample (the heavy tier takes every case): L0 with
#: coopmlir ops and every coopmat op, L1 of subgroup and workgroup scope, of
#: every element type, with coopmat.apply bodies, and L3 with its gpu.module.
IRDL_SAMPLE = {
    "examples/coopmat_ops.mlir:0",
    "examples/attention.mlir:1",
    "lower-to-coopmat-types.mlir",
    "lower-to-coopmat-workgroup.mlir:0",
    "recognize-frontend.mlir:0",
    "recognize-frontend-norm.mlir",
    "examples/matmul.mlir:3",
}


def mlir_form(text: str, *flags: str) -> str:
    """`text` as `coopmlir-opt --mlir-compatible` prints it (a process of
    its own: the names of dense_resource blobs are per process)."""
    result = run_opt("-", *flags, "--mlir-compatible", stdin=text)
    assert result.returncode == 0, result.stderr
    return result.stdout


def mixed_variadic(text: str) -> bool:
    """Whether an own op has a variadic operand group of several types,
    which MLIR's form splits into runs of equal types (dialects/mlir_form.py:
    MLIR 22's IRDL binds one constraint variable to every element of a
    group)."""
    for chunk in text.split("// -----\n"):
        for op in parse_module(chunk).walk():
            if not is_own(op.name) or not isinstance(op, IRDLOperation):
                continue
            for name, definition in op.get_irdl_definition().operands:
                if isinstance(definition, OptionalDef) or not isinstance(
                    definition, VariadicDef
                ):
                    continue
                if len(set(getattr(op, name).types)) > 1:
                    return True
    return False


def test_irdl_file_is_current():
    """dialects/coopmlir.irdl.mlir is what `--emit-irdl` makes of the xDSL
    definitions, and mlir-opt-22 loads it."""
    emitted = run_opt("--emit-irdl")
    assert emitted.returncode == 0, emitted.stderr
    assert IRDL_FILE.read_text() == emitted.stdout, (
        "stale: run coopmlir-opt --emit-irdl > dialects/coopmlir.irdl.mlir"
    )
    loaded = run_mlir(MLIR_OPT, IRDL, stdin="")
    assert loaded.returncode == 0, loaded.stderr


@pytest.mark.parametrize(
    "case",
    except_heavy(sorted(LIT_CASES), (set(LIT_CASES) - IRDL_SAMPLE) | HEAVY_LIT_CASES),
)
def test_mlir_verifies_own_dialects_through_irdl(case):
    """The --mlir-compatible form of every output (less its spirv.modules,
    checked above) parses in mlir-opt-22 with the IRDL file and verifies,
    variadic groups of mixed types included; coopmlir reads MLIR's print
    back as the same program (MLIR prints it again identically)."""
    text = without_spirv_modules(lit_output(case))
    split = split_flags(case)
    ours = mlir_form(text, *split)
    theirs = run_mlir(MLIR_OPT, IRDL, *split, stdin=ours)
    assert theirs.returncode == 0, theirs.stderr
    again = run_mlir(MLIR_OPT, IRDL, *split, stdin=mlir_form(theirs.stdout, *split))
    assert again.returncode == 0, again.stderr
    assert again.stdout == theirs.stdout


def test_mixed_type_groups_verify_as_runs():
    """A coopmat.apply capturing an f32, two indices and an f32 is written
    as runs of equal types; mlir-opt-22 verifies it, refuses a run that
    mixes types, and coopmlir reads MLIR's print back as the same op."""
    source = run_opt(str(ROOT / "examples" / "attention.mlir"), "--lower-to-coopmat")
    assert source.returncode == 0, source.stderr
    assert mixed_variadic(source.stdout)
    text = mlir_form(source.stdout)
    runs = "operandSegmentSizes = array<i32: 1, 1, 2, 0, 0, 0, 0, 0, 0>} : ("
    assert runs in text, "an apply of (matrix; f32; index, index) as runs"
    theirs = run_mlir(MLIR_OPT, IRDL, stdin=text)
    assert theirs.returncode == 0, theirs.stderr
    back = run_opt("-", stdin=theirs.stdout)
    assert back.returncode == 0, back.stderr
    assert back.stdout.count("coopmat.apply") == source.stdout.count("coopmat.apply")
    again = run_mlir(MLIR_OPT, IRDL, stdin=mlir_form(back.stdout))
    assert again.returncode == 0, again.stderr
    assert again.stdout == theirs.stdout
    # One run of an f32 and an index: refused by IRDL's constraint variable.
    wrong = text.replace(
        "operandSegmentSizes = array<i32: 1, 1, 2, 0,",
        "operandSegmentSizes = array<i32: 1, 3, 0, 0,",
        1,
    )
    assert wrong != text
    refused = run_mlir(MLIR_OPT, IRDL, stdin=wrong)
    assert refused.returncode != 0
    assert re.search(r"error: expected '.*' but got '.*'", refused.stderr)


def test_irdl_constraints_reject_wrong_programs():
    """The IRDL definitions verify: a matrix of i16 and a mul_add with two
    operands are refused by mlir-opt-22, as by coopmlir."""
    source = run_opt(str(ROOT / "examples" / "matmul.mlir"), "--lower-to-coopmat")
    assert source.returncode == 0, source.stderr
    text = mlir_form(source.stdout)
    assert 'f16, "a"' in text
    wrong_type = text.replace('f16, "a"', 'i16, "a"', 1)
    theirs = run_mlir(MLIR_OPT, IRDL, stdin=wrong_type)
    assert theirs.returncode != 0
    assert "'i16' does not satisfy the constraint" in theirs.stderr, theirs.stderr
    ours = run_opt("-", stdin=wrong_type)
    assert ours.returncode == 1
    assert "matrix element type must be" in ours.stderr
    wrong_count = re.sub(
        r'"coopmat.mul_add"\((%\w+), (%\w+), (%\w+)\)',
        r'"coopmat.mul_add"(\1, \2)',
        text,
        count=1,
    )
    assert wrong_count != text
    theirs = run_mlir(MLIR_OPT, IRDL, stdin=wrong_count)
    assert theirs.returncode != 0
    assert "operand" in theirs.stderr, theirs.stderr
    # add's operands and result share one constraint variable: one type.
    a, b = (
        f'!coopmat.matrix<16 : i64, 16 : i64, f16, "{u}", "subgroup", none>'
        for u in "ab"
    )
    mixed = (
        f"func.func @f(%a: {a}, %b: {b}) {{\n"
        f'  %c = "coopmat.add"(%a, %b) : ({a}, {b}) -> {a}\n'
        "  func.return\n}\n"
    )
    theirs = run_mlir(MLIR_OPT, IRDL, stdin=mixed)
    assert theirs.returncode != 0
    assert f"expected '{a}' but got '{b}'" in theirs.stderr, theirs.stderr


def test_mlir_compatible_cli_round_trips_through_mlir():
    """What a user types: coopmlir-opt --mlir-compatible, mlir-opt-22 with
    the IRDL file, coopmlir-opt again: the same program as printed first
    (compared as MLIR prints both, since MLIR renames values)."""
    path = str(ROOT / "examples" / "chain.mlir")
    pretty = run_opt(path, "--lower-to-coopmat")
    ours = run_opt(path, "--lower-to-coopmat", "--mlir-compatible")
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout.strip() == mlir_form(pretty.stdout).strip()
    assert '"coopmat.mul_add"' in ours.stdout and "gpu.yield" in ours.stdout
    theirs = run_mlir(MLIR_OPT, IRDL, stdin=ours.stdout)
    assert theirs.returncode == 0, theirs.stderr
    back = run_opt("-", stdin=theirs.stdout)
    assert back.returncode == 0, back.stderr
    assert "coopmat.yield" in back.stdout
    again = run_mlir(MLIR_OPT, IRDL, stdin=mlir_form(back.stdout))
    assert again.stdout == theirs.stdout


#: L3 with drop-gpu-module: the one-flag pipeline and the pass itself.
DROPPED = {
    "lower-to-spirv": (
        ROOT / "examples" / "matmul.mlir",
        "--lower-to-spirv=target=h100-vulkan stages=2 drop-gpu-module=true",
    ),
    "convert-to-spirv": (
        PASSES / "convert-to-spirv.mlir",
        "--convert-to-spirv=drop-gpu-module=true",
    ),
}


@pytest.mark.parametrize("case", sorted(DROPPED))
def test_l3_without_gpu_module_serializes_as_written(tmp_path, case):
    """`drop-gpu-module=true` and --no-implicit-module: the file is the
    spirv.module alone, which mlir-opt-22 reads and mlir-translate-22
    serializes, unedited, to a module spirv-val accepts."""
    path, flag = DROPPED[case]
    result = run_opt(str(path), flag, "--no-implicit-module")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("spirv.module @__spv__")
    assert "gpu." not in result.stdout and "func.func" not in result.stdout
    mlir_serializes_valid_spirv(result.stdout, tmp_path)
