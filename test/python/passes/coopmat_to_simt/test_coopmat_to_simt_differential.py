"""Differential tests of coopmat-to-simt: the interpreter runs an L1 kernel
(coopmat ops, through coopmlir.layout) and its SIMT lowering (L2: vectors,
gpu.shuffle) on the same random data; the outputs must agree.

Subgroup sizes 8 to 64; a hypothesis sweep (fixed seed) over GEMM tiles of
random shape, type, majors and raggedness. Integers and pure data movement:
exactly. Floats: products are exact in the
accumulator type at both levels, only the summation order and FMA rounding
differ, so |L1 - L2| <= tol * (|A| @ |B| + |C|) with tol = 4 ulp(acc) * K.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.error_model import EPS
from support.kernel_modules import both_levels
from support.matrix_op_kernels import NUMPY

from coopmlir.elements import round_bf16

RNG = np.random.default_rng(11)
SUBGROUP_SIZES = [8, 16, 32, 64]


def data(shape, ty: str) -> np.ndarray:
    if ty.startswith("i"):
        return RNG.integers(-128 if ty == "i8" else -1000, 128, size=shape).astype(
            NUMPY[ty]
        )
    values = RNG.uniform(-1, 1, size=shape).astype(np.float32)
    return round_bf16(values) if ty == "bf16" else values.astype(NUMPY[ty])


def mat(rows, cols, ty, use):
    return f"!coopmat.matrix<{rows}x{cols}x{ty}, {use}>"


# --------------------------------------------------------------------------
# load, mul_add, store (one GEMM tile, ragged or aligned, row/col major)
# --------------------------------------------------------------------------

GEMM = """
      %c0 = arith.constant 0 : index
      %a = coopmat.load %A[%c0, %c0] {a_major} checked(both) : memref<{AM}x{AN}x{ab}> -> {ta}
      %b = coopmat.load %B[%c0, %c0] {b_major} checked(both) : memref<{BM}x{BN}x{ab}> -> {tb}
      %c = coopmat.load %C[%c0, %c0] row_major checked(both) : memref<{CM}x{CN}x{acc}> -> {tc}
      %d = coopmat.mul_add %a, %b, %c {flags} : {ta}, {tb} -> {tc}
      coopmat.store %d, %C[%c0, %c0] row_major checked(both) : {tc}, memref<{CM}x{CN}x{acc}>"""

TYPES = [
    ("f16", "f32", ""),
    ("bf16", "f32", ""),
    ("f32", "f32", ""),
    ("f16", "f16", ""),
    ("i8", "i32", ""),
    ("i8", "i32", "{a_signed, b_signed, c_signed, result_signed}"),
    ("i8", "i32", "{a_signed, saturating}"),
]


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("types", TYPES, ids=lambda t: "-".join(filter(None, t)))
@pytest.mark.parametrize(
    "mnk, ragged", [((16, 16, 16), False), ((8, 32, 16), True), ((4, 8, 8), True)]
)
@pytest.mark.parametrize(
    "majors", [("row_major", "row_major"), ("col_major", "col_major")]
)
def test_gemm_tile(S, types, mnk, ragged, majors):
    check_gemm_tile(S, types, mnk, 1 if ragged else 0, majors)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(
    S=st.sampled_from(SUBGROUP_SIZES),
    types=st.sampled_from(TYPES),
    m=st.sampled_from([1, 2, 4, 8, 16, 32]),
    n=st.integers(1, 40),
    k=st.sampled_from([1, 2, 4, 8, 16, 32]),  # rows of B: a power of two
    cut=st.integers(0, 3),
    majors=st.sampled_from(
        [(a, b) for a in ("row_major", "col_major") for b in ("row_major", "col_major")]
    ),
)
def test_gemm_tile_sweep(S, types, m, n, k, cut, majors):
    cut = min(cut, m - 1, n - 1, k - 1)
    check_gemm_tile(S, types, (m, n, k), cut, majors)


def check_gemm_tile(S, types, mnk, cut, majors):
    """One tile: memrefs `cut` short of the matrices each way (checked)."""
    (ab, acc, flags), (m, n, k) = types, mnk
    a_major, b_major = majors
    shape_a = (m - cut, k - cut) if a_major == "row_major" else (k - cut, m - cut)
    shape_b = (k - cut, n - cut) if b_major == "row_major" else (n - cut, k - cut)
    shape_c = (m - cut, n - cut)
    body = GEMM.format(
        a_major=a_major,
        b_major=b_major,
        AM=shape_a[0], AN=shape_a[1], BM=shape_b[0], BN=shape_b[1],
        CM=shape_c[0], CN=shape_c[1],
        ab=ab, acc=acc, flags=flags,
        ta=mat(m, k, ab, "a"), tb=mat(k, n, ab, "b"), tc=mat(m, n, acc, "acc"),
    )  # fmt: skip
    args = (
        f"%A: memref<{shape_a[0]}x{shape_a[1]}x{ab}>, "
        f"%B: memref<{shape_b[0]}x{shape_b[1]}x{ab}>, "
        f"%C: memref<{shape_c[0]}x{shape_c[1]}x{acc}>"
    )
    inputs = [data(shape_a, ab), data(shape_b, ab), data(shape_c, acc)]
    (l1_a, l1_b, l1_c), (_, _, l2_c) = both_levels(args, body, S, inputs)
    if acc.startswith("i"):
        np.testing.assert_array_equal(l2_c, l1_c)
        return
    a = inputs[0].astype(np.float64)
    b = inputs[1].astype(np.float64)
    a = a if a_major == "row_major" else a.T
    b = b if b_major == "row_major" else b.T
    scale = np.abs(a) @ np.abs(b) + np.abs(inputs[2].astype(np.float64))
    tol = 4 * EPS[acc] * k
    assert (np.abs(l2_c.astype(np.float64) - l1_c) <= tol * scale + 1e-30).all()


# --------------------------------------------------------------------------
# element-wise ops, scale, splat
# --------------------------------------------------------------------------

ELEMENTWISE = """
      %c0 = arith.constant 0 : index
      %x = coopmat.load %X[%c0, %c0] {major} : memref<{R}x{C}x{ty}> -> {t}
      %y = coopmat.load %Y[%c0, %c0] {major} : memref<{R}x{C}x{ty}> -> {t}
      %s = memref.load %Y[%c0, %c0] : memref<{R}x{C}x{ty}>
      %add = coopmat.add %x, %y : {t}
      %sub = coopmat.sub %add, %y : {t}
      %mul = coopmat.mul %sub, %y : {t}
      %div = coopmat.div %mul, %y : {t}
      %neg = coopmat.neg %div : {t}
      %scale = coopmat.scale %neg, %s : {t}, {ty}
      %splat = coopmat.splat %s : {ty} -> {t}
      %sum = coopmat.add %scale, %splat : {t}
      coopmat.store %sum, %OUT[%c0, %c0] {major} : {t}, memref<{R}x{C}x{ty}>"""


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("ty", ["f16", "bf16", "f32", "i8", "i32"])
@pytest.mark.parametrize("shape", [(16, 16), (4, 15), (8, 3)])
@pytest.mark.parametrize("use", ["a", "b", "acc"])
def test_elementwise(S, ty, shape, use):
    rows, cols = shape
    major = "row_major" if use != "b" else "col_major"
    mem = (rows, cols) if major == "row_major" else (cols, rows)
    body = ELEMENTWISE.format(
        R=mem[0], C=mem[1], ty=ty, t=mat(rows, cols, ty, use), major=major
    )
    args = ", ".join(f"%{n}: memref<{mem[0]}x{mem[1]}x{ty}>" for n in "XY") + (
        f", %OUT: memref<{mem[0]}x{mem[1]}x{ty}>"
    )
    y = data(mem, ty)
    y[y == 0] = 3  # no division by zero
    inputs = [data(mem, ty), y, np.zeros(mem, NUMPY[ty])]
    (*_, l1), (*_, l2) = both_levels(args, body, S, inputs)
    np.testing.assert_array_equal(l2, l1)


# --------------------------------------------------------------------------
# per-work-item ops: length, extract, insert, from_vector, to_vector
# --------------------------------------------------------------------------

PER_WORK_ITEM = """
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %m = coopmat.load %IN[%c0, %c0] row_major : memref<{R}x{C}xf32> -> {t}
      %n = coopmat.length : {t}
      %lane = gpu.lane_id
      %lane_i = arith.index_cast %lane : index to i32
      %lane_f = arith.sitofp %lane_i : i32 to f32
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %m) -> ({t}) {{
        %v = coopmat.extract %acc[%k] : {t} -> f32
        memref.store %v, %OUT[%lane, %k] : memref<{S}x{V}xf32>
        %w = arith.addf %v, %lane_f : f32
        %next = coopmat.insert %w, %acc[%k] : f32, {t}
        scf.yield %next : {t}
      }}
      coopmat.store %r, %IN[%c0, %c0] row_major : {t}, memref<{R}x{C}xf32>"""


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("shape", [(16, 16), (4, 15), (1, 17), (32, 8)])
@pytest.mark.parametrize("use", ["a", "b", "acc"])
def test_extract_insert_length_in_a_loop(S, shape, use):
    from coopmlir.layout import TinytcLayout

    rows, cols = shape
    V = TinytcLayout(rows, cols, S, use, "f32").V
    t = mat(rows, cols, "f32", use)
    body = PER_WORK_ITEM.format(R=rows, C=cols, t=t, S=S, V=V)
    args = f"%IN: memref<{rows}x{cols}xf32>, %OUT: memref<{S}x{V}xf32>"
    inputs = [data(shape, "f32"), np.full((S, V), np.nan, np.float32)]
    (l1_in, l1_out), (l2_in, l2_out) = both_levels(args, body, S, inputs)
    np.testing.assert_array_equal(l2_out, l1_out)
    np.testing.assert_array_equal(l2_in, l1_in)


CONVERSIONS = """
      %c0 = arith.constant 0 : index
      %lane = gpu.lane_id
      %acc = coopmat.load %IN[%c0, %c0] row_major : memref<{R}x{C}xf32> -> {tacc}
      %a = coopmat.convert %acc : {tacc} -> {ta}
      coopmat.store %a, %A[%c0, %c0] row_major : {ta}, memref<{R}x{C}xf16>
      %b = coopmat.convert %acc : {tacc} -> {tb}
      coopmat.store %b, %B[%c0, %c0] col_major : {tb}, memref<{C}x{R}xf16>
      %row = coopmat.to_vector %acc : {tacc} -> vector<{C}xf32>
      vector.store %row, %ROWS[%lane, %c0] : memref<{S}x{C}xf32>, vector<{C}xf32>
      %back = coopmat.from_vector %row : vector<{C}xf32> -> {tacc}
      coopmat.store %back, %IN[%c0, %c0] row_major : {tacc}, memref<{R}x{C}xf32>"""


@pytest.mark.parametrize("S", SUBGROUP_SIZES)
@pytest.mark.parametrize("rows", [4, 8])
@pytest.mark.parametrize("cols_per_S", [1, 2, 4])
def test_conversions_move_data_exactly(S, rows, cols_per_S):
    cols = S // cols_per_S
    t = {
        u: mat(rows, cols, "f32" if u == "acc" else "f16", u) for u in ("a", "b", "acc")
    }
    body = CONVERSIONS.format(R=rows, C=cols, S=S, tacc=t["acc"], ta=t["a"], tb=t["b"])
    args = (
        f"%IN: memref<{rows}x{cols}xf32>, %A: memref<{rows}x{cols}xf16>, "
        f"%B: memref<{cols}x{rows}xf16>, %ROWS: memref<{S}x{cols}xf32>"
    )
    inputs = [
        data((rows, cols), "f32"),
        np.zeros((rows, cols), np.float16),
        np.zeros((cols, rows), np.float16),
        np.zeros((S, cols), np.float32),
    ]
    l1, l2 = both_levels(args, body, S, inputs)
    for got, want in zip(l2, l1, strict=True):
        np.testing.assert_array_equal(got, want)
