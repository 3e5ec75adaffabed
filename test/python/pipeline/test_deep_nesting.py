"""Valid IR nested hundreds of regions deep goes through every pass, the
printer and the interpreter (xDSL recurses per region; coopmlir.nesting
raises Python's recursion limit for the tools), and text nested past
coopmlir's limit is a located error, never a RecursionError."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.run_tools import run_opt, run_run

from coopmlir.nesting import MAX_NESTING

EVERY_PASS = (
    "bufferize-matmul,specialize-contractions,lower-to-coopmat,coopmat-to-simt,"
    "convert-to-spirv"
)


def nested_kernel(depth: int) -> str:
    """A kernel whose store sits under `depth` nested `scf.if`s."""
    return "\n".join(
        [
            "builtin.module attributes {gpu.container_module} {",
            "gpu.module @k {",
            "gpu.func @kern(%m: memref<4xf32>) kernel attributes "
            "{known_block_size = array<i32: 32, 1, 1>} {",
            "%t = arith.constant true",
            "%c0 = arith.constant 0 : index",
            "%x = arith.constant 2.5 : f32",
            *["scf.if %t {"] * depth,
            "memref.store %x, %m[%c0] : memref<4xf32>",
            *["}"] * depth,
            "gpu.return",
            "}",
            "}",
            "}",
        ]
    )


def write(tmp_path: Path, text: str, name: str = "deep.mlir") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def ok(result) -> None:
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


@pytest.mark.parametrize("depth", [100, 500])
def test_every_pass_and_the_printers(tmp_path: Path, depth: int):
    path = write(tmp_path, nested_kernel(depth))
    ok(run_opt(path, "-p", EVERY_PASS, "-t", "spirv-asm"))
    generic = tmp_path / "generic.mlir"
    ok(
        run_opt(
            path,
            "--mlir-print-op-generic",
            "--mlir-print-debuginfo",
            "-o",
            str(generic),
        )
    )
    # What was printed reads back and lowers.
    result = run_opt(str(generic), "--coopmat-to-simt", "--convert-to-spirv")
    ok(result)
    assert result.stdout.count("spirv.mlir.selection") == depth


def test_interpreter(tmp_path: Path):
    result = run_run(write(tmp_path, nested_kernel(500)), "--entry", "kern")
    ok(result)
    assert "max 2.5" in result.stdout


def test_past_the_limit_is_a_located_error(tmp_path: Path):
    # The kernel's own brackets (gpu.module, gpu.func, memref.store) add 4.
    path = write(tmp_path, nested_kernel(MAX_NESTING - 3))
    result = run_opt(path)
    assert result.returncode == 1
    line = 7 + MAX_NESTING - 3  # the store's line; its `[` is one too many
    assert f"deep.mlir:{line}:20: " in result.stderr
    assert f"error: nesting too deep: more than {MAX_NESTING} brackets" in (
        result.stderr
    )
    assert "Traceback" not in result.stderr
