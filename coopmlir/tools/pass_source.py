"""A pass's summary and options, read from its source without importing it.

`--help` lists every pass with its options; importing the passes to ask them
would cost most of a second (each pulls its whole implementation), so the
help reads what the pass dataclass declares in its source instead: the
module's docstring, and the fields of the class and of the dataclasses it
inherits from (`KernelOptions`), with the docstring under each field.
test_opt_help.py checks that this agrees with the imported classes.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from dataclasses import dataclass
from functools import cache

#: A field with no default (`dataclasses.MISSING`).
NO_DEFAULT = object()


@dataclass(frozen=True)
class DeclaredOption:
    """One dataclass field as its source declares it."""

    name: str
    kind: str  # the annotation as written: `int`, `str | None`
    default: object  # the literal value, or NO_DEFAULT
    doc: str  # the docstring under the field, on one line ("" if none)


def field_docs(cls: ast.ClassDef) -> dict[str, str]:
    """The docstring written under each annotated field of `cls`'s body,
    on one line."""
    docs: dict[str, str] = {}
    for field, after in zip(cls.body, cls.body[1:], strict=False):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def summary(name: str, module: str, attr: str) -> str:
    """The first line of the pass's module docstring (`name: what it does`),
    else of its class docstring, else `xDSL's <class>`."""
    tree = _parse(module)
    first = (ast.get_docstring(tree, clean=False) or "").strip().split("\n")[0]
    if first.startswith(f"{name}:"):
        return first.removeprefix(f"{name}:").strip()
    found = _find_class(module, attr)
    own = ast.get_docstring(found[1], clean=False) if found else None
    if own and own.strip():
        return own.strip().split("\n")[0]
    return f"xDSL's {attr}"


def declared_options(module: str, attr: str) -> list[DeclaredOption]:
    """The fields of dataclass `module.attr`, inherited ones first, in the
    order `dataclasses.fields` gives them."""
    found = _find_class(module, attr)
    if found is None:
        return []
    where, cls = found
    options: dict[str, DeclaredOption] = {}
    for base in reversed(cls.bases):  # the MRO's order where bases share none
        # (`class A(A)` would find itself: such a base is not followed.)
        if isinstance(base, ast.Name) and base.id != attr:
            options.update((o.name, o) for o in declared_options(where, base.id))
    if _is_dataclass(cls):
        docs = field_docs(cls)
        for stmt in cls.body:
            if not isinstance(stmt, ast.AnnAssign) or not isinstance(
                stmt.target, ast.Name
            ):
                continue
            if "ClassVar" in ast.unparse(stmt.annotation):
                continue
            name = stmt.target.id
            inherited = options[name].doc if name in options else ""
            options[name] = DeclaredOption(
                name,
                ast.unparse(stmt.annotation),
                _literal(stmt.value),
                docs.get(name, inherited),  # an override keeps the base's doc
            )
    return list(options.values())


def _is_dataclass(cls: ast.ClassDef) -> bool:
    for decorator in cls.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if ast.unparse(target).split(".")[-1] == "dataclass":
            return True
    return False


def _literal(value: ast.expr | None) -> object:
    if value is None:
        return NO_DEFAULT
    try:
        return ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError):
        return ast.unparse(value)  # not a literal: shown as written


def _find_class(module: str, attr: str) -> tuple[str, ast.ClassDef] | None:
    """(module that defines it, its class body) for the name `attr` as seen
    in `module`, following `from x import attr` re-exports."""
    tree = _parse(module)
    for stmt in tree.body:
        if isinstance(stmt, ast.ClassDef) and stmt.name == attr:
            return module, stmt
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if (alias.asname or alias.name) == attr:
                    return _find_class(_absolute(module, stmt), alias.name)
    return None


def _absolute(module: str, stmt: ast.ImportFrom) -> str:
    """The module a `from ... import` in `module` names, relative ones resolved."""
    if not stmt.level:
        return stmt.module or ""
    package = module.split(".")
    if not _is_package(module):
        package = package[:-1]
    package = package[: len(package) - (stmt.level - 1)]
    return ".".join(package + ([stmt.module] if stmt.module else []))


def _is_package(module: str) -> bool:
    spec = _spec(module)
    return spec is not None and spec.submodule_search_locations is not None


@cache
def _parse(module: str) -> ast.Module:
    spec = _spec(module)
    if spec is None or not spec.has_location or not spec.origin:
        return ast.Module(body=[], type_ignores=[])
    with open(spec.origin, encoding="utf-8") as f:
        return ast.parse(f.read(), spec.origin)


@cache
def _spec(module: str):
    """The module's spec, found without importing it or its packages (a pass
    package's `__init__` imports the whole pass): each level is looked up by
    the import system's finders in its parent's folders."""
    loaded = sys.modules.get(module)
    if loaded is not None and getattr(loaded, "__spec__", None) is not None:
        return loaded.__spec__
    parent, _, _ = module.rpartition(".")
    if not parent:
        return importlib.util.find_spec(module)
    parent_spec = _spec(parent)
    if parent_spec is None or parent_spec.submodule_search_locations is None:
        return None
    for finder in sys.meta_path:
        find = getattr(finder, "find_spec", None)
        spec = find and find(module, parent_spec.submodule_search_locations)
        if spec is not None:
            return spec
    return None
