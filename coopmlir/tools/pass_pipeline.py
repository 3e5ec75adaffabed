"""mlir-opt's textual pass pipelines, read into coopmlir-opt's list of passes
and printed back for `--dump-pass-pipeline`.

    --pass-pipeline='builtin.module(func.func(cse), lower-to-coopmat{stages=1})'

The pipeline is anchored on `builtin.module` (or `any`). Every coopmlir pass
is a module pass, so a pass nested in `func.func(...)`, `gpu.module(...)`,
`builtin.module(...)` or `any(...)` runs on the whole module, in the order
written; other anchors are refused. Options are the pass's own, as with
`--name="options"`.
"""

from __future__ import annotations

import dataclasses
import re
import shlex
from collections.abc import Sequence

from xdsl.passes import ModulePass

from coopmlir.tools import registry

#: The anchors whose passes run on the whole module.
NESTED_ANCHORS = ("builtin.module", "func.func", "gpu.module", "any")
TOP_ANCHORS = ("builtin.module", "any")

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")


class PipelineSyntaxError(ValueError):
    """A pass pipeline that does not parse; str() says where and why."""


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def fail(self, message: str) -> PipelineSyntaxError:
        return PipelineSyntaxError(
            f"invalid pass pipeline '{self.text}': {message} at column {self.pos + 1}"
        )

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            found = repr(self.peek()) if self.peek() else "the end"
            raise self.fail(f"expected '{char}', found {found}")
        self.pos += 1

    def name(self) -> str:
        self.skip_space()
        found = _NAME.match(self.text, self.pos)
        if found is None:
            raise self.fail("expected a pass or an op name")
        self.pos = found.end()
        return found.group()

    def options(self) -> str:
        """The text between balanced `{...}`, quotes respected."""
        start = self.pos
        self.expect("{")
        depth, quote = 1, ""
        while self.pos < len(self.text):
            char = self.text[self.pos]
            self.pos += 1
            if quote:
                quote = "" if char == quote else quote
            elif char in "'\"":
                quote = char
            elif char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return self.text[start + 1 : self.pos - 1]
        self.pos = start
        raise self.fail("unbalanced '{'")


def _elements(reader: _Reader, passes: list[str]) -> None:
    """`element (, element)*` up to the closing `)` of the current anchor."""
    if reader.peek() == ")":
        return
    while True:
        start = reader.pos
        name = reader.name()
        if reader.peek() == "(":
            if name not in NESTED_ANCHORS:
                reader.pos = start
                raise reader.fail(
                    f"'{name}(...)' is not supported (coopmlir's passes are module "
                    f"passes; nest them in {', '.join(NESTED_ANCHORS)})"
                )
            reader.expect("(")
            _elements(reader, passes)
            reader.expect(")")
        elif reader.peek() == "{":
            passes.append(f"{name}{{{reader.options().strip()}}}")
        else:
            passes.append(name)
        if reader.peek() != ",":
            return
        reader.expect(",")


def parse_pass_pipeline(text: str) -> list[str]:
    """The passes of an mlir-opt pipeline, in order, as `name` or
    `name{options}` (coopmlir-opt's `-p` items)."""
    reader = _Reader(text)
    anchor = reader.name()
    if anchor not in TOP_ANCHORS:
        reader.pos = 0
        raise reader.fail(
            f"the pipeline must be anchored on builtin.module(...), not '{anchor}'"
        )
    reader.expect("(")
    passes: list[str] = []
    _elements(reader, passes)
    reader.expect(")")
    if reader.peek():
        raise reader.fail("unexpected text after the pipeline")
    return passes


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    text = str(value)
    return text if re.fullmatch(r"[A-Za-z0-9_.:+\-]+", text) else f'"{text}"'


def pass_text(pass_: ModulePass) -> str:
    """`name{option=value ...}` with every option that has a value, defaults
    included (as mlir-opt's --dump-pass-pipeline prints them)."""
    spec = pass_.spec(include_default=True)
    options = " ".join(
        f"{key}={','.join(_value_text(v) for v in values)}"
        for key, values in spec.parameters.items()
        if values
    )
    return f"{spec.name}{{{options}}}" if options else spec.name


def dump_pass_pipeline(passes: Sequence[ModulePass]) -> str:
    """mlir-opt's `--dump-pass-pipeline` text for a flat pipeline on the module."""
    lines = [f"Pass Manager with {len(passes)} passes:", "builtin.module("]
    items = [f"  {pass_text(p)}" for p in passes]
    return "\n".join([*lines, ",\n".join(items), ")"]) + "\n"


#: Option values xDSL's pass-spec parser reads unquoted: words, integers,
#: decimals (a '.' elsewhere, as in `tune=cache.json`, must be quoted).
_BARE_VALUE = re.compile(r"[\w+-]+|[+-]?\d+\.\d*(?:e[+-]?\d+)?")


def pass_options(name: str, options: str) -> str:
    """The options of `--name=options` as an xDSL pass spec reads them: each
    `key=value` once, values with other characters (`vulkan:0`) quoted;
    ValueError for a repeated key or a key without a value (bool options
    alone mean true, as in mlir-opt)."""
    factory = registry.PASSES.get(name)
    fields = dataclasses.fields(factory()) if factory else ()
    types = {f.name: str(f.type) for f in fields}
    types |= {name.replace("_", "-"): t for name, t in types.items()}
    items: list[str] = []
    seen: set[str] = set()
    for item in shlex.split(options):
        key, eq, value = item.partition("=")
        if key in seen:
            raise ValueError(f"--{name}: option '{key}' is given twice")
        seen.add(key)
        if not eq and types.get(key, "").startswith("bool"):
            value = "true"
        elif not eq or not value:
            raise ValueError(f"--{name}: option '{key}' needs a value ({key}=...)")
        if not _BARE_VALUE.fullmatch(value):
            value = '"' + value.replace('"', '\\"') + '"'
        items.append(f"{key}={value}")
    return " ".join(items)
