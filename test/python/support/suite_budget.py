"""The default tier's time budget (issue 33): the run fails, naming its
slowest tests, when `make test` has taken longer than `BUDGET_S`.

CI's limit is 90 minutes on 2 cores; the budget is half of it, so the suite
cannot grow into the limit unnoticed. The clock starts where the Makefile
starts it (`COOPMLIR_SUITE_STARTED`, seconds since the epoch, taken before
install, lint and lit) or else when pytest starts. The heavy tier
(`make test-heavy`) has no budget.
"""

from __future__ import annotations

import os
import time
from collections import Counter

#: Seconds the default tier may take on the CI machine, install to last test.
BUDGET_S = float(os.environ.get("COOPMLIR_SUITE_BUDGET_S", 45 * 60))
#: Slowest tests named when the budget is exceeded.
NAMED = 10
#: The marker expression of the default tier (pyproject.toml's addopts).
DEFAULT_TIER = "not heavy"

_started = float(os.environ.get("COOPMLIR_SUITE_STARTED", time.time()))
_durations: Counter[str] = Counter()


def over_budget(elapsed: float, durations: Counter[str], budget: float) -> str | None:
    """The failure message when `elapsed` seconds exceed `budget`, else None."""
    if elapsed <= budget:
        return None
    slowest = "\n".join(
        f"  {seconds:8.1f} s  {name}" for name, seconds in durations.most_common(NAMED)
    )
    return (
        f"the default test tier took {elapsed / 60:.1f} min, over its budget of "
        f"{budget / 60:.0f} min (CI stops at 90); its slowest tests:\n{slowest}\n"
        "make them smaller, or move their full grid to the heavy tier"
    )


def pytest_runtest_logreport(report) -> None:
    _durations[report.nodeid] += report.duration


def pytest_sessionfinish(session, exitstatus) -> None:
    config = session.config
    if hasattr(config, "workerinput") or config.option.markexpr != DEFAULT_TIER:
        return  # an xdist worker (the controller judges), or another tier
    message = over_budget(time.time() - _started, _durations, BUDGET_S)
    if message is None:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("=", "time budget exceeded", red=True)
        reporter.write_line(message)
    session.exitstatus = 1
