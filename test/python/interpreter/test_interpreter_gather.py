"""Gathers on the interpreter: `tensor.extract` (in function code, and in a
linalg body that reads a tensor defined outside it, as torch-mlir indexes
per-channel values) and its bufferized form, `memref.load` in a host linalg
body. Indices outside the tensor are a located InterpretationFailure that
names the op, never a numpy IndexError."""

import numpy as np
import pytest

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import InterpretationFailure, run_function

RNG = np.random.default_rng(31)

#: torch-mlir's index arithmetic: a negative index counts from the end.
GATHER_BODY = """
  ^bb0(%id: i64, %out: f32):
    %c0 = arith.constant 0 : i64
    %n = arith.constant {n} : i64
    %neg = arith.cmpi slt, %id, %c0 : i64
    %wrapped = arith.addi %id, %n : i64
    %k = arith.select %neg, %wrapped, %id : i64
    %i = arith.index_cast %k : i64 to index
    %v = {load} : {table_type}
    linalg.yield %v : f32
  }}"""


def run(text: str, *args):
    return run_function(parse_module(text, "in.mlir"), "f", list(args))


def gather_program(n: int, ids: int, memrefs: bool = False) -> str:
    """`@f(table, ids)` that gathers `table[ids]`: on tensors (a result) or
    on memrefs (into a third argument)."""
    kind = "memref" if memrefs else "tensor"
    table_type = f"{kind}<{n}xf32>"
    load = "memref.load %table[%i]" if memrefs else "tensor.extract %table[%i]"
    body = GATHER_BODY.format(n=n, load=load, table_type=table_type)
    maps = "indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]"
    head = f'{maps}, iterator_types = ["parallel"]'
    if memrefs:
        return f"""func.func @f(%table: {table_type}, %ids: memref<{ids}xi64>, %o: memref<{ids}xf32>) {{
  linalg.generic {{{head}}} ins(%ids : memref<{ids}xi64>) outs(%o : memref<{ids}xf32>) {{{body}
  return
}}"""
    return f"""func.func @f(%table: {table_type}, %ids: tensor<{ids}xi64>) -> tensor<{ids}xf32> {{
  %e = tensor.empty() : tensor<{ids}xf32>
  %g = linalg.generic {{{head}}} ins(%ids : tensor<{ids}xi64>) outs(%e : tensor<{ids}xf32>) {{{body} -> tensor<{ids}xf32>
  return %g : tensor<{ids}xf32>
}}"""


def test_extract_in_function_code():
    x = RNG.standard_normal((3, 4)).astype(np.float32)
    (y,) = run(
        """func.func @f(%x: tensor<3x4xf32>, %i: index) -> tensor<2xf32> {
  %c3 = arith.constant 3 : index
  %v = tensor.extract %x[%i, %c3] : tensor<3x4xf32>
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  return %f : tensor<2xf32>
}""",
        x,
        np.int64(2),
    )
    np.testing.assert_array_equal(y, [x[2, 3], x[2, 3]])


@pytest.mark.parametrize("memrefs", [False, True], ids=["tensor", "memref"])
def test_gather_in_a_linalg_body(memrefs):
    table = RNG.standard_normal(5).astype(np.float32)
    ids = np.array([0, 4, -1, -5, 2, 2, 3], np.int64)
    program = gather_program(5, len(ids), memrefs)
    if memrefs:
        out = np.zeros(len(ids), np.float32)
        run(program, table, ids, out)
    else:
        (out,) = run(program, table, ids)
    np.testing.assert_array_equal(out, table[ids])


@pytest.mark.parametrize("memrefs", [False, True], ids=["tensor", "memref"])
def test_a_gather_outside_the_table_is_a_located_failure(memrefs):
    ids = np.array([0, 1, 5, 2], np.int64)  # 5 of a 5-element table
    op = "memref.load" if memrefs else "tensor.extract"
    args = [np.zeros(5, np.float32), ids]
    if memrefs:
        args.append(np.zeros(4, np.float32))
    with pytest.raises(InterpretationFailure, match=f"{op}: index 5 outside") as err:
        run(gather_program(5, len(ids), memrefs), *args)
    assert err.value.location is not None
    assert err.value.location.startswith("in.mlir:")


def test_an_extract_outside_the_tensor_is_a_located_failure():
    with pytest.raises(
        InterpretationFailure,
        match=r"tensor.extract: index -1 outside dimension 1 of a tensor of shape \[3, 4\]",
    ) as err:
        run(
            """func.func @f(%x: tensor<3x4xf32>, %j: index) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[%c0, %j] : tensor<3x4xf32>
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  return %f : tensor<2xf32>
}""",
            np.zeros((3, 4), np.float32),
            np.int64(-1),
        )
    assert err.value.location == "in.mlir:3:3"
