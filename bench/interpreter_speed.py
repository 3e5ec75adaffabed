"""How fast the interpreter runs a tiled f16 -> f32 coopmat kernel.

    python bench/interpreter_speed.py [SIZE ...]      (default: 256 1024)

The kernel is the Vulkan cooperative-matrix talk's "tiled cooperative multiply": a
workgroup of 4 subgroups (32 work-items each) owns a 64x64 tile of C, each
subgroup a 32x32 register tile of 2x2 accumulator fragments (16x16x16), with
a K loop that loads each A fragment once and reuses it across the row. The
result is checked against numpy. Results go to bench/RESULTS-interpreter.md
by hand (the script prints the table row).
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

import numpy as np

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function

HERE = Path(__file__).parent
KERNEL = (HERE / "tiled_f16_f32.mlir.in").read_text()
REFERENCE = (HERE / "matmul_reference.mlir.in").read_text()


def bench(size: int) -> tuple[float, float]:
    module = parse_module(KERNEL.format(N=size))
    rng = np.random.default_rng(0)
    A = rng.standard_normal((size, size)).astype(np.float16)
    B = rng.standard_normal((size, size)).astype(np.float16)
    C = np.zeros((size, size), np.float32)
    start = time.perf_counter()
    run_function(module, "tiled", [A, B, C], grid=(size // 64, size // 64, 1))
    seconds = time.perf_counter() - start
    ref = A.astype(np.float32) @ B.astype(np.float32)
    error = float(np.abs(C - ref).max() / max(1.0, np.abs(ref).max()))
    return seconds, error


def bench_reference(size: int, t: str, c: str, dtypes) -> float:
    """Seconds for the interpreter's linalg.matmul (the L0 oracle)."""
    module = parse_module(REFERENCE.format(N=size, t=t, c=c))
    rng = np.random.default_rng(0)
    A, B = (rng.integers(-3, 4, (size, size)).astype(dtypes[0]) for _ in "AB")
    C = np.zeros((size, size), dtypes[1])
    start = time.perf_counter()
    run_function(module, "mm", [A, B, C])
    return time.perf_counter() - start


def main(sizes: list[int]) -> None:
    cpu = platform.processor() or platform.machine()
    print(f"# {cpu}, Python {platform.python_version()}, numpy {np.__version__}")
    print("| tiled f16->f32 kernel | workgroups | seconds | scaled error vs numpy |")
    print("|---|---|---|---|")
    for size in sizes:
        seconds, error = bench(size)
        print(f"| {size}^3 | {(size // 64) ** 2} | {seconds:.2f} | {error:.1e} |")
    print()
    print("| linalg.matmul reference, 512^3 | seconds |")
    print("|---|---|")
    for t, c, dtypes in (
        ("f16", "f32", (np.float16, np.float32)),
        ("bf16", "f32", (np.float32, np.float32)),
        ("i8", "i32", (np.int8, np.int32)),
    ):
        print(f"| {t} -> {c} | {bench_reference(512, t, c, dtypes):.3f} |")


if __name__ == "__main__":
    main([int(s) for s in sys.argv[1:]] or [256, 1024])
