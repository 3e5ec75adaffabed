"""Timing a compiled program's launches at the GPU's working clocks.

A GPU lowers its clocks when idle and raises them only under sustained
work: an H200 idles at 345 MHz and runs at 1980 MHz (nvidia-smi during
bench/model_blocks.py, bench/RESULTS.md "The GPT-2 block at full clocks").
A timed run of a few dispatches, with Python between the launches, never
wakes it: every kernel of the GPT-2 block then timed 3.5-5x slower than
after a second of back-to-back work. So `timed_host_function` first keeps
the device busy for `warm_seconds` with the program itself, then times each
launch as runs of `batch` back-to-back dispatches. A CPU device (lavapipe)
has no clocks to wake and is timed at once."""

from __future__ import annotations

import time

import numpy as np

from coopmlir.runtime.launch import LaunchTiming, run_host_function

#: Seconds of untimed, batched whole-program runs before timing.
WARM_SECONDS = 1.0
#: Dispatches per timed run, back to back in one command buffer.
BATCH = 20
#: Untimed runs of `BATCH` right before each launch's timed ones.
WARMUP = 5
#: At most this many back-to-back runs of `BATCH` per launch and warm-up
#: round.
MAX_WARM_RUNS = 32


def timed_host_function(
    module,
    entry: str,
    kernels: dict,
    arrays: list,
    device,
    *,
    repeat: int,
    batch: int = BATCH,
    warm_seconds: float = WARM_SECONDS,
    spec_values: dict[str, int] | None = None,
) -> list[LaunchTiming]:
    """`run_host_function`'s timings of each launch (`repeat` runs of
    `batch` dispatches, per dispatch), taken after `warm_seconds` of the
    same launches run untimed on copies of `arrays`; `arrays` end as one
    run of the program leaves them."""
    if getattr(getattr(device, "report", None), "is_cpu", False):
        batch, warm_seconds = 1, 0.0
    # Each launch's untimed runs are submitted back to back (one wait each),
    # more of them every round: host work between launches (saving and
    # restoring buffers) left the GPU idle most of the time when every
    # launch ran once per round, and the clocks stayed low.
    started, runs = time.perf_counter(), 1
    while time.perf_counter() - started < warm_seconds:
        scratch = [np.copy(a) if isinstance(a, np.ndarray) else a for a in arrays]
        run_host_function(
            module,
            entry,
            kernels,
            scratch,
            device,
            repeat=runs,
            batch=batch,
            spec_values=spec_values,
        )
        runs = min(2 * runs, MAX_WARM_RUNS)
    return run_host_function(
        module,
        entry,
        kernels,
        arrays,
        device,
        warmup=WARMUP,
        repeat=repeat,
        batch=batch,
        spec_values=spec_values,
    )
