"""What real MLIR prints, coopmlir reads: mlir-opt-22's debuginfo and generic
forms of the project's inputs parse, keep their locations and lower."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.mlir_tools import MLIR_OPT, run_mlir
from support.run_tools import run_opt, run_run

EXAMPLES = Path(__file__).parents[3] / "examples"
UNSIGNED = """func.func @mm(%a: memref<16x32xi8>, %b: memref<32x16xi8>, %c: memref<16x16xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<16x32xi8>, memref<32x16xi8>) outs(%c : memref<16x16xi32>)
  return
}
"""


def mlir_printed(tmp_path: Path, source: str, *flags: str) -> Path:
    """`source` as mlir-opt-22 prints it with `flags`, in a file."""
    result = run_mlir(MLIR_OPT, *flags, stdin=source)
    assert result.returncode == 0, result.stderr
    out = tmp_path / "from-mlir.mlir"
    out.write_text(result.stdout)
    return out


@pytest.mark.parametrize(
    "flags", [["--mlir-print-debuginfo"], ["--mlir-print-op-generic"], []]
)
def test_mlir_printed_matmul_lowers_and_runs(tmp_path, flags):
    source = (EXAMPLES / "matmul.mlir").read_text()
    printed = mlir_printed(tmp_path, source, *flags)
    lowered = tmp_path / "l1.mlir"
    result = run_opt(str(printed), "--lower-to-coopmat", "-o", str(lowered))
    assert result.returncode == 0, result.stderr
    # MLIR renamed the arguments %arg0..: checked by position.
    check = run_run(
        str(lowered),
        "--entry",
        "matmul",
        "--check-against",
        str(EXAMPLES / "matmul.mlir"),
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_debuginfo_locations_reach_diagnostics(tmp_path):
    source = UNSIGNED.replace("memref<32x16xi8>", "memref<32x16xi16>")
    printed = mlir_printed(tmp_path, source, "--mlir-print-debuginfo")
    result = run_opt(str(printed), "--lower-to-coopmat")
    assert result.returncode == 1
    # The location is the one MLIR recorded (its <stdin>), line 2, not the
    # printed file's line.
    assert result.stderr.startswith("<stdin>:2:3: error: lower-to-coopmat: "), (
        result.stderr
    )


def test_generic_unsigned_matmul_keeps_its_cast(tmp_path):
    printed = mlir_printed(tmp_path, UNSIGNED, "--mlir-print-op-generic")
    assert "cast = #linalg.type_fn<cast_unsigned>" in printed.read_text()
    result = run_opt(str(printed))
    assert result.returncode == 0, result.stderr
    assert "{cast = #linalg.type_fn<cast_unsigned>}" in result.stdout
    generic = run_opt(str(printed), "--print-op-generic")
    assert generic.stdout.count('"arith.extui"') == 2


def test_mlir_reads_what_coopmlir_prints_of_linalg_and_gpu_address_spaces():
    source = """func.func @f(%a: memref<16xf32, #gpu.address_space<workgroup>>) {
  return
}
""" + UNSIGNED.replace("@mm", "@mm2")
    ours = run_opt("-", stdin=source)
    assert ours.returncode == 0, ours.stderr
    theirs = run_mlir(MLIR_OPT, stdin=ours.stdout)
    assert theirs.returncode == 0, theirs.stderr


def test_memref_copy_and_cast_in_mlir_spelling():
    """mlir-opt prints memref.copy and memref.cast in their custom form (a
    convolution's padding copy); xDSL 0.74 read only the generic one."""
    from coopmlir.dialects.registry import parse_module

    text = """\
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  func.return
}
"""
    printed = str(parse_module(text))
    assert "memref.copy %a, %b : memref<4xf32> to memref<4xf32>" in printed
    assert "memref.cast %a : memref<4xf32> to memref<?xf32>" in printed
