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


if __name__ == "__main__":
    print(repr(tuple(float(np.float32(c)) for c in fit())))
