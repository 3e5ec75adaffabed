"""The bad-input corpus (test/bad-input/): every file is refused with a
diagnostic (with its location where it has one), exit code 1, no Python
traceback, and no output file.

Each file starts with `// ARGS: <flags>` and `// ERROR: <text stderr must
contain>`; the flags are coopmlir-opt's, or coopmlir-run's after
`// TOOL: coopmlir-run` (its output is `--output-dir`, which must stay absent).
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from support.hang_guard import HANG_GUARD_S

CORPUS = Path(__file__).parents[2] / "bad-input"


TOOLS = {
    "coopmlir-opt": ("coopmlir.tools.coopmlir_opt", "-o"),
    "coopmlir-run": ("coopmlir.tools.coopmlir_run", "--output-dir"),
}


def header(path: Path, key: str, default: str | None = None) -> str:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(f"// {key}:"):
            return line.split(":", 1)[1].strip()
    if default is not None:
        return default
    raise AssertionError(f"{path.name} has no `// {key}:` line")


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.mlir")), ids=lambda p: p.name)
def test_refused_cleanly(path: Path, tmp_path: Path):
    out = tmp_path / "out.mlir"
    args = shlex.split(header(path, "ARGS"))
    module, output_flag = TOOLS[header(path, "TOOL", "coopmlir-opt")]
    result = subprocess.run(
        [sys.executable, "-m", module, path.name, *args, output_flag, str(out)],
        cwd=CORPUS,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    assert header(path, "ERROR") in result.stderr, result.stderr
    assert not out.exists()
