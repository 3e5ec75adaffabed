"""Memref-level programs of every kind of op that lower-to-coopmat turns
into a loop kernel, each with its operands and a numpy reference (the
front-end ops among them, such as math.fpowi, need not run on the
interpreter)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import erf

import numpy as np

ID2 = "affine_map<(d0, d1) -> (d0, d1)>"


@dataclass(frozen=True)
class LoopCase:
    """`source` defines `@f`; `shapes` (and dtypes) of its operands, the
    inputs first; `reference(inputs) -> outputs` (numpy), one per output:
    the last `len(outputs)` operands."""

    source: str
    shapes: tuple[tuple[tuple[int, ...], str], ...]
    reference: Callable[..., tuple[np.ndarray, ...]]
    outputs: int = 1


def operands(case: LoopCase, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    arrays = []
    for shape, dtype in case.shapes:
        if dtype.startswith("i") or dtype == "bool":
            arrays.append(np.zeros(shape, dtype))
        else:
            arrays.append(rng.uniform(-2, 2, shape).astype(dtype))
    return arrays


def _gelu(a, bias):
    s = (a + bias).astype(np.float64)
    return (0.5 * s * (1 + np.vectorize(erf)(s / np.sqrt(2)))).astype(np.float32)


def _pow_tanh(a):
    p = np.tanh(a.astype(np.float64) ** 3)
    return (np.broadcast_to(a, (3, 7)), p.astype(np.float32).repeat(3, 0).reshape(3, 7))


def _subview_copy(a, out):
    out = out.copy()
    out[2:5, 5:9] = a[1:7:2, 2:10:2]
    return (out,)


CASES: dict[str, LoopCase] = {
    "element-wise with broadcast (bias + GELU, erf)": LoopCase(
        f"""
func.func @f(%a: memref<6x40xf32>, %bias: memref<40xf32>, %out: memref<6x40xf32>) {{
  linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d1)>, {ID2}],
      iterator_types = ["parallel", "parallel"]}}
      ins(%a, %bias : memref<6x40xf32>, memref<40xf32>) outs(%out : memref<6x40xf32>) {{
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %half = arith.constant 0.5 : f32
    %r = arith.constant 0.70710678118654752 : f32
    %one = arith.constant 1.0 : f32
    %t = arith.mulf %s, %r : f32
    %e = math.erf %t : f32
    %p = arith.addf %e, %one : f32
    %h = arith.mulf %s, %half : f32
    %y = arith.mulf %h, %p : f32
    linalg.yield %y : f32
  }}
  return
}}""",
        (((6, 40), "float32"), ((40,), "float32"), ((6, 40), "float32")),
        lambda a, bias, out: (_gelu(a, bias),),
    ),
    "transpose": LoopCase(
        """
func.func @f(%a: memref<5x7xf32>, %out: memref<7x5xf32>) {
  linalg.transpose ins(%a : memref<5x7xf32>) outs(%out : memref<7x5xf32>) permutation = [1, 0]
  return
}""",
        (((5, 7), "float32"), ((7, 5), "float32")),
        lambda a, out: (a.T,),
    ),
    "reduction max-with-index": LoopCase(
        f"""
func.func @f(%a: memref<6x33xf32>, %m: memref<6xf32>, %i: memref<6xi64>) {{
  linalg.generic {{indexing_maps = [{ID2}, affine_map<(d0, d1) -> (d0)>,
      affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}}
      ins(%a : memref<6x33xf32>) outs(%m, %i : memref<6xf32>, memref<6xi64>) {{
  ^bb0(%in: f32, %out: f32, %out_i: i64):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i64
    %mx = arith.maximumf %in, %out : f32
    %gt = arith.cmpf ogt, %in, %out : f32
    %sel = arith.select %gt, %ki, %out_i : i64
    linalg.yield %mx, %sel : f32, i64
  }}
  return
}}""",
        (((6, 33), "float32"), ((6,), "float32"), ((6,), "int64")),
        lambda a, m, i: (
            np.maximum(a.max(1), m),
            np.where(a.max(1) > m, a.argmax(1), i).astype(np.int64),
        ),
        outputs=2,
    ),
    "sum over the last dimension": LoopCase(
        """
func.func @f(%a: memref<3x4x50xf32>, %s: memref<3x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
      affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a : memref<3x4x50xf32>) outs(%s : memref<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  }
  return
}""",
        (((3, 4, 50), "float32"), ((3, 4), "float32")),
        lambda a, s: (s + a.sum(2),),
    ),
    "index-masked generic (causal mask)": LoopCase(
        f"""
func.func @f(%a: memref<16x16xf32>, %out: memref<16x16xf32>) {{
  linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : memref<16x16xf32>) outs(%out : memref<16x16xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %d = arith.subi %jj, %ii : i64
    %c0 = arith.constant 0 : i64
    %masked = arith.cmpi sgt, %d, %c0 : i64
    %low = arith.constant -1.0e30 : f32
    %y = arith.select %masked, %low, %in : f32
    linalg.yield %y : f32
  }}
  return
}}""",
        (((16, 16), "float32"), ((16, 16), "float32")),
        lambda a, out: (
            np.where(np.triu(np.ones((16, 16)), 1) > 0, np.float32(-1e30), a),
        ),
    ),
    "copy between strided subviews": LoopCase(
        """
