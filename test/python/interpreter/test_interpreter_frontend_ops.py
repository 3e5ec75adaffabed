"""The ops torch-mlir's linalg-on-tensors export uses, against numpy:
linalg.transpose, tensor.collapse_shape/expand_shape (static and dynamic),
a max-with-index reduction (two results, linalg.index), indexing maps that
read a dimension at a constant position, tensor.extract_slice/insert_slice,
math.fpowi, math.log1p, expm1, sin, cos and powf, hex float literals in
tensor constants; and what their
bufferized form uses: memref.global/get_global, views (expand_shape,
collapse_shape, subview) that share their buffer, memref.copy into views."""

import numpy as np
import pytest

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function

RNG = np.random.default_rng(25)


def run(text: str, *args):
    return run_function(parse_module(text, "in.mlir"), "f", list(args))


def test_transpose():
    x = RNG.standard_normal((2, 3, 4)).astype(np.float32)
    (y,) = run(
        """func.func @f(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%0 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %t : tensor<4x2x3xf32>
}""",
        x,
    )
    np.testing.assert_array_equal(y, x.transpose(2, 0, 1))


def test_transpose_on_memrefs_writes_the_output():
    x = RNG.standard_normal((3, 5)).astype(np.float32)
    out = np.zeros((5, 3), np.float32)
    run(
        """func.func @f(%x: memref<3x5xf32>, %y: memref<5x3xf32>) {
  linalg.transpose ins(%x : memref<3x5xf32>) outs(%y : memref<5x3xf32>) permutation = [1, 0]
  return
}""",
        x,
        out,
    )
    np.testing.assert_array_equal(out, x.T)


def test_collapse_then_expand():
    x = RNG.standard_normal((1, 8, 16)).astype(np.float32)
    (y,) = run(
        """func.func @f(%x: tensor<1x8x16xf32>) -> tensor<8x4x4xf32> {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x8x16xf32> into tensor<8x16xf32>
  %e = tensor.expand_shape %c [[0], [1, 2]] output_shape [8, 4, 4] : tensor<8x16xf32> into tensor<8x4x4xf32>
  return %e : tensor<8x4x4xf32>
}""",
        x,
    )
    np.testing.assert_array_equal(y, x.reshape(8, 4, 4))


DYNAMIC_EXPAND = """func.func @f(%x: tensor<?xf32>, %n: index) -> tensor<?x4xf32> {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [%n, 4] : tensor<?xf32> into tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}"""


def test_dynamic_expand_takes_its_sizes():
    x = np.arange(12, dtype=np.float32)
    (y,) = run(DYNAMIC_EXPAND, x, np.int64(3))
    np.testing.assert_array_equal(y, x.reshape(3, 4))


def test_dynamic_expand_of_the_wrong_size_is_refused():
    with pytest.raises(InterpretationFailure, match=r"does not expand to \[2, 4\]"):
        run(DYNAMIC_EXPAND, np.zeros(12, np.float32), np.int64(2))


MAX_WITH_INDEX = """func.func @f(%x: tensor<4x6xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  %m0 = tensor.empty() : tensor<4xf32>
  %m = linalg.fill ins(%lowest : f32) outs(%m0 : tensor<4xf32>) -> tensor<4xf32>
  %i0 = tensor.empty() : tensor<4xi64>
  %i = linalg.fill ins(%zero : i64) outs(%i0 : tensor<4xi64>) -> tensor<4xi64>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x6xf32>) outs(%m, %i : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%in: f32, %out: f32, %out_1: i64):
    %k = linalg.index 1 : index
    %k64 = arith.index_cast %k : index to i64
    %max = arith.maximumf %in, %out : f32
    %gt = arith.cmpf ogt, %in, %out : f32
    %at = arith.select %gt, %k64, %out_1 : i64
    linalg.yield %max, %at : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
}"""


def test_max_with_index():
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    values, positions = run(MAX_WITH_INDEX, x)
    np.testing.assert_array_equal(values, x.max(axis=1))
    np.testing.assert_array_equal(positions, x.argmax(axis=1))


def constant_position(position: int) -> str:
    return f"""func.func @f(%x: tensor<2x3xf32>, %s: tensor<2x1xf32>) -> tensor<2x3xf32> {{
  %0 = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, {position})>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}} ins(%x, %s : tensor<2x3xf32>, tensor<2x1xf32>) outs(%0 : tensor<2x3xf32>) {{
  ^bb0(%in: f32, %in_1: f32, %out: f32):
    %d = arith.divf %in, %in_1 : f32
    linalg.yield %d : f32
  }} -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}}"""


def test_a_map_reads_a_constant_position():
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    s = np.array([[2.0], [4.0]], np.float32)
    (y,) = run(constant_position(0), x, s)
    np.testing.assert_array_equal(y, x / s)


def test_a_constant_position_past_the_dimension_is_refused():
    with pytest.raises(
        InterpretationFailure, match="position 1 of a dimension of size 1"
    ):
        run(
            constant_position(1),
            np.zeros((2, 3), np.float32),
            np.ones((2, 1), np.float32),
        )


