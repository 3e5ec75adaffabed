"""linalg.matmul / linalg.fill reference semantics, mixed precision included."""

from __future__ import annotations

import numpy as np
import pytest

from coopmlir.dialects.registry import parse_module
from coopmlir.elements import round_bf16
from coopmlir.interpreter import run_function

RNG = np.random.default_rng(11)


def matmul_module(M, N, K, a, c, attrs=""):
    return parse_module(f"""
func.func @mm(%A: memref<{M}x{K}x{a}>, %B: memref<{K}x{N}x{a}>, %C: memref<{M}x{N}x{c}>) {{
  linalg.matmul {attrs} ins(%A, %B : memref<{M}x{K}x{a}>, memref<{K}x{N}x{a}>) outs(%C : memref<{M}x{N}x{c}>)
  func.return
}}""")


@pytest.mark.parametrize("M, N, K", [(1, 1, 1), (33, 47, 19), (64, 48, 32)])
def test_f16_into_f32(M, N, K):
    A = RNG.standard_normal((M, K)).astype(np.float16)
    B = RNG.standard_normal((K, N)).astype(np.float16)
    C = RNG.standard_normal((M, N)).astype(np.float32)
    expected = (A.astype(np.float64) @ B.astype(np.float64) + C).astype(np.float32)
    run_function(matmul_module(M, N, K, "f16", "f32"), "mm", [A, B, C])
    np.testing.assert_array_equal(C, expected)


def test_f16_into_f16_rounds_once():
    A = RNG.standard_normal((16, 64)).astype(np.float16)
    B = RNG.standard_normal((64, 16)).astype(np.float16)
    C = np.zeros((16, 16), np.float16)
    exact = A.astype(np.float64) @ B.astype(np.float64)
    run_function(matmul_module(16, 16, 64, "f16", "f16"), "mm", [A, B, C])
    np.testing.assert_array_equal(C, exact.astype(np.float16))


def test_bf16_into_f32():
    A = round_bf16(RNG.standard_normal((8, 24)).astype(np.float32))
    B = round_bf16(RNG.standard_normal((24, 8)).astype(np.float32))
    C = np.zeros((8, 8), np.float32)
    run_function(matmul_module(8, 8, 24, "bf16", "f32"), "mm", [A, B, C])
    expected = (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(C, expected)


@pytest.mark.parametrize("unsigned", [False, True])
def test_i8_into_i32(unsigned):
    A = RNG.integers(-128, 128, (17, 40)).astype(np.int8)
    B = RNG.integers(-128, 128, (40, 9)).astype(np.int8)
    C = RNG.integers(-5, 5, (17, 9)).astype(np.int32)
    attrs = "{cast = #linalg.type_fn<cast_unsigned>}" if unsigned else ""
    view = (lambda x: x.view(np.uint8)) if unsigned else (lambda x: x)
    expected = view(A).astype(np.int64) @ view(B).astype(np.int64) + C
    run_function(matmul_module(17, 9, 40, "i8", "i32", attrs), "mm", [A, B, C])
    np.testing.assert_array_equal(C, expected.astype(np.int32))


def test_i32_wraps_around():
    A = np.full((1, 2), 2**30 + 1, np.int32)
    B = np.full((2, 1), 4, np.int32)
    C = np.zeros((1, 1), np.int32)
    run_function(matmul_module(1, 1, 2, "i32", "i32"), "mm", [A, B, C])
    assert C[0, 0] == 8  # 2 * 4 * (2**30 + 1) = 2**33 + 8 wraps to 8


def test_tensor_form_with_fill():
    module = parse_module("""
func.func @mm(%A: tensor<8x4xf16>, %B: tensor<4x8xf16>) -> tensor<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x8xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %d = linalg.matmul ins(%A, %B : tensor<8x4xf16>, tensor<4x8xf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  func.return %d : tensor<8x8xf32>
}""")
    A = RNG.standard_normal((8, 4)).astype(np.float16)
    B = RNG.standard_normal((4, 8)).astype(np.float16)
    (D,) = run_function(module, "mm", [A, B])
    expected = (A.astype(np.float64) @ B.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(D, expected)


def test_fill_memref():
    module = parse_module("""
func.func @f(%C: memref<3x5xf16>) {
  %v = arith.constant 1.5 : f16
  linalg.fill ins(%v : f16) outs(%C : memref<3x5xf16>)
  func.return
}""")
    C = np.zeros((3, 5), np.float16)
    run_function(module, "f", [C])
    assert (C == 1.5).all()


def test_linalg_index_in_a_generic():
    """linalg.index gives each point's loop indices (a causal mask)."""
    text = """func.func @causal(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<3x4xf32>) outs(%e : tensor<3x4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %later = arith.cmpi ugt, %j, %i : index
    %r = arith.select %later, %ninf, %a : f32
    linalg.yield %r : f32
  } -> tensor<3x4xf32>
  func.return %y : tensor<3x4xf32>
}"""  # noqa: E501
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    (y,) = run_function(parse_module(text), "causal", [x])
    np.testing.assert_array_equal(y, np.where(np.tri(3, 4, dtype=bool), x, -np.inf))
