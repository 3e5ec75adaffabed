"""coopmlir.runtime.out_params: the sizes of a bufferized function's
out-params, computed on the host from the arguments.

Each size formula (integer arith on tensor.dim, memref.dim and index
arguments) is evaluated at random shapes and compared with the same formula
in Python and with the shape the interpreter gives the L0 function's result;
sizes that depend on anything else, or that cannot be computed, are located
errors."""

from __future__ import annotations

import numpy as np
import pytest

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import find_function, run_function
from coopmlir.passes.bufferize_matmul import plan_function
from coopmlir.runtime.out_params import out_param_shapes


def _shapes(source: str, arguments: list) -> list[tuple[int, ...]]:
    module = parse_module(source, "sizes.mlir")
    plan = plan_function(find_function(module, "f"), module)
    return out_param_shapes(plan, arguments)


def _placeholder(shape) -> np.ndarray:
    """Only shapes are read: an array that takes no memory."""
    return np.broadcast_to(np.zeros((), np.float32), shape)


# One result per formula, filled so that the interpreter can run L0 too.
FORMULAS = """\
func.func @f(%x: tensor<?x?xf32>, %m: memref<?xf32>, %k: index) -> (tensor<?x?xf32>, tensor<?x?x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c2_i32 = arith.constant 2 : i32
  %h = tensor.dim %x, %c0 : tensor<?x?xf32>
  %w = tensor.dim %x, %c1 : tensor<?x?xf32>
  %l = memref.dim %m, %c0 : memref<?xf32>
  %a = arith.subi %h, %c1 : index
  %b = arith.floordivsi %a, %c3 : index
  %c = arith.ceildivsi %w, %c3 : index
  %d = arith.muli %c, %k : index
  %e = arith.maxsi %b, %d : index
  %w32 = arith.index_cast %w : index to i32
  %r32 = arith.remsi %w32, %c2_i32 : i32
  %q32 = arith.divui %w32, %c2_i32 : i32
  %s32 = arith.addi %r32, %q32 : i32
  %s = arith.index_cast %s32 : i32 to index
  %t = arith.minsi %s, %l : index
  %u = arith.remui %l, %c3 : index
  %v = arith.divsi %l, %c3 : index
  %uv = arith.addi %u, %v : index
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty(%e, %t) : tensor<?x?xf32>
  %f0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e1 = tensor.empty(%uv, %h) : tensor<?x?x4xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<?x?x4xf32>) -> tensor<?x?x4xf32>
  func.return %f0, %f1 : tensor<?x?xf32>, tensor<?x?x4xf32>
}
"""  # noqa: E501


def _formulas(h: int, w: int, length: int, k: int) -> list[tuple[int, ...]]:
    """FORMULAS' result shapes, in Python (floor and ceiling division of the
    signed values, C's remainder of non-negative ones)."""
    e = max((h - 1) // 3, -(-w // 3) * k)
    t = min(w % 2 + w // 2, length)
    return [(e, t), (length % 3 + length // 3, h, 4)]


@pytest.mark.parametrize("seed", range(6))
def test_sizes_follow_the_formulas(seed):
    rng = np.random.default_rng(seed)
    h, w, length = (int(n) for n in rng.integers(1, 40, 3))
    k = int(rng.integers(0, 5))
    arguments = [_placeholder((h, w)), _placeholder((length,)), np.int64(k)]
    shapes = _shapes(FORMULAS, arguments)
    assert shapes == _formulas(h, w, length, k)
    module = parse_module(FORMULAS)
    x = np.zeros((h, w), np.float32)
    results = run_function(module, "f", [x, np.zeros(length, np.float32), k])
    assert [np.shape(r) for r in results] == shapes


WRITTEN_IN_PLACE = """\
func.func @f(%x: tensor<?x8xf16>, %w: tensor<8x8xf16>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x8xf16>
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
  %n2 = tensor.dim %f, %c0 : tensor<?x8xf32>
  %n3 = arith.muli %n2, %c2 : index
  %o = tensor.empty(%n3) : tensor<?x8xf32>
  %g = linalg.fill ins(%z : f32) outs(%o : tensor<?x8xf32>) -> tensor<?x8xf32>
  func.return %g : tensor<?x8xf32>
}
"""


def test_a_size_of_a_tensor_written_in_place_is_its_buffers():
    """tensor.dim of a fill's result: the shape of the tensor.empty it wrote."""
    args = [_placeholder((5, 8)), _placeholder((8, 8))]
    assert _shapes(WRITTEN_IN_PLACE, args) == [(10, 8)]


RETURNED_PAD = """\
func.func @f(%x: tensor<3x5xf32>) -> tensor<6x6xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 0] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<3x5xf32> to tensor<6x6xf32>
  func.return %p : tensor<6x6xf32>
}
"""


def test_a_returned_pad_is_its_source_and_amounts():
    assert _shapes(RETURNED_PAD, [_placeholder((3, 5))]) == [(6, 6)]


FROM_CONTENTS = """\
func.func @f(%sizes: memref<1xindex>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.load %sizes[%c0] : memref<1xindex>
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""

FROM_A_LOOP = """\
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %next = arith.addi %acc, %c1 : index
    scf.yield %next : index
  }
  %e = tensor.empty(%s) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""

FROM_A_FLOAT = """\
func.func @f(%x: tensor<?xf32>, %scale: f32) -> tensor<?xf32> {
  %s = arith.fptosi %scale : f32 to i64
  %n = arith.index_cast %s : i64 to index
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  func.return %f : tensor<?xf32>
}
"""


@pytest.mark.parametrize(
    ("source", "arguments", "where", "op"),
    [
        (FROM_CONTENTS, [np.array([4])], "3:3", "memref.load"),
        (FROM_A_LOOP, [_placeholder((4,))], "5:3", "scf.for"),
        (FROM_A_FLOAT, [_placeholder((4,)), np.float32(2)], "2:3", "arith.fptosi"),
    ],
)
def test_a_size_from_anything_else_is_refused_at_its_op(source, arguments, where, op):
    with pytest.raises(CompileError) as refused:
        _shapes(source, arguments)
    assert str(refused.value).startswith(
        f"sizes.mlir:{where}: error: a returned tensor's size depends on '{op}'"
    )


def test_a_size_that_cannot_be_computed_is_a_located_error():
    """Division by zero (MLIR leaves it undefined) and a negative size."""
    divided = FORMULAS.replace("%c3 = arith.constant 3", "%c3 = arith.constant 0")
    args = [_placeholder((4, 4)), _placeholder((4,)), np.int64(1)]
    with pytest.raises(CompileError, match=r"sizes.mlir:10:3: .*division by zero"):
        _shapes(divided, args)
    negative = FORMULAS.replace("arith.maxsi %b, %d", "arith.minsi %b, %d")
    args = [_placeholder((0, 1)), _placeholder((4,)), np.int64(0)]
    with pytest.raises(CompileError) as refused:
        _shapes(negative, args)
    assert "sizes.mlir:24:3: error: 'tensor.empty' has the shape (-1, 1)" in str(
        refused.value
    )
