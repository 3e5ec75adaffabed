"""math.log1p and math.expm1 in kernels (log1p_expm1.py): GLSL has
neither; the expansion keeps their accuracy near 0 (where log(1 + x) and
exp(x) - 1 cancel) and numpy's values at -1, -0, inf and NaN, on the
interpreter (L1 against L0's numpy) and on lavapipe after spirv-val."""

from __future__ import annotations

import numpy as np
import pytest
from support.activation_kernels import lowered, run_on_lavapipe, unary_program
from support.lowering import output_of

OPS = {"math.log1p": np.log1p, "math.expm1": np.expm1}


def values(op: str) -> np.ndarray:
    """Each value class: zeros, tiny and subnormal, around the branches'
    edges, wide ranges, inf and NaN (and -1 and below for log1p)."""
    info = np.finfo(np.float32)
    small = np.concatenate(
        [[0.0, info.smallest_subnormal, info.tiny, 1e-30, 1e-12, 1e-7, 1e-4]]
    )
    edges = np.concatenate(
        [
            np.linspace(-0.36, 0.44, 201),  # log1p's (-0.293, 0.414), expm1's 0.347
            np.geomspace(1e-3, 80.0, 400),
        ]
    )
    magnitudes = np.concatenate([small, edges, [1e10, info.max, np.inf]])
    x = np.concatenate([magnitudes, -magnitudes, [np.nan, -0.0]])
    if op == "math.log1p":
        x = np.concatenate([x, [-1.0, -1.0 + 2**-24, -1.5]])
    return np.resize(x.astype(np.float32), 1024)


def ulps(got: np.ndarray, want: np.ndarray, dtype) -> np.ndarray:
    """|got - want| in ulps of want in `dtype`, where both are finite;
    0 where they are the same non-finite value or both NaN."""
    got, want = got.astype(np.float64), want.astype(np.float64)
    same = (got == want) | (np.isnan(got) & np.isnan(want))
    spacing = np.spacing(np.abs(want).astype(dtype)).astype(np.float64)
    spacing = np.maximum(spacing, np.finfo(dtype).smallest_subnormal)
    with np.errstate(invalid="ignore"):
        error = np.abs(got - want) / spacing
    return np.where(same, 0.0, error)


@pytest.mark.parametrize("op", list(OPS))
def test_the_kernel_expands_it_within_a_few_ulps(op):
    """On L1 (the interpreter runs the expansion's ops in f32): within 3
    ulps of the float64 function everywhere, signs of zero and
    non-finite values as numpy's."""
    module = lowered(unary_program(op, "f32"))
    names = [o.name for o in module.walk()]
    assert op not in names
    x = values(op)
    got = output_of(module, "f", [x, np.zeros_like(x)])
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        want = OPS[op](x.astype(np.float64)).astype(np.float32)
    # Measured at most 2 ulps (log1p, where log(1 + x) takes over) and 1
    # (expm1).
    assert ulps(got, want, np.float32).max() <= 3.0
    assert np.array_equal(np.signbit(got[x == 0]), np.signbit(x[x == 0]))


@pytest.mark.parametrize("op", list(OPS))
def test_f16_is_computed_in_f32_and_rounded_once(op):
    """An f16 body (activation_precision.py): within an f16 ulp (measured:
    correctly rounded on every value)."""
    module = lowered(unary_program(op, "f16"))
    x = values(op).astype(np.float16)
    got = output_of(module, "f", [x, np.zeros_like(x)])
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        want = OPS[op](x.astype(np.float64))
    assert ulps(got, want.astype(np.float16), np.float16).max() <= 1.0


@pytest.mark.parametrize("op", list(OPS))
def test_on_lavapipe(op):
    """With the driver's log and exp, within Vulkan's precision for them
    and two roundings more: log, 3 ulps; exp, 3 + 2 |x| ulps of e^x, which
    is at most 2 ulps of expm1(x) where the expansion uses it (|x| >= ln
    2). Measured: log1p 3 ulps, expm1 38 at x = 62 (lavapipe's exp)."""
    x = values(op)
    got = run_on_lavapipe(lowered(unary_program(op, "f32")), x)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        want = OPS[op](x.astype(np.float64)).astype(np.float32)
    magnitude = np.abs(np.nan_to_num(x, posinf=0, neginf=0))
    allowed = 5.0 if op == "math.log1p" else 2 + 2 * (3 + 2 * magnitude)
    assert np.all(ulps(got, want, np.float32) <= allowed)
