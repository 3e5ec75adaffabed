"""The option tables of docs/passes/*.md, generated from the passes' own
option fields (the same declaration `--help` reads, `coopmlir.tools.opt_help`).

A page marks where its table goes:

    <!-- option-table: lower-to-coopmat -->
    ...generated, never edited by hand...
    <!-- end option-table -->

    python -m coopmlir.tools.option_table lower-to-coopmat    # print the table
    python -m coopmlir.tools.option_table --write docs/passes/*.md
    python -m coopmlir.tools.option_table --check docs/passes/*.md   # exit 1 if stale
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from coopmlir.tools import registry
from coopmlir.tools.opt_help import pass_options

REGENERATE = "python -m coopmlir.tools.option_table --write docs/passes/*.md"

#: One marked block: its pass name and the text between the markers.
BLOCK = re.compile(
    r"(<!-- option-table: (?P<name>[a-z-]+) -->\n)"
    r"(?P<table>.*?)"
    r"(<!-- end option-table -->)",
    re.S,
)


def option_table(pass_name: str) -> str:
    """The markdown table of a registered pass's options, one row each in
    declaration order; a pass without options gets one line saying so."""
    if pass_name not in registry.PASSES:
        raise KeyError(f"no pass named '{pass_name}'")
    options = pass_options(registry.PASSES[pass_name])
    if not options:
        return f"`{pass_name}` takes no options.\n"
    lines = ["| option | type | default | meaning |", "|---|---|---|---|"]
    for option in options:
        default = f"`{option.default}`" if option.default else "(chosen)"
        cells = (f"`{option.name}=`", option.kind, default, option.doc)
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def refresh(page: str) -> str:
    """`page` with every marked block's table regenerated."""
    return BLOCK.sub(
        lambda m: m.group(1) + option_table(m.group("name")) + m.group(4), page
    )


def marked_passes(page: str) -> list[str]:
    """The passes whose tables `page` marks."""
    return [m.group("name") for m in BLOCK.finditer(page)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m coopmlir.tools.option_table",
        description="Print a pass's option table, or regenerate the marked "
        "tables of docs pages.",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help="rewrite the pages")
    mode.add_argument(
        "--check", action="store_true", help="exit 1 if a page's table is stale"
    )
    parser.add_argument("names", nargs="+", help="a pass name, or pages (.md)")
    args = parser.parse_args(argv)
    if not (args.write or args.check):
        for name in args.names:
            if name not in registry.PASSES:
                print(f"error: no pass named '{name}'", file=sys.stderr)
                return 1
            sys.stdout.write(option_table(name))
        return 0
    stale = []
    for name in args.names:
        path = Path(name)
        text = path.read_text()
        try:
            fresh = refresh(text)
        except KeyError as err:
            print(f"error: {name}: {err.args[0]}", file=sys.stderr)
            return 1
        if fresh == text:
            continue
        if args.write:
            path.write_text(fresh)
        else:
            stale.append(name)
    for name in stale:
        print(f"{name}: option table is stale; run {REGENERATE}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
