"""Real MLIR for the interop tests: Debian's mlir-22-tools (`mlir-opt-22`,
`mlir-translate-22`). With COOPMLIR_REQUIRE_MLIR=1 (set by .ci/run) a
missing tool fails the tests instead of skipping them."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from support.hang_guard import HANG_GUARD_S

MLIR_OPT = "mlir-opt-22"
MLIR_TRANSLATE = "mlir-translate-22"


def require_mlir_tool(name: str) -> str:
    """The path of `name`; skip (in CI: fail) when it is not installed."""
    path = shutil.which(name)
    if path is None:
        message = f"{name} not found (Debian package mlir-22-tools)"
        if os.environ.get("COOPMLIR_REQUIRE_MLIR"):
            pytest.fail(f"COOPMLIR_REQUIRE_MLIR is set but {message}")
        pytest.skip(message)
    return path


def run_mlir(name: str, *args: str, stdin: str | None = None):
    """Run a real MLIR tool; the CompletedProcess (text)."""
    return subprocess.run(
        [require_mlir_tool(name), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
    )
