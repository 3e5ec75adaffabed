"""How a coopmlir process is set up before it reads its input.

Lowering builds and drops IR by the hundred thousand objects, each op a
cycle (parent and use links), so CPython's default collector (a young
collection every 700 allocations, full ones as the heap grows) spent about a
third of a SIMT lowering's time tracing the same live graph. Larger young
generations and a frozen start-up heap (xDSL's dialect definitions never
die) cut a `--lower-to-spirv="target=lavapipe"` run from 10.2 s to 7.7 s and
the test suite's IR-heavy files by a quarter, for about twice the peak
memory (1.1 GB at worst in the suite).
"""

from __future__ import annotations

import gc
import os
import sys

from coopmlir.diagnostics import CompileError
from coopmlir.nesting import allow_deep_nesting

#: Allocations between young collections, and collections of each generation
#: before the next one up (CPython's defaults: 700, 10, 10).
GC_THRESHOLDS = (50_000, 20, 10)


def tune_garbage_collector() -> None:
    """Freeze what is alive now (imported modules) out of every collection,
    and collect young objects less often."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def prepare_process() -> None:
    """What every tool does first: deep nesting allowed, collector tuned."""
    allow_deep_nesting()  # regions nested up to coopmlir.nesting's limit
    tune_garbage_collector()


def stdin_bytes() -> bytes:
    """All of standard input; an error when the shell closed it (`<&-`:
    Python then has no sys.stdin)."""
    if sys.stdin is None:
        raise CompileError("error: standard input is closed: give an input file")
    return sys.stdin.buffer.read()


def stdout_or_error(hint: str = "write to a file with -o FILE"):
    """sys.stdout; an error when the shell closed it (`>&-`)."""
    if sys.stdout is None:
        raise CompileError(f"error: standard output is closed: {hint}")
    return sys.stdout


def quiet_broken_pipe() -> int:
    """The reader of our output went away (`| head`): stop without a
    traceback, as a tool killed by SIGPIPE would, and keep the interpreter's
    final flush from raising again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    return 1
