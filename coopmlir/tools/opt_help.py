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
        docs = option_docs(pass_class)
        for field in dataclasses.fields(pass_class):
            kind = str(field.type).replace(" | None", "")
            option = f"{field.name.replace('_', '-')}=<{kind}>"
            default = field.default
            shown = "" if default in (None, dataclasses.MISSING) else default
            if isinstance(shown, bool):
                shown = str(shown).lower()
            default_text = f"(default: {shown})" if shown != "" else ""
            text = " ".join(t for t in (docs.get(field.name, ""), default_text) if t)
            lines.append(f"      {option:<20} {text}".rstrip())
    return "\n".join(lines)


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
