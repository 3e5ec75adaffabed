"""Tune the specialization constants of a module compiled once
(`spec-constants=true`): each value set is a pipeline of the same binary
(`run_host_function(spec_values=...)`), checked against the expected
arrays and timed; `coopmlir.tuning.sweep_spec` ranks them.

    measure = measure_on_device(kernel_level, "matmul", kernels, arrays, gpu, expected)
    trials = sweep_spec(spec_candidates(), measure)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from coopmlir.diagnostics import CompileError
from coopmlir.runtime.launch import run_host_function
from coopmlir.runtime.vulkan_device import VulkanError
from coopmlir.specialization import SpecializationError, format_values


def measure_on_device(
    kernel_level,
    entry: str,
    kernels: dict,
    arrays: Sequence,
    device,
    expected: Sequence,
    *,
    repeat: int = 3,
    tolerance: float = 1e-2,
) -> Callable[[dict[str, int]], float]:
    """A `measure` for `sweep_spec`: run host function `entry` on copies of
    `arrays` with the values, compare every array with `expected` and
    return the summed median kernel seconds. A set the module refuses (its
    host checks, the device's limits) or that computes other results raises
    SpecializationError with the reason."""

    def measure(values: dict[str, int]) -> float:
        run = [np.copy(a) if isinstance(a, np.ndarray) else a for a in arrays]
        try:
            timings = run_host_function(
                kernel_level,
                entry,
                kernels,
                run,
                device,
                warmup=1,
                repeat=repeat,
                spec_values=values,
            )
        except CompileError as err:
            raise SpecializationError(err.message or str(err)) from None
        except VulkanError as err:  # the driver refused the pipeline
            raise SpecializationError(str(err)) from None
        for got, want in zip(run, expected, strict=True):
            if isinstance(want, np.ndarray) and not np.allclose(
                np.asarray(got, np.float64),
                np.asarray(want, np.float64),
                rtol=tolerance,
                atol=tolerance,
            ):
                raise SpecializationError(
                    f"{format_values(values)} computes other results"
                )
        return sum(sorted(t.seconds)[len(t.seconds) // 2] for t in timings)

    return measure
