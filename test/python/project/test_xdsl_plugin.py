"""coopmlir as a library and as an xDSL plugin: `xdsl-opt -p lower-to-coopmat`
runs coopmlir's pass through the `xdsl.universe` entry point, importing
coopmlir changes nothing in xDSL, and a pass given xDSL's own linalg ops
says so instead of leaving the module as it was."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S
from xdsl.context import Context
from xdsl.dialects import get_all_dialects
from xdsl.parser import Parser

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import DIALECTS
from coopmlir.passes.bufferize_matmul import BufferizeMatmul
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.tools.registry import PASSES

ROOT = Path(__file__).resolve().parents[3]
MATMUL = ROOT / "examples" / "matmul.mlir"
BIN = Path(sys.executable).parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=HANG_GUARD_S,
    )


def python(code: str) -> str:
    """stdout of `code` in a fresh interpreter (nothing imported yet)."""
    result = run(sys.executable, "-c", textwrap.dedent(code))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_xdsl_opt_runs_lower_to_coopmat():
    result = run(str(BIN / "xdsl-opt"), "-p", "lower-to-coopmat", str(MATMUL))
    assert result.returncode == 0, result.stderr
    assert "gpu.launch_func @matmul_kernels::@matmul blocks in" in result.stdout
    assert "coopmat.mul_add" in result.stdout
    assert "linalg.matmul" not in result.stdout
    # The same kernel coopmlir-opt builds, printed the same way.
    ours = run(str(BIN / "coopmlir-opt"), "--lower-to-coopmat", str(MATMUL))
    assert ours.returncode == 0, ours.stderr
    assert result.stdout == ours.stdout


def test_xdsl_opt_reads_and_lowers_coopmlir_output():
    """L1 printed by coopmlir-opt (MLIR's gpu syntax, coopmat ops) parses in
    xdsl-opt, and coopmlir's next pass runs there."""
    l1 = run(str(BIN / "coopmlir-opt"), "--lower-to-coopmat", str(MATMUL)).stdout
    result = run(str(BIN / "xdsl-opt"), "-p", "coopmat-to-simt", stdin=l1)
    assert result.returncode == 0, result.stderr
    assert "gpu.func @matmul" in result.stdout
    assert "gpu.shuffle" in result.stdout or "vector<" in result.stdout
    assert "!coopmat.matrix" not in result.stdout
    assert "coopmat.mul_add" not in result.stdout


def test_multiverse_has_coopmlir_without_duplicates():
    """xDSL's plugin discovery accepts coopmlir's universe (it raises on a
    name defined twice) and takes coopmlir's factories, not copies."""
    found = python("""
        from xdsl.universe import Universe
        from coopmlir.dialects.registry import DIALECTS
        from coopmlir.tools.registry import PASSES
        m = Universe.get_multiverse()
        print(m.all_dialects["linalg"] is DIALECTS["linalg"],
              m.all_dialects["gpu"] is DIALECTS["gpu"],
              m.all_dialects["coopmat"] is DIALECTS["coopmat"],
              m.all_dialects["spirv"] is DIALECTS["spirv"],
              m.all_passes["lower-to-coopmat"]() is PASSES["lower-to-coopmat"](),
              "spirv-asm" in m.all_targets)
    """)
    assert found.split() == ["True"] * 6


def test_coopmlir_opt_registers_each_dialect_once():
    result = run(str(BIN / "coopmlir-opt"), "--show-dialects")
    assert result.returncode == 0, result.stderr
    assert set(DIALECTS) <= set(result.stdout.replace(",", " ").split())
    lowered = run(str(BIN / "coopmlir-opt"), str(MATMUL), "-t", "spirv-asm",
                  "--lower-to-spirv=target=h100-vulkan")  # fmt: skip
    assert lowered.returncode == 0, lowered.stderr
    assert "OpCooperativeMatrixMulAddKHR" in lowered.stdout


def test_importing_coopmlir_leaves_xdsl_gpu_printing_alone():
    """Every coopmlir module imported in a fresh process: xDSL's gpu ops still
    print generic; `make_context()` is what installs MLIR's syntax."""
    printed = python("""
        import importlib, io, pkgutil
        import coopmlir, coopmlir.dialects, coopmlir.passes
        from xdsl.dialects import gpu
        from xdsl.dialects.builtin import ModuleOp
        from xdsl.printer import Printer

        def show():
            out = io.StringIO()
            Printer(stream=out).print_op(ModuleOp([gpu.BarrierOp()]))
            return out.getvalue().splitlines()[1].strip()

        count = 0
        for package in (coopmlir, coopmlir.dialects, coopmlir.passes):
            prefix = package.__name__ + "."
            for info in pkgutil.walk_packages(package.__path__, prefix):
                importlib.import_module(info.name)
                count += 1
        print(count > 60, show())
        from coopmlir.dialects.registry import make_context
        make_context()
        print(show())
    """)
    assert printed.splitlines() == ['True "gpu.barrier"() : () -> ()', "gpu.barrier"]


MATMUL_F16 = """
func.func @mm(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) {
  linalg.matmul ins(%A, %B : memref<16x16xf16>, memref<16x16xf16>) outs(%C : memref<16x16xf16>)
  func.return
}
"""


def xdsl_context() -> Context:
    """A plain context with xDSL's own dialects (its linalg.matmul)."""
    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    return ctx


@pytest.mark.parametrize("make_pass", [LowerToCoopmat, BufferizeMatmul])
def test_xdsl_linalg_matmul_is_an_error_not_a_no_op(make_pass):
    ctx = xdsl_context()
    module = Parser(ctx, MATMUL_F16, "mm.mlir").parse_module()
    before = str(module)
    with pytest.raises(CompileError) as err:
        make_pass().apply(ctx, module)
    assert (
        f"error: {make_pass.name}: 'linalg.matmul' is "
        "xdsl.dialects.linalg.ops.MatmulOp, not coopmlir's linalg op"
    ) in str(err.value)
    assert "make_context()" in str(err.value)
    assert str(module) == before


def test_unregistered_linalg_matmul_is_an_error():
    ctx = Context(allow_unregistered=True)
    for name in ("builtin", "func"):
        ctx.register_dialect(name, DIALECTS[name])
    generic = """
    "func.func"() <{sym_name = "mm", function_type = (memref<16x16xf16>) -> ()}> ({
    ^bb0(%A: memref<16x16xf16>):
      "linalg.matmul"(%A, %A, %A) : (memref<16x16xf16>, memref<16x16xf16>, memref<16x16xf16>) -> ()
      "func.return"() : () -> ()
    }) : () -> ()
    """
    module = Parser(ctx, generic, "mm.mlir").parse_module()
    with pytest.raises(
        CompileError, match="'linalg.matmul' is unregistered, not coopmlir's"
    ):
        LowerToCoopmat().apply(ctx, module)


def test_all_passes_are_in_the_plugin():
    found = python("""
        from xdsl.universe import Universe
        print(" ".join(sorted(Universe.get_multiverse().all_passes)))
    """)
    assert set(PASSES) <= set(found.split())
