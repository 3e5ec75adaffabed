"""coopmlir-opt --help lists every pass with its options, one line each,
from the pass dataclasses and their field docstrings."""

from __future__ import annotations

import dataclasses
import importlib.metadata
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.run_tools import run_opt
from xdsl.passes import ModulePass

from coopmlir import __version__
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import TARGETS
from coopmlir.tools import registry
from coopmlir.tools.opt_help import option_docs, pass_options_help
from coopmlir.tools.pass_source import NO_DEFAULT, declared_options, summary

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


@pytest.mark.parametrize("name", list(registry.PASSES))
def test_the_source_reading_agrees_with_the_pass_class(name):
    """--help reads each pass from its source without importing it
    (pass_source.py); what it reads is what the imported class declares,
    and the registry's (module, class) is the pass of that name."""
    entry = registry.PASSES[name]
    pass_class = entry()
    assert pass_class.name == name
    declared = declared_options(entry.module, entry.attr)
    fields = dataclasses.fields(pass_class)
    assert [o.name for o in declared] == [f.name for f in fields]
    docs = option_docs(pass_class)
    for option, field in zip(declared, fields, strict=True):
        assert option.kind == str(field.type), name
        default = NO_DEFAULT if field.default is dataclasses.MISSING else field.default
        assert option.default == default, (name, option.name)
        assert option.doc == docs.get(field.name, ""), (name, option.name)
    module_doc = sys.modules[pass_class.__module__].__doc__ or ""
    if module_doc.startswith(f"{name}:"):
        first = module_doc.split("\n")[0]
        assert summary(name, entry.module, entry.attr) == first.split(":", 1)[1].strip()


def test_the_source_reading_follows_bases_and_reexports():
    """Inherited fields come first, overrides keep their place (as in
    `dataclasses.fields`), and a class imported into another module is found."""
    options = declared_options(__name__, "_Derived")
    assert [(o.name, o.default, o.doc) for o in options] == [
        ("size", 8, "How big, on one line."),
        ("mode", None, ""),
        ("undocumented", False, ""),
        ("extra", "x", "Only here."),
    ]
    assert [o.name for o in declared_options(__name__, "ModulePass")] == []
    assert summary("example", __name__, "_Example") == "An example pass."


@dataclass(frozen=True)
class _Derived(_Example):
    size: int = 8
    extra: str = "x"
    """Only here."""