func.func @f(%a: memref<8x10xf32>, %out: memref<6x12xf32>) {
  %s = memref.subview %a[1, 2] [3, 4] [2, 2] : memref<8x10xf32> to memref<3x4xf32, strided<[20, 2], offset: 12>>
  %d = memref.subview %out[2, 5] [3, 4] [1, 1] : memref<6x12xf32> to memref<3x4xf32, strided<[12, 1], offset: 29>>
  memref.copy %s, %d : memref<3x4xf32, strided<[20, 2], offset: 12>> to memref<3x4xf32, strided<[12, 1], offset: 29>>
  return
}""",
        (((8, 10), "float32"), ((6, 12), "float32")),
        _subview_copy,
    ),
    "transpose of a head split (expand, subview, expand, collapse)": LoopCase(
        """
func.func @f(%a: memref<16x96xf32>, %out: memref<2x16x16xf32>) {
  %e = memref.expand_shape %a [[0, 1], [2]] output_shape [1, 16, 96] : memref<16x96xf32> into memref<1x16x96xf32>
  %s = memref.subview %e[0, 0, 32] [1, 16, 32] [1, 1, 1] : memref<1x16x96xf32> to memref<1x16x32xf32, strided<[1536, 96, 1], offset: 32>>
  %h = memref.expand_shape %s [[0], [1], [2, 3]] output_shape [1, 16, 2, 16] : memref<1x16x32xf32, strided<[1536, 96, 1], offset: 32>> into memref<1x16x2x16xf32, strided<[1536, 96, 16, 1], offset: 32>>
  %c = memref.collapse_shape %h [[0, 1], [2], [3]] : memref<1x16x2x16xf32, strided<[1536, 96, 16, 1], offset: 32>> into memref<16x2x16xf32, strided<[96, 16, 1], offset: 32>>
  linalg.transpose ins(%c : memref<16x2x16xf32, strided<[96, 16, 1], offset: 32>>) outs(%out : memref<2x16x16xf32>) permutation = [1, 0, 2]
  return
}""",
        (((16, 96), "float32"), ((2, 16, 16), "float32")),
        lambda a, out: (a[:, 32:64].reshape(16, 2, 16).transpose(1, 0, 2),),
    ),
    "named element-wise ops (sub, max, exp)": LoopCase(
        """
func.func @f(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %d: memref<4x8xf32>, %m: memref<4x8xf32>, %e: memref<4x8xf32>) {
  linalg.sub ins(%a, %b : memref<4x8xf32>, memref<4x8xf32>) outs(%d : memref<4x8xf32>)
  linalg.max ins(%a, %d : memref<4x8xf32>, memref<4x8xf32>) outs(%m : memref<4x8xf32>)
  linalg.exp ins(%m : memref<4x8xf32>) outs(%e : memref<4x8xf32>)
  return
}""",
        (((4, 8), "float32"),) * 5,
        lambda a, b, d, m, e: (
            a - b,
            np.maximum(a, a - b),
            np.exp(np.maximum(a, a - b).astype(np.float64)).astype(np.float32),
        ),
        outputs=3,
    ),
    "fill": LoopCase(
        """
func.func @f(%out: memref<9x7xf32>) {
  %c = arith.constant 2.5 : f32
  linalg.fill ins(%c : f32) outs(%out : memref<9x7xf32>)
  return
}""",
        (((9, 7), "float32"),),
        lambda out: (np.full((9, 7), 2.5, np.float32),),
    ),
    "broadcast, fpowi, tanh, unordered compare": LoopCase(
        f"""
func.func @f(%a: memref<7xf32>, %out: memref<3x7xf32>, %out2: memref<3x7xf32>) {{
  linalg.broadcast ins(%a : memref<7xf32>) outs(%out : memref<3x7xf32>) dimensions = [0]
  linalg.generic {{indexing_maps = [{ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%out : memref<3x7xf32>) outs(%out2 : memref<3x7xf32>) {{
  ^bb0(%in: f32, %o: f32):
    %c3 = arith.constant 3 : i64
    %p = math.fpowi %in, %c3 : f32, i64
    %t = math.tanh %p : f32
    %nan = arith.cmpf uno, %in, %t : f32
    %z = arith.constant 0.0 : f32
    %y = arith.select %nan, %z, %t : f32
    linalg.yield %y : f32
  }}
  return
}}""",
        (((7,), "float32"), ((3, 7), "float32"), ((3, 7), "float32")),
        lambda a, out, out2: (
            np.broadcast_to(a, (3, 7)),
            np.broadcast_to(np.tanh(a.astype(np.float64) ** 3), (3, 7)).astype(
                np.float32
            ),
        ),
        outputs=2,
    ),
    "f16 rsqrt and sqrt, bool output": LoopCase(
        f"""
func.func @f(%a: memref<4x8xf16>, %o: memref<4x8xf16>, %m: memref<4x8xi1>) {{
  linalg.generic {{indexing_maps = [{ID2}, {ID2}, {ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : memref<4x8xf16>) outs(%o, %m : memref<4x8xf16>, memref<4x8xi1>) {{
  ^bb0(%in: f16, %out: f16, %mask: i1):
    %e = arith.extf %in : f16 to f32
    %abs = math.absf %e : f32
    %r = math.rsqrt %abs : f32
    %s = math.sqrt %r : f32
    %t = arith.truncf %s : f32 to f16
    %z = arith.constant 0.0 : f32
    %c = arith.cmpf ugt, %e, %z : f32
    linalg.yield %t, %c : f16, i1
  }}
  return
}}""",
        (((4, 8), "float16"), ((4, 8), "float16"), ((4, 8), "bool")),
        lambda a, o, m: (
            np.sqrt(1 / np.sqrt(np.abs(a.astype(np.float64)))).astype(np.float16),
            a > 0,
        ),
        outputs=2,
    ),
}