def test_extract_and_insert_slice():
    x = RNG.standard_normal((4, 6)).astype(np.float32)
    (piece, placed) = run(
        """func.func @f(%x: tensor<4x6xf32>) -> (tensor<2x3xf32>, tensor<4x6xf32>) {
  %s = tensor.extract_slice %x[1, 0] [2, 3] [2, 2] : tensor<4x6xf32> to tensor<2x3xf32>
  %r = tensor.insert_slice %s into %x[0, 3] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<4x6xf32>
  return %s, %r : tensor<2x3xf32>, tensor<4x6xf32>
}""",
        x,
    )
    np.testing.assert_array_equal(piece, x[1:4:2, 0:5:2])
    expected = x.copy()
    expected[0:2, 3:6] = x[1:4:2, 0:5:2]
    np.testing.assert_array_equal(placed, expected)


def test_a_slice_past_the_tensor_is_refused():
    with pytest.raises(InterpretationFailure, match="outside the source's 4 elements"):
        run(
            """func.func @f(%x: tensor<4xf32>) -> tensor<2xf32> {
  %s = tensor.extract_slice %x[3] [2] [1] : tensor<4xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}""",
            np.zeros(4, np.float32),
        )


def test_fpowi_and_hex_float_constants():
    x = np.array([-2.0, 0.5, 3.0], np.float32)
    (cube, ninf) = run(
        """func.func @f(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %three = arith.constant 3 : i64
  %ninf = arith.constant dense<0xFF800000> : tensor<f32>
  %e = tensor.empty() : tensor<3xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %o: f32):
    %p = math.fpowi %in, %three : f32, i64
    linalg.yield %p : f32
  } -> tensor<3xf32>
  return %c, %ninf : tensor<3xf32>, tensor<f32>
}""",
        x,
    )
    np.testing.assert_array_equal(cube, x**3)
    assert ninf == -np.inf


@pytest.mark.parametrize(
    ("body", "reference"),
    [
        ("%r = math.log1p %in : f32", np.log1p),
        ("%r = math.expm1 %in : f32", np.expm1),
        ("%r = math.sin %in : f32", np.sin),
        ("%r = math.cos %in : f32", np.cos),
        ("%r = math.powf %in, %in : f32", lambda x: np.power(x, x)),
    ],
    ids=["log1p", "expm1", "sin", "cos", "powf"],
)
def test_math_functions_torch_mlir_exports(body, reference):
    """The math ops of softplus and Mish (log1p), sin and cos, and x ** y
    (powf): computed in f64, rounded once to the result's type."""
    x = np.array([0.0, -0.0, 1e-8, 0.25, 1.5, 7.0, np.inf, np.nan], np.float32)
    (got,) = run(
        """func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    BODY
    linalg.yield %r : f32
  } -> tensor<8xf32>
  return %c : tensor<8xf32>
}""".replace("BODY", body),
        x,
    )
    with np.errstate(all="ignore"):
        want = reference(x.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    assert np.array_equal(np.signbit(got[:2]), np.signbit(want[:2]))


_GLOBALS = """
memref.global "private" constant @w : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.0]]> {alignment = 64 : i64}
memref.global "private" @acc : memref<2xf32> = dense<0.5>
func.func @f(%out: memref<2x2xf32>) {
  %w = memref.get_global @w : memref<2x2xf32>
  %acc = memref.get_global @acc : memref<2xf32>
  %flat = memref.collapse_shape %out [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  %row = memref.expand_shape %flat [[0, 1]] output_shape [1, 4] : memref<4xf32> into memref<1x4xf32>
  %col = memref.subview %out[0, 1] [2, 1] [1, 1] : memref<2x2xf32> to memref<2x1xf32, strided<[2, 1], offset: 1>>
  memref.copy %w, %out : memref<2x2xf32> to memref<2x2xf32>
  %a = memref.expand_shape %acc [[0, 1]] output_shape [2, 1] : memref<2xf32> into memref<2x1xf32>
  memref.copy %a, %col : memref<2x1xf32> to memref<2x1xf32, strided<[2, 1], offset: 1>>
  WRITE
  return
}"""


def test_globals_and_views_share_their_buffers():
    out = np.zeros((2, 2), np.float32)
    run(_GLOBALS.replace("WRITE", ""), out)
    np.testing.assert_array_equal(out, [[1.0, 0.5], [3.0, 0.5]])


def test_a_constant_global_is_not_written():
    write = "memref.copy %out, %w : memref<2x2xf32> to memref<2x2xf32>"
    with pytest.raises(InterpretationFailure, match="the target is a constant"):
        run(_GLOBALS.replace("WRITE", write), np.zeros((2, 2), np.float32))


_ASSERTED_INVERSE = """func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %nz = arith.cmpf one, %in, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %d = arith.divf %one, %in : f32
    linalg.yield %d : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}"""


def test_assert_in_a_body_checks_every_element():
    """torch-mlir's 1/x checks each element (the body runs on all at once)."""
    x = np.array([0.5, 2.0, -4.0, 8.0], np.float32)
    (y,) = run(_ASSERTED_INVERSE, x)
    np.testing.assert_array_equal(y, 1 / x)
    with pytest.raises(InterpretationFailure, match="tensor with zero element") as err:
        run(_ASSERTED_INVERSE, np.array([0.5, 0.0, 1.0, 2.0], np.float32))
    assert err.value.location == "in.mlir:8:5"
