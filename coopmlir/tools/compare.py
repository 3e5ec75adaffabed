"""Comparing results with a reference: one error measure and default
tolerances per element type, used by coopmlir-run --check and the tests.

The error of a result x against a reference r is
    max |x - r| / max(1, max |r|)
so that accumulations of many products are judged relative to their scale.
Integers must match exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Room for a different summation order and, for 16-bit results, one rounding
# per cooperative mul_add instead of one at the end.
DEFAULT_TOLERANCE = {
    np.dtype(np.float64): 1e-10,
    np.dtype(np.float32): 1e-5,
    np.dtype(np.float16): 1e-2,
}


@dataclass(frozen=True)
class Comparison:
    name: str
    max_abs: float
    max_rel: float
    error: float
    tolerance: float

    @property
    def ok(self) -> bool:
        return self.error <= self.tolerance

    def report(self) -> str:
        verdict = "ok" if self.ok else "FAIL"
        return (
            f"{verdict:4} %{self.name}: max abs error {self.max_abs:.3g}, "
            f"max rel error {self.max_rel:.3g}, scaled error {self.error:.3g} "
            f"(tolerance {self.tolerance:.3g})"
        )


def compare(
    name: str, result, reference, tolerance: float | None = None, bf16=False
) -> Comparison:
    x, r = np.asarray(result), np.asarray(reference)
    if x.shape != r.shape:
        raise ValueError(f"%{name}: shapes differ, {x.shape} vs {r.shape}")
    if np.issubdtype(r.dtype, np.integer) or r.dtype == np.bool_:
        diff = np.abs(x.astype(np.int64) - r.astype(np.int64))
        worst = float(diff.max(initial=0))
        rel = worst / max(1.0, float(np.abs(r.astype(np.int64)).max(initial=0)))
        return Comparison(
            name, worst, rel, worst, 0.0 if tolerance is None else tolerance
        )
    x64, r64 = x.astype(np.float64), r.astype(np.float64)
    # IEEE values: equal values (equal infinities too) and NaN against NaN
    # agree; a NaN or an infinity against anything else is an infinite error
    with np.errstate(invalid="ignore"):  # inf - inf
        diff = np.abs(x64 - r64)
    agree = (x64 == r64) | (np.isnan(x64) & np.isnan(r64))
    diff = np.where(agree, 0.0, np.where(np.isnan(diff), np.inf, diff))
    worst = float(diff.max(initial=0.0))
    finite = np.abs(r64[np.isfinite(r64)])
    scale = max(1.0, float(finite.max(initial=0.0)))
    with np.errstate(invalid="ignore"):  # inf / inf where both are infinite
        rel_each = diff / np.maximum(np.abs(r64), np.finfo(np.float64).tiny)
    rel = float(np.nan_to_num(rel_each, nan=0.0).max(initial=0.0))
    if tolerance is None:
        tolerance = 1.6e-2 if bf16 else DEFAULT_TOLERANCE.get(r.dtype, 1e-5)
    return Comparison(name, worst, rel, worst / scale, tolerance)
