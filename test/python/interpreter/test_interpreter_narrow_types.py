"""The interpreter on 8-bit floats and 4-bit integers: conversions round as
`coopmlir.elements` says (itself checked against every encoding), 4-bit
integers wrap and read as unsigned by their own 4 bits, constants (dense and
dense_resource, one byte per element as MLIR stores them) decode, and linalg
contractions over f8 / i4 operands match numpy."""

import numpy as np
import pytest
from support.lowering import interpreted, parse, returned

from coopmlir.elements import F8E4M3FN, F8E5M2, round_f8, wrap_int4
from coopmlir.interpreter.values import InterpretationFailure

CONVERSIONS = """
func.func @f(%x: f32, %i: i4, %u: ui4) -> (f8E4M3FN, f8E5M2, f32, f16, f8E4M3FN, i4, i32, i32, f32, i1, i4, i4) {
  %a = arith.truncf %x : f32 to f8E4M3FN
  %b = arith.truncf %x : f32 to f8E5M2
  %c = arith.extf %a : f8E4M3FN to f32
  %d = arith.extf %b : f8E5M2 to f16
  %e = arith.sitofp %i : i4 to f8E4M3FN
  %f = arith.fptosi %a : f8E4M3FN to i4
  %g = arith.extui %i : i4 to i32
  %h = arith.extsi %i : i4 to i32
  %k = arith.uitofp %i : i4 to f32
  %one = arith.constant 1 : i4
  %l = arith.cmpi ugt, %i, %one : i4
  %m = arith.addi %i, %one : i4
  %s = arith.constant 3 : i4
  %n = arith.shrui %i, %s : i4
  return %a, %b, %c, %d, %e, %f, %g, %h, %k, %l, %m, %n : f8E4M3FN, f8E5M2, f32, f16, f8E4M3FN, i4, i32, i32, f32, i1, i4, i4
}
"""


def test_conversions_round_and_wrap():
    module = parse(CONVERSIONS)
    x = np.float32(2.3)  # E4M3: 2.25; E5M2: 2.5
    got = returned(module, "f", [x, np.int8(-1), np.uint8(15)])
    a, b, c, d, e, f, g, h, k, cmp, add, shr = got
    assert (a, b, c, d) == (2.25, 2.5, 2.25, 2.5)
    assert d.dtype == np.float16
    assert e == -1.0 and f == 2
    # -1 as i4 is 0b1111: 15 unsigned, -1 signed; 15 >u 1; -1 + 1 wraps to 0.
    assert (g, h, k, cmp, add, shr) == (15, -1, 15.0, True, 0, 1)


TRUNCATIONS = """
func.func @t(%x: f32) -> (f8E4M3FN, f8E5M2) {
  %a = arith.truncf %x : f32 to f8E4M3FN
  %b = arith.truncf %x : f32 to f8E5M2
  return %a, %b : f8E4M3FN, f8E5M2
}
"""


def test_overflow_follows_each_format():
    a, b = returned(parse(TRUNCATIONS), "t", [np.float32(1e5)])
    assert np.isnan(a) and b == np.inf  # E4M3FN has no inf: NaN, as APFloat


def test_fptosi_out_of_i4_range_stops():
    module = parse(CONVERSIONS)
    with pytest.raises(InterpretationFailure, match="out of range"):
        returned(module, "f", [np.float32(8.0), np.int8(0), np.uint8(0)])


CONSTANTS = """
func.func @c() -> (tensor<3xf8E4M3FN>, tensor<2xf8E5M2>, tensor<4xi4>, tensor<3xui4>) {
  %a = arith.constant dense_resource<w8> : tensor<3xf8E4M3FN>
  %b = arith.constant dense<[0.3, -60000.0]> : tensor<2xf8E5M2>
  %c = arith.constant dense_resource<w4> : tensor<4xi4>
  %d = arith.constant dense<[15, 0, 7]> : tensor<3xui4>
  return %a, %b, %c, %d : tensor<3xf8E4M3FN>, tensor<2xf8E5M2>, tensor<4xi4>, tensor<3xui4>
}
{-#
  dialect_resources: {
    builtin: {
      w8: "0x01000000387FC1",
      w4: "0x0100000007080F01"
    }
  }
#-}
"""


def test_constants_decode_one_byte_per_element():
    a, b, c, d = returned(parse(CONSTANTS), "c", [])
    np.testing.assert_array_equal(a, [1.0, np.nan, -2.25])
    np.testing.assert_array_equal(b, round_f8([0.3, -60000.0], F8E5M2))
    assert list(b) == [0.3125, -57344.0]
    assert list(c) == [7, -8, -1, 1] and c.dtype == np.int8
    assert list(d) == [15, 0, 7] and d.dtype == np.uint8


CONTRACTIONS = """
func.func @f8(%a: tensor<4x8xf8E4M3FN>, %b: tensor<8x3xf8E5M2>) -> tensor<4x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf8E4M3FN>, tensor<8x3xf8E5M2>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
func.func @i4(%a: memref<4x8xi4>, %b: memref<8x3xi4>, %c: memref<4x3xi32>) {
  linalg.matmul ins(%a, %b : memref<4x8xi4>, memref<8x3xi4>) outs(%c : memref<4x3xi32>)
  return
}
func.func @f8acc(%a: tensor<4x8xf8E4M3FN>, %b: tensor<8x3xf8E4M3FN>, %c: tensor<4x3xf8E4M3FN>) -> tensor<4x3xf8E4M3FN> {
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<4x8xf8E4M3FN>, tensor<8x3xf8E4M3FN>) outs(%c : tensor<4x3xf8E4M3FN>) {
  ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %acc: f8E4M3FN):
    %p = arith.mulf %x, %y : f8E4M3FN
    %s = arith.addf %acc, %p : f8E4M3FN
    linalg.yield %s : f8E4M3FN
  } -> tensor<4x3xf8E4M3FN>
  return %r : tensor<4x3xf8E4M3FN>
}
"""


def test_contractions_over_f8_and_i4():
    module = parse(CONTRACTIONS)
    rng = np.random.default_rng(5)
    a = round_f8(rng.standard_normal((4, 8)), F8E4M3FN)
    b = round_f8(rng.standard_normal((8, 3)), F8E5M2)
    (got,) = returned(module, "f8", [a, b])
    np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-6)
    ai, bi = (
        wrap_int4(rng.integers(-8, 8, (4, 8))),
        wrap_int4(rng.integers(-8, 8, (8, 3))),
    )
    c = np.zeros((4, 3), np.int32)
    *_, c = interpreted(module, "i4", [ai, bi, c])
    np.testing.assert_array_equal(c, ai.astype(np.int32) @ bi.astype(np.int32))
    # An f8 accumulator rounds after every multiply and every add.
    b8 = round_f8(b, F8E4M3FN)
    (acc,) = returned(module, "f8acc", [a, b8, np.zeros((4, 3), np.float32)])
    want = np.zeros((4, 3), np.float32)
    for k in range(8):
        want = round_f8(want + round_f8(np.outer(a[:, k], b8[k]), F8E4M3FN), F8E4M3FN)
    np.testing.assert_array_equal(acc, want)
