"""Every examples/*.mlir runs the command its header states, and the docs
point at it.

An example's `// run:` lines are shell commands (with `{file}` the example and
`{tmp}` a scratch folder) that lower it and check the result on the
interpreter, usually `coopmlir-run LOWERED --check-against REFERENCE`; they
must all exit 0. `// run-vulkan:` lines need a Vulkan device (lavapipe in
CI), for programs the interpreter cannot compare across their forms. The docs page an example documents names it, so a reader
finds each input from its feature and each feature from its input.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S
from support.vulkan_device import require_vulkan

ROOT = next(
    p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists()
)
EXAMPLES = sorted((ROOT / "examples").glob("*.mlir"))
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RUN = re.compile(r"^// run(-vulkan)?: (.*)$", re.M)


def run_lines(example: Path) -> list[tuple[bool, str]]:
    """(needs a Vulkan device, command) per run line, in order."""
    return [(bool(v), line) for v, line in RUN.findall(example.read_text())]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_runs_its_command(example: Path, tmp_path: Path):
    lines = run_lines(example)
    assert lines, f"{example.name} states no `// run:` command"
    tools = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    if any(vulkan for vulkan, _ in lines):
        require_vulkan()
    for _, line in lines:
        command = line.format(file=example, tmp=tmp_path)
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=HANG_GUARD_S,
        )
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "internal error" not in done.stderr, done.stderr


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_is_referenced_from_the_docs(example: Path):
    name = f"examples/{example.name}"
    pages = [p.relative_to(ROOT) for p in DOCS if name in p.read_text()]
    assert pages, f"no docs page names {name}"


def test_each_example_names_a_docs_page_that_exists():
    for example in EXAMPLES:
        named = re.findall(r"(?:docs/[\w/.-]+\.md|README)", example.read_text())
        assert named, f"{example.name} names no docs page"
        for page in named:
            assert page == "README" or (ROOT / page).exists(), (example.name, page)
