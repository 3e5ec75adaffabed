"""Run coopmlir's command-line tools as a user would, in a fresh process."""

from __future__ import annotations

import subprocess
import sys

from support.hang_guard import HANG_GUARD_S


def run_module(module: str, *args: str, stdin: str | None = None, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
        cwd=cwd,
    )


def run_opt(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return run_module("coopmlir.tools.coopmlir_opt", *args, stdin=stdin)


def run_run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return run_module("coopmlir.tools.coopmlir_run", *args, cwd=cwd)
