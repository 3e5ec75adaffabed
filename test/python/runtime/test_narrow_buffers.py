"""f8 and i4 arrays cross to the device as the kernel reads them: f8 as one
byte per value (its encoding), 4-bit integers two per byte with the even
index in the low nibble; they come back as the same values."""

import numpy as np
from xdsl.dialects.builtin import (
    Float8E4M3FNType,
    Float8E5M2Type,
    IntegerType,
    MemRefType,
    Signedness,
)

from coopmlir.elements import F8E5M2, round_f8
from coopmlir.runtime.resident import from_device, to_device


def test_f8_travels_as_its_encoding():
    t = MemRefType(Float8E4M3FNType(), [2, 2])
    values = np.array([[1.0, -2.25], [448.0, np.nan]], np.float32)
    data = to_device(values, t)
    assert data.dtype == np.uint8 and list(data.ravel()) == [0x38, 0xC1, 0x7E, 0x7F]
    back = from_device(data, t, values)
    np.testing.assert_array_equal(back, values)
    e5 = MemRefType(Float8E5M2Type(), [3])
    x = round_f8([0.1, -3.0, 7e4], F8E5M2)  # 7e4 overflows to inf
    assert list(to_device(x, e5)) == [0x2E, 0xC2, 0x7C]


def test_i4_packs_two_per_byte():
    t = MemRefType(IntegerType(4), [2, 3])
    values = np.array([[1, -1, 7], [-8, 0, 3]], np.int8)
    data = to_device(values, t)
    assert list(data) == [0xF1, 0x87, 0x30]
    np.testing.assert_array_equal(from_device(data, t, values), values)
    u = MemRefType(IntegerType(4, Signedness.UNSIGNED), [2])
    assert list(from_device(np.array([0xF1], np.uint8), u, np.zeros(2, np.uint8))) == [
        1,
        15,
    ]
