"""Suite-wide setup: the venv's tools on PATH (so `.venv/bin/pytest` works
without activating the venv), the garbage collector tuned as the tools tune
it, and the default tier's time budget (suite_budget.py)."""

import os
import sys
from pathlib import Path

from support.suite_budget import pytest_runtest_logreport, pytest_sessionfinish

from coopmlir.tools.process import tune_garbage_collector

os.environ["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
tune_garbage_collector()

__all__ = ["pytest_runtest_logreport", "pytest_sessionfinish"]
