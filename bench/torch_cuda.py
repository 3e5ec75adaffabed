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
