"""How `scalar_expansions._ERFC_LOG2` was made (re-run by
test_erfc_expansion.py, which checks that it still gives them).

log2(erfc(a)) on [0, EDGE] as a polynomial a (c1 + a (c2 + ... + a c8))
(no constant term: erfc(0) = 1 exactly), fitted in f64 to minimize the
largest absolute error of 2^P, which is what 1 + erf(u) and erf(u) inherit:
weighted least squares, each point weighted by erfc(a) ln 2 (the error of
2^P per unit error of P), reweighted by Lawson's rule towards the minimax
fit. math.erfc is accurate to about an ulp of f64 on the whole interval."""

from __future__ import annotations

import math

import numpy as np

#: Where the fit ends: erfc(4.5) = 2.0e-10, below which 0 is as close.
EDGE = 4.5
DEGREE = 8


def reference(a: np.ndarray) -> np.ndarray:
    return np.array([math.erfc(float(v)) for v in a])


def fit(points: int = 6001, rounds: int = 40) -> np.ndarray:
    """The coefficients c1..c8 in f64."""
    a = np.linspace(0.0, EDGE, points)
    q = reference(a)
    log2q = np.log2(q)
    powers = np.vander(a, DEGREE + 1, increasing=True)[:, 1:]
    weights = np.ones_like(a)
    coefficients = np.zeros(DEGREE)
    for _ in range(rounds):
        scale = q * math.log(2.0) * weights
        coefficients, *_ = np.linalg.lstsq(
            powers * scale[:, None], log2q * scale, rcond=None
        )
        error = np.abs((powers @ coefficients - log2q) * q)
        weights *= np.sqrt(error / error.max() + 1e-3)
        weights /= weights.max()
    return coefficients


def horner32(coefficients, a: np.ndarray) -> np.ndarray:
    """P(a) as a kernel computes it: in f32, one fma per coefficient."""
    c = np.float32(coefficients)
    a = a.astype(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        poly = np.full_like(a, c[-1])
        for coefficient in reversed(c[:-1]):
            poly = (poly.astype(np.float64) * a + coefficient).astype(np.float32)
        return (poly.astype(np.float64) * a).astype(np.float32)


def beyond_the_edge(coefficients, edge: float = EDGE) -> tuple[float, float]:
    """(largest 2^P above `edge`, where 2^P is 0 in f32 from on): P in f32
    on every f32 value from `edge` to 4 edge, then on to the largest f32 and inf
    in steps of 2^-6 of an octave. The expansion relies on the first being
    at most erfc(EDGE) and on P staying below -151 (2^P = 0) after the
    second (P falls: its leading coefficient is negative)."""
    start = np.float32(edge).view(np.uint32)
    dense = np.arange(start, np.float32(4 * edge).view(np.uint32), dtype=np.uint32)
    sparse = np.arange(dense[-1], np.float32(np.inf).view(np.uint32), 1 << 17)
    a = np.concatenate([dense, sparse, [np.float32(np.inf).view(np.uint32)]])
    a = a.astype(np.uint32).view(np.float32)
    p = horner32(coefficients, a)
    assert not np.isnan(p).any()
    largest = float(np.exp2(p.astype(np.float64)).max())
    zero_from = float(a[np.flatnonzero(p >= -151)[-1] + 1])
    assert np.all(p[a >= zero_from] < -151)
    return largest, zero_from


if __name__ == "__main__":
    print(repr(tuple(float(np.float32(c)) for c in fit())))
