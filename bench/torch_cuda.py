"""torch with a CUDA device, for the cuBLAS side and the f64 reference of the
benchmarks: a clear error (not a traceback deep in a run) where it is missing."""

from __future__ import annotations

import sys


def torch_with_cuda():
    """The torch module; SystemExit naming `--no-cublas` without torch or CUDA."""
    try:
        import torch
    except ImportError:
        torch = None
    if torch is None or not torch.cuda.is_available():
        raise SystemExit(
            "error: cuBLAS needs torch with a CUDA device (--no-cublas runs without)"
        )
    return torch


def cuda_timed(
    fn, repeat: int, warmup: int = 3, warm_seconds: float = 0.0
) -> tuple[object, float]:
    """`fn()`'s result (from the last warm-up call) and the median milliseconds
    of `repeat` more calls, each timed with CUDA events: the GPU's time, not
    the host's, and the warm-ups keep first-call costs (allocation, cuBLAS
    heuristics) out of it; with `warm_seconds`, calls go on untimed that
    long first (the GPU's clocks: cuda_batched_ms)."""
    import time

    import torch

    out = None
    for _ in range(warmup):
        out = fn()
    started = time.perf_counter()
    while time.perf_counter() - started < warm_seconds:
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeat):
        start, end = (torch.cuda.Event(enable_timing=True) for _ in range(2))
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return out, sorted(times)[len(times) // 2]


def cuda_batched_ms(
    fn, repeat: int, batch: int | None = None, warm_seconds: float | None = None
) -> float:
    """Median milliseconds per call of `fn`, timed as coopmlir's Vulkan
    launches are (coopmlir.runtime.timing): `warm_seconds` of untimed calls
    first (an idle GPU's clocks rise only under sustained work), then
    `repeat` runs of `batch` calls back to back between two CUDA events,
    captured in a CUDA graph where torch can (else launched one by one), so
    neither the host's launch cost nor a cold clock is in a short kernel's
    time. Defaults: the Vulkan side's BATCH and WARM_SECONDS."""
    import time

    import torch

    from coopmlir.runtime.timing import BATCH, WARM_SECONDS

    batch = BATCH if batch is None else batch
    warm_seconds = WARM_SECONDS if warm_seconds is None else warm_seconds

    def calls():
        for _ in range(batch):
            fn()

    for _ in range(3):  # allocation, cuBLAS heuristics, lazy init
        fn()
    torch.cuda.synchronize()
    run = calls
    try:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            calls()
        run = graph.replay
    except RuntimeError as err:
        print(f"  no CUDA graph ({err}): back-to-back launches", file=sys.stderr)
    started = time.perf_counter()
    while time.perf_counter() - started < warm_seconds:
        run()
        torch.cuda.synchronize()
    return cuda_median_ms(run, repeat, warmup=1) / batch


def cuda_median_ms(fn, repeat: int, warmup: int = 3) -> float:
    """Median milliseconds of `fn()` on CUDA (cuda_timed without the result)."""
    return cuda_timed(fn, repeat, warmup)[1]


def copy_bandwidth(repeat: int = 10) -> float:
    """Bytes per second of a device-to-device copy of 1 GiB (read + write),
    the HBM roof's bandwidth."""
    import torch

    src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    return 2 * src.numel() / (cuda_median_ms(lambda: dst.copy_(src), repeat) / 1e3)
