"""torch with a CUDA device, for the cuBLAS side and the f64 reference of the
benchmarks: a clear error (not a traceback deep in a run) where it is missing."""

from __future__ import annotations


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


def cuda_timed(fn, repeat: int, warmup: int = 3) -> tuple[object, float]:
    """`fn()`'s result (from the last warm-up call) and the median milliseconds
    of `repeat` more calls, each timed with CUDA events: the GPU's time, not
    the host's, and the warm-ups keep first-call costs (allocation, cuBLAS
    heuristics) out of it."""
    import torch

    out = None
    for _ in range(warmup):
        out = fn()
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
