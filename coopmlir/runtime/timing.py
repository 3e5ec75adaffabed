"""Timing a compiled program's launches at the GPU's working clocks.

A GPU lowers its clocks when idle and raises them only under sustained
work: an H200 idles at 345 MHz, runs at 1980 MHz, and drops back within
half a second of idling (nvidia-smi during bench/model_blocks.py,
bench/RESULTS.md "The GPT-2 block at full clocks"). A timed run of a few
dispatches after host work (uploading the arrays, another launch's set-up)
starts at idle clocks: the GPT-2 block's first launches timed 3.5-5x slow,
even after a second of untimed whole-program runs, because the arrays'
upload before the timed run left the GPU idle again. So
`timed_host_function` keeps each launch itself running back to back for
`warm_seconds` right before its timed runs, each run `batch` dispatches in
one command buffer. Warming submissions grow to about 10 ms of dispatches
(`VulkanDevice._timed_runs`): a launch of 25 us kernels submitted 20 at a
time kept the GPU half idle and its clocks at 390-465 MHz for 1.5 s
(bench/RESULTS.md, "Tenth session"). A CPU device (lavapipe) has no clocks
to wake and is timed at once."""

from __future__ import annotations

from coopmlir.runtime.launch import LaunchTiming, run_host_function

#: Seconds of untimed, back-to-back runs of each launch before its timed
#: ones (the value of every H200 run with the growing submissions).
WARM_SECONDS = 1.0
#: Dispatches per run, back to back in one command buffer.
BATCH = 20
#: Untimed runs before the timed ones, however short `WARM_SECONDS` is.
WARMUP = 2


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
    `batch` dispatches, per dispatch), each taken right after `warm_seconds`
    of untimed runs of the same launch; `arrays` end as one run of the
    program leaves them."""
    if getattr(getattr(device, "report", None), "is_cpu", False):
        batch, warm_seconds = 1, 0.0
    return run_host_function(
        module,
        entry,
        kernels,
        arrays,
        device,
        warmup=WARMUP,
        repeat=repeat,
        batch=batch,
        warm_seconds=warm_seconds,
        spec_values=spec_values,
    )
