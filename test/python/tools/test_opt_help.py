"""coopmlir-opt --help lists every pass with its options, one line each,
from the pass dataclasses and their field docstrings."""

from __future__ import annotations

import dataclasses
import importlib.metadata
from dataclasses import dataclass
from pathlib import Path

from support.run_tools import run_opt
from xdsl.passes import ModulePass

from coopmlir import __version__
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import TARGETS
from coopmlir.tools import registry
from coopmlir.tools.opt_help import option_docs, pass_options_help

EXAMPLE = Path(__file__).parents[3] / "examples" / "matmul.mlir"


def test_help_lists_every_pass_and_lower_to_coopmat_options():
    result = run_opt("--help")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    for name in registry.PASSES:
        assert f"\n  --{name} " in text
    lines = pass_block(text, "lower-to-coopmat")
    docs = option_docs(LowerToCoopmat)
    for field in dataclasses.fields(LowerToCoopmat):
        # Help spells options as xDSL parses them: kebab-case.
        option = field.name.replace("_", "-")
        (line,) = [x for x in lines if x.strip().startswith(f"{option}=<")]
        assert docs[field.name] in line, line
    assert "  --lower-to-coopmat       linalg.matmul to tiled" in text
    assert "explain=<bool>" in text and "(default: false)" in text
    assert "stages=<int>         0: fragments from global memory" in text


def pass_block(text: str, name: str) -> list[str]:
    """The option lines under `--name` in the help text."""
    lines = text.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith(f"  --{name} "))
    block = []
    for line in lines[start + 1 :]:
        if not line.startswith("      "):
            break
        block.append(line)
    return block


def test_every_target_is_named_in_the_help():
    block = pass_block(pass_options_help(), "lower-to-coopmat")
    (line,) = [x for x in block if "target=<" in x]
    for name in TARGETS:
        assert name in line


def test_output_formats_are_coopmlir_own():
    """`-t` offers MLIR text and SPIR-V only; xDSL's other backends (llvm,
    wgsl, riscv-asm, ...) are refused as unknown, exit code 1."""
    help_text = " ".join(run_opt("--help").stdout.split())
    assert "Available targets are: mlir,spirv-asm,spirv-bin -o" in help_text
    for name in ("llvm", "wgsl", "riscv-asm", "x86-asm", "wat", "csl", "mps"):
        result = run_opt(str(EXAMPLE), "-t", name)
        assert result.returncode == 1, (name, result.stderr)
        assert f"invalid choice: '{name}'" in result.stderr
        assert "Traceback" not in result.stderr and not result.stdout
    assert run_opt(str(EXAMPLE), "-t", "mlir").stdout.startswith("builtin.module")


def test_version_is_coopmlir_own():
    result = run_opt("--version")
    assert result.returncode == 0
    assert result.stdout == f"coopmlir-opt {__version__} (xDSL 0.74.0)\n"
    assert __version__ == importlib.metadata.version("coopmlir")


def test_usage_errors_stay_short():
    result = run_opt("--no-such-flag")
    assert result.returncode == 1
    assert "lower-to-coopmat" not in result.stderr


@dataclass(frozen=True)
class _Example(ModulePass):
    """An example pass."""

    name = "example"

    size: int = 4
    """How big,
    on one line."""

    mode: str | None = None
    undocumented: bool = False

    def apply(self, ctx, op) -> None:
        pass


def test_option_docs_read_field_docstrings():
    assert option_docs(_Example) == {"size": "How big, on one line."}
