"""docs/python-api.md runs: its ```python blocks execute in order in one
namespace, and each block prints exactly its `# prints: ...` lines."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "python-api.md"
PRINTS = "# prints: "


def blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", DOC.read_text(), re.S | re.M)


# The examples are for copying: no deprecated xDSL names in them.
@pytest.mark.filterwarnings("error::DeprecationWarning")
def test_every_block_prints_what_it_says():
    found = blocks()
    assert len(found) >= 8
    namespace: dict = {}
    for i, block in enumerate(found):
        expected = [
            line.removeprefix(PRINTS)
            for line in block.splitlines()
            if line.startswith(PRINTS)
        ]
        assert expected, f"block {i} states nothing it prints"
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, f"{DOC.name}, block {i}", "exec"), namespace)
        assert out.getvalue().splitlines() == expected, f"block {i}:\n{block}"


def test_doc_covers_the_api_it_promises():
    text = DOC.read_text()
    for name in (
        "make_context",
        "parse_module",
        "LowerToCoopmat(",
        ".lower(",
        "lower_to_kernels",
        "run_function",
        "walk()",
        "RewritePattern",
        "compile_kernels",
        "install_gpu_syntax",
    ):
        assert name in text, name
