"""The option tables of docs/passes/*.md are what
`python -m coopmlir.tools.option_table` generates from the passes' own option
fields (for lower-to-coopmat and lower-to-spirv: `KernelOptions`, the one
declaration), so the docs cannot drift from the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from coopmlir.passes.lower_to_coopmat.options import KernelOptions
from coopmlir.tools import option_table
from coopmlir.tools.registry import PASSES

ROOT = next(
    p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists()
)
PAGES = sorted((ROOT / "docs" / "passes").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_page_holds_its_generated_table(page: Path):
    text = page.read_text()
    assert option_table.marked_passes(text) == [page.stem], (
        f"{page.name} must mark the option table of {page.stem}"
    )
    assert option_table.refresh(text) == text, (
        f"{page.relative_to(ROOT)}: option table is stale; run "
        f"{option_table.REGENERATE}"
    )


def test_every_coopmlir_pass_has_a_page():
    # passes/cleanup.py holds xDSL's cse, dce and canonicalize, made linear in
    # nesting depth (docs/robustness.md): xDSL's passes, no page of their own
    ours = [
        n
        for n, f in PASSES.items()
        if f().__module__.startswith("coopmlir.")
        and f().__module__ != "coopmlir.passes.cleanup"
    ]
    assert sorted(ours) == sorted(p.stem for p in PAGES)


def test_the_table_lists_exactly_the_declared_options():
    table = option_table.option_table("lower-to-coopmat")
    rows = [line.split("|")[1].strip() for line in table.splitlines()[2:]]
    declared = [
        f"`{name.replace('_', '-')}=`" for name in KernelOptions.__dataclass_fields__
    ]
    assert rows == declared


def test_a_stale_table_is_found_and_rewritten(tmp_path: Path):
    page = tmp_path / "page.md"
    fresh = "x\n<!-- option-table: coopmat-to-simt -->\n"
    fresh += option_table.option_table("coopmat-to-simt")
    fresh += "<!-- end option-table -->\ny\n"
    page.write_text(fresh.replace("tinytc", "tinyt"))
    assert option_table.main(["--check", str(page)]) == 1
    assert option_table.main(["--write", str(page)]) == 0
    assert page.read_text() == fresh
    assert option_table.main(["--check", str(page)]) == 0
