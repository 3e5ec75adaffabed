"""8-bit floats and 4-bit integers in the element vocabulary: every f8
encoding decodes as the format's formula says and encodes back, rounding is
nearest-even from the exact value with each format's overflow and NaN rules
(APFloat's, as MLIR's arith.truncf), and 4-bit integers wrap and pack two per
byte, even index in the low nibble."""

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    Float8E4M3FNType,
    Float8E5M2Type,
    IntegerType,
    Signedness,
)

from coopmlir.elements import (
    BY_MLIR,
    F8E4M3FN,
    F8E5M2,
    element_of,
    f8_bits,
    f8_format,
    f8_from_bits,
    pack_i4,
    round_f8,
    unpack_i4,
    wrap_int4,
)

FORMATS = (F8E4M3FN, F8E5M2)


def formula(code: int, e_bits: int, m_bits: int, bias: int, ieee: bool) -> float:
    """The value of one encoding, written from the formats' definitions
    (OCP 8-bit floating point specification) one bit field at a time."""
    sign = -1.0 if code & 0x80 else 1.0
    exponent = (code >> m_bits) & ((1 << e_bits) - 1)
    mantissa = code & ((1 << m_bits) - 1)
    if exponent == (1 << e_bits) - 1:
        if ieee:
            return sign * float("inf") if mantissa == 0 else float("nan")
        if mantissa == (1 << m_bits) - 1:
            return float("nan")
    if exponent == 0:
        return sign * mantissa / (1 << m_bits) * 2.0 ** (1 - bias)
    return sign * (1 + mantissa / (1 << m_bits)) * 2.0 ** (exponent - bias)


PARAMS = {"f8E4M3FN": (4, 3, 7, False), "f8E5M2": (5, 2, 15, True)}


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.mlir)
def test_all_256_encodings_decode_and_round_trip(fmt):
    codes = np.arange(256, dtype=np.uint8)
    table = f8_from_bits(codes, fmt)
    expected = np.array([formula(c, *PARAMS[fmt.mlir]) for c in range(256)])
    np.testing.assert_array_equal(table, expected.astype(np.float32))
    nan = np.isnan(table)
    # Each value encodes back to its own code; NaNs to the format's NaN.
    assert np.array_equal(f8_bits(table, fmt)[~nan], codes[~nan])
    assert set(f8_bits(table[nan], fmt)) == {fmt.nan_bits, fmt.nan_bits | 0x80}
    assert nan.sum() == (6 if fmt.has_infinity else 2)
    assert np.nanmax(table[np.isfinite(table)]) == fmt.max_finite


def nearest_by_search(x: np.ndarray, fmt) -> np.ndarray:
    """An independent encoder: the nearest finite value by searching the sorted
    table (ties to the even code), overflow past max + half an ulp."""
    codes = np.arange(128)
    values = f8_from_bits(codes, fmt).astype(np.float64)
    finite = np.isfinite(values)
    codes, values = codes[finite], values[finite]
    a = np.abs(x)
    hi = np.clip(np.searchsorted(values, a), 1, len(values) - 1)
    lo = hi - 1
    d_lo, d_hi = a - values[lo], values[hi] - a
    pick = np.where(
        d_lo < d_hi, lo, np.where(d_hi < d_lo, hi, np.where(codes[lo] % 2 == 0, lo, hi))
    )
    out = codes[pick]
    top = values[-1]
    ulp = top - values[-2]
    over = (a > top + ulp / 2) | ((a == top + ulp / 2) & (codes[-1] % 2 == 1))
    out = np.where(over, fmt.infinity_bits if fmt.has_infinity else fmt.nan_bits, out)
    return (out | (np.signbit(x) << 7)).astype(np.uint8)


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.mlir)
def test_rounding_matches_an_independent_search(fmt):
    rng = np.random.default_rng(28)
    table = f8_from_bits(np.arange(128), fmt).astype(np.float64)
    table = table[np.isfinite(table)]
    mids = (table[1:] + table[:-1]) / 2  # every tie
    x = np.concatenate(
        [
            mids,
            np.nextafter(mids, 0),
            np.nextafter(mids, np.inf),
            rng.standard_normal(4000) * fmt.max_finite / 4,
            rng.standard_normal(4000) * 2.0 ** (1 - fmt.bias),  # subnormals
        ]
    )
    x = np.concatenate([x, -x])
    np.testing.assert_array_equal(f8_bits(x, fmt), nearest_by_search(x, fmt))


