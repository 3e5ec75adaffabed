"""coopmlir-opt --help lists every pass with its options, one line each,
from the pass dataclasses and their field docstrings."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from run_tools import run_opt
from xdsl.passes import ModulePass

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.targets import TARGETS
from coopmlir.tools import registry
from coopmlir.tools.opt_help import option_docs, pass_options_help


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
