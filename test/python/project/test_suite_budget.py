"""The time budget of the default tier (suite_budget.py) and the tiers'
marker setup in pyproject.toml."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from support.hang_guard import HANG_GUARD_S
from support.suite_budget import DEFAULT_TIER, NAMED, over_budget

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).parents[3]


def test_within_budget_passes():
    assert over_budget(2699.0, Counter({"a": 2000.0}), 2700.0) is None


def test_over_budget_names_the_slowest_tests_slowest_first():
    durations = Counter({f"test_{i}": float(i) for i in range(NAMED + 5)})
    message = over_budget(2701.0, durations, 2700.0)
    assert message is not None and "45.0 min" in message
    named = [line.split()[-1] for line in message.splitlines() if "test_" in line]
    assert named == [f"test_{i}" for i in range(NAMED + 4, 4, -1)]


def test_the_default_tier_is_what_pytest_runs_without_flags():
    pytest_options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"][
        "pytest"
    ]["ini_options"]
    assert f"-m '{DEFAULT_TIER}'" in pytest_options["addopts"]
    assert any(m.startswith("heavy:") for m in pytest_options["markers"])


def test_a_default_tier_run_over_budget_fails_naming_its_tests():
    """The hooks are wired (conftest.py): a real pytest run of one small
    module, with a budget it cannot meet, exits 1 and names its tests; the
    same run within budget passes."""
    tiny = ROOT / "test" / "python" / "project" / "test_tiers.py"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    env = {**os.environ, "COOPMLIR_SUITE_BUDGET_S": "0.001"}
    env.pop("COOPMLIR_SUITE_STARTED", None)
    over = subprocess.run(
        [*command, str(tiny)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=HANG_GUARD_S,
    )
    assert over.returncode == 1, over.stdout
    assert "time budget exceeded" in over.stdout
    assert "test_tiers.py::test_covering" in over.stdout
    env["COOPMLIR_SUITE_BUDGET_S"] = "600"
    within = subprocess.run(
        [*command, str(tiny)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=HANG_GUARD_S,
    )
    assert within.returncode == 0, within.stdout