def test_ties_overflow_nan_and_single_rounding():
    # 1 + 2^-4 is the tie between 1 and 1.125 in E4M3: even code (1.0) wins;
    # 1 + 3*2^-4 ties between 1.125 and 1.25: 1.25 (even mantissa 010).
    assert list(round_f8([1 + 2**-4, 1 + 3 * 2**-4], F8E4M3FN)) == [1.0, 1.25]
    # Rounded once from the exact (f64) value: just above the tie goes up,
    # where a detour through float32 would have landed on the tie, then 1.0.
    assert round_f8(1 + 2**-4 + 2**-40, F8E4M3FN) == 1.125
    # E4M3FN: 464 is the tie 448|480 -> 448; past it, and inf, -> NaN
    # (APFloat: a format without infinities overflows to NaN), sign kept.
    assert list(f8_bits([464, 465, np.inf, -1e6], F8E4M3FN)) == [0x7E, 0x7F, 0x7F, 0xFF]
    # E5M2: 61440 is the tie 57344|inf -> inf (IEEE overflow).
    assert list(f8_bits([61439, 61440, -np.inf], F8E5M2)) == [0x7B, 0x7C, 0xFC]
    assert list(f8_bits([np.nan, -np.nan], F8E5M2)) == [0x7E, 0xFE]
    # Smallest subnormals: half of 2^-9 ties to 0, 1.5x ties to 2 (even).
    assert list(f8_bits([2.0**-10, 1.5 * 2.0**-9, 2.0**-17], F8E4M3FN)) == [0, 2, 0]
    assert f8_bits(-0.0, F8E5M2) == 0x80


def test_f8_types_are_elements():
    assert element_of(Float8E4M3FNType()) is BY_MLIR["f8E4M3FN"]
    assert element_of(Float8E5M2Type()).name == "f8e5m2"
    assert f8_format(Float8E5M2Type()) is F8E5M2
    for name in ("f8E4M3FN", "f8E5M2"):
        e = BY_MLIR[name]
        assert (e.bits, e.bytes, e.is_f8) == (8, 1, True)
        assert (e.value_dtype, e.bits_dtype) == (np.float32, np.uint8)


def test_int4_wraps_and_packs_low_nibble_first():
    assert list(wrap_int4([7, 8, -8, -9, 15, 16])) == [7, -8, -8, 7, -1, 0]
    assert list(wrap_int4([7, 8, -1], signed=False)) == [7, 8, 15]
    packed = pack_i4([1, 2, -1, -8, 5])
    assert list(packed) == [0x21, 0x8F, 0x05]
    assert list(unpack_i4(packed, 5)) == [1, 2, -1, -8, 5]
    assert list(unpack_i4(packed, 4, signed=False)) == [1, 2, 15, 8]
    every = np.arange(-8, 8)
    assert np.array_equal(unpack_i4(pack_i4(every), 16), every)
    s4, u4 = element_of(IntegerType(4)), element_of(IntegerType(4, Signedness.UNSIGNED))
    assert (s4.bits, s4.bytes, s4.value_dtype, u4.value_dtype) == (
        4,
        0,
        np.int8,
        np.uint8,
    )
    assert s4.vk_component_type is None


def test_no_shipped_target_has_float8_matrices():
    from coopmlir.targets import TARGETS, MatrixShape, Target

    assert not any(t.float8_matrices for t in TARGETS.values())
    # A device listing VK_COMPONENT_TYPE_FLOAT8_E4M3_EXT shapes would.
    shape = MatrixShape(16, 16, 32, "f8e4m3", "f8e4m3", "f32", "f32")
    base = TARGETS["h100-vulkan"]
    assert Target(**{**base.__dict__, "matrix_shapes": (shape,)}).float8_matrices
