"""coopmlir-opt --help: argparse's help, then every pass and its options
(one line each, from the pass's docstrings)."""

from __future__ import annotations

import argparse
import ast
import dataclasses
import inspect
import sys
import textwrap

from xdsl.passes import ModulePass

from coopmlir.tools import registry


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
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body else []
    for field, after in zip(body, body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def pass_summary(name: str, pass_class: type[ModulePass]) -> str:
    """The first line of the pass's module docstring (`name: what it does`),
    else of its class docstring."""
    module_doc = sys.modules[pass_class.__module__].__doc__ or ""
    first = module_doc.strip().split("\n")[0]
    if first.startswith(f"{name}:"):
        return first.removeprefix(f"{name}:").strip()
    own = pass_class.__dict__.get("__doc__") or ""
    if own.strip() and not own.startswith(f"{pass_class.__name__}("):
        return own.strip().split("\n")[0]
    return f"xDSL's {pass_class.__name__}"


def pass_options_help() -> str:
    """The passes and their options, one line each, for `--help`."""
    lines = [
        'passes, in command-line order (--name, --name="option=value ...", '
        "-p 'name{option=value}', or "
        "--pass-pipeline='builtin.module(name{option=value}, func.func(name))', "
        "where nested passes run on the whole module):"
    ]
    for name, factory in registry.PASSES.items():
        pass_class = factory()
        lines.append(f"  --{name:<22} {pass_summary(name, pass_class)}")
        for option in pass_options(pass_class):
            default_text = f"(default: {option.default})" if option.default else ""
            text = " ".join(t for t in (option.doc, default_text) if t)
            flag = f"{option.name}=<{option.kind}>"
            lines.append(f"      {flag:<20} {text}")
    return "\n".join(line.rstrip() for line in lines)


@dataclasses.dataclass(frozen=True)
class PassOption:
    """One option as the user spells it: `name` kebab-case, `kind` the field's
    type without `| None`, `default` as written on a command line ("" when
    left out means "chosen for you"), `doc` its docstring on one line."""

    name: str
    kind: str
    default: str
    doc: str


def pass_options(pass_class: type[ModulePass]) -> list[PassOption]:
    """The pass's option fields in declaration order, for `--help` and the
    option tables of docs/passes/ (coopmlir.tools.option_table)."""
    docs = option_docs(pass_class)
    options = []
    for field in dataclasses.fields(pass_class):
        default = field.default
        shown = "" if default in (None, dataclasses.MISSING) else default
        if isinstance(shown, bool):
            shown = str(shown).lower()
        options.append(
            PassOption(
                name=field.name.replace("_", "-"),
                kind=str(field.type).replace(" | None", ""),
                default=str(shown),
                doc=docs.get(field.name, ""),
            )
        )
    return options


class HelpWithPassOptions(argparse.HelpFormatter):
    """argparse's help, followed by every pass and its options. Built only
    for the full `--help` (not for usage lines), as it imports every pass."""

    _full = False

    def start_section(self, heading) -> None:
        self._full = True
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        return f"{text}\n{pass_options_help()}\n" if self._full else text
