"""coopmlir-opt --help: argparse's help, then every pass and its options
(one line each, from the pass's docstrings, read from its source: listing
the passes imports none of them)."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import textwrap

from xdsl.passes import ModulePass

from coopmlir.tools import registry
from coopmlir.tools.pass_source import NO_DEFAULT, declared_options, field_docs, summary


def option_docs(pass_class: type[ModulePass]) -> dict[str, str]:
    """Each option field's docstring (the string literal after the field in
    its class body, the pass's or a base's such as `KernelOptions`), on one
    line; {} for classes whose source is not available."""
    docs: dict[str, str] = {}
    for cls in reversed(pass_class.__mro__):
        docs.update(_own_field_docs(cls))
    return docs


def _own_field_docs(cls: type) -> dict[str, str]:
    """The field docstrings written in `cls`'s own body."""
    if "__dataclass_fields__" not in cls.__dict__:
        return {}
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    body = tree.body[0] if tree.body else None
    return field_docs(body) if isinstance(body, ast.ClassDef) else {}


def pass_options_help() -> str:
    """The passes and their options, one line each, for `--help`."""
    lines = [
        'passes, in command-line order (--name, --name="option=value ...", '
        "-p 'name{option=value}', or "
        "--pass-pipeline='builtin.module(name{option=value}, func.func(name))', "
        "where nested passes run on the whole module):"
    ]
    for name, entry in registry.PASSES.items():
        lines.append(f"  --{name:<22} {summary(name, entry.module, entry.attr)}")
        for option in pass_options(entry):
            default_text = f"(default: {option.default})" if option.default else ""
            text = " ".join(t for t in (option.doc, default_text) if t)
            flag = f"{option.name}=<{option.kind}>"
            lines.append(f"      {flag:<20} {text}".rstrip())
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True)
class PassOption:
    """One option as the user spells it: `name` kebab-case, `kind` the field's
    type without `| None`, `default` as written on a command line ("" when
    left out means "chosen for you"), `doc` its docstring on one line."""

    name: str
    kind: str
    default: str
    doc: str


def pass_options(entry: registry.PassEntry) -> list[PassOption]:
    """The pass's option fields in declaration order, read from its source
    (the pass is not imported), for `--help` and the option tables of
    docs/passes/ (coopmlir.tools.option_table)."""
    options = []
    for field in declared_options(entry.module, entry.attr):
        default = field.default
        shown = "" if default in (None, NO_DEFAULT) else default
        if isinstance(shown, bool):
            shown = str(shown).lower()
        options.append(
            PassOption(
                name=field.name.replace("_", "-"),
                kind=field.kind.replace(" | None", ""),
                default=str(shown),
                doc=field.doc,
            )
        )
    return options


class HelpWithPassOptions(argparse.HelpFormatter):
    """argparse's help, followed by every pass and its options. Built only
    for the full `--help` (not for usage lines), as it reads every pass's
    source."""

    _full = False

    def start_section(self, heading) -> None:
        self._full = True
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{pass_options_help()}\n" if self._full else text
