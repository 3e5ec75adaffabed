"""One error model for the tests: how far a float result may lie from its
reference. Integers match exactly.

A sum of n terms rounded to a type of machine epsilon eps after each step
lies within n * eps * sum |term| of the exact sum, element by element. A
matmul C = A @ B + C0 sums K products and C0, so the input (rounding after
every product-add) and a kernel (rounding per fragment mul_add, in another
order) each lie within (K + 1) * eps * (|A| @ |B| + |C0|) of the exact C;
the tests allow `sum_tolerance(K + 2, eps, matmul_magnitude(...))`, with
the accumulator's eps (`accumulator_eps`). Cases that need more room (a
second rounding per fused multiply-add, results through tanh, device runs)
pass their own `terms`, `eps` or `floor`, never a looser model for all.

Failures are reported with coopmlir.tools.compare, the measure that
coopmlir-run --check prints.
"""

from __future__ import annotations

import numpy as np

from coopmlir.tools.compare import compare

#: Machine epsilon of each float element type.
EPS = {"f16": 2.0**-10, "bf16": 2.0**-7, "f32": 2.0**-23}

#: f32's unit roundoff: bf16 products are exact in f32 and accumulate there.
F32_ROUNDOFF = 2.0**-24

#: Fused attention against float64, per element type: P is rounded to the
#: input type before `@ V` (values of O are O(1) for standard-normal V); a
#: result stored as f16 adds `F16_RESULT`.
ATTENTION_TOLERANCE = {"f16": 4e-3, "bf16": 3e-2, "f32": 1e-4}
F16_RESULT = 1e-3


def accumulator_eps(a_element: str, c_dtype) -> float:
    """eps of a matmul's accumulation: f32's unit roundoff for bf16 inputs,
    else C's machine epsilon."""
    if a_element == "bf16":
        return F32_ROUNDOFF
    return float(np.finfo(c_dtype).eps)


def matmul_magnitude(a, b, c0=None, transposed: str = "") -> np.ndarray:
    """|A| @ |B| + |C0| in float64, laid out as C is stored. Operands whose
    letter is in `transposed` are stored transposed; `c0` None: C starts at
    zero (a fill)."""
    a, b, c = (
        None if x is None else np.swapaxes(x, -1, -2) if letter in transposed else x
        for x, letter in zip((a, b, c0), "abc", strict=True)
    )
    magnitude = np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64))
    if c is not None:
        magnitude = magnitude + np.abs(c.astype(np.float64))
    if "c" in transposed:
        magnitude = np.swapaxes(magnitude, -1, -2)
    return magnitude


def sum_tolerance(terms, eps: float, magnitude, floor: float = 1e-30):
    """Room for a sum of `terms` rounded terms of total `magnitude`."""
    return terms * eps * magnitude + floor


def elementwise_tolerance(want, rtol: float, atol: float) -> np.ndarray:
    """atol + rtol * |want|: the bound of numpy's assert_allclose, for a case
    that states its own (its reason written where it passes it)."""
    return atol + rtol * np.abs(np.asarray(want, dtype=np.float64))


def attention_tolerance(ty: str, out: str) -> float:
    """Fused attention's absolute tolerance for element type `ty`, result `out`."""
    return ATTENTION_TOLERANCE[ty] + (F16_RESULT if out == "f16" else 0)


def assert_close(got, want, tolerance=0.0, what: str = "result") -> None:
    """`got` equals `want` (integers) or lies within `tolerance` of it, element
    by element (floats; `tolerance` a number or an array like `want`)."""
    got, want = np.asarray(got), np.asarray(want)
    if got.dtype.kind in "iub" and want.dtype.kind in "iub":
        comparison = compare(what, got, want, tolerance=0.0)
        assert comparison.ok, comparison.report()
        return
    error = np.abs(got.astype(np.float64) - want.astype(np.float64))
    if np.all(error <= tolerance):
        return
    worst = np.unravel_index(np.argmax(error - tolerance), error.shape)
    allowed = np.broadcast_to(tolerance, error.shape)[worst]
    raise AssertionError(
        f"{compare(what, got, want, tolerance=float(allowed)).report()}; "
        f"error {error[worst]:.3g} > {allowed:.3g} at {worst}"
    )
