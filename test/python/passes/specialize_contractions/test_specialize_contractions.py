"""specialize-contractions: every permutation of a matmul written as
linalg.generic computes on the interpreter what the named op it becomes
computes, and lower-to-coopmat lowers it (differential, random data)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects.linalg.ops import GenericOp

from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.passes.specialize_contractions import SpecializeContractions
from coopmlir.targets import get_target

LETTERS = "mnk"
BODIES = {
    "f16": ("f16", "f32", "arith.extf {x} : f16 to f32", "arith.mulf", "arith.addf"),
    "f32": ("f32", "f32", None, "arith.mulf", "arith.addf"),
    "i8": ("i8", "i32", "arith.extsi {x} : i8 to i32", "arith.muli", "arith.addi"),
    "u8": ("i8", "i32", "arith.extui {x} : i8 to i32", "arith.muli", "arith.addi"),
}
SIZES = {"m": 16, "n": 24, "k": 8}


def generic_source(loop_order: str, a_dims: str, b_dims: str, types: str) -> str:
    """C[m, n] += A[a_dims] * B[b_dims], loops named in `loop_order`."""
    elem, acc, cast, mul, add = BODIES[types]
    dim = {letter: f"d{loop_order.index(letter)}" for letter in LETTERS}
    loops = ", ".join(f"d{i}" for i in range(3))

    def affine(dims: str) -> str:
        return f"affine_map<({loops}) -> ({', '.join(dim[d] for d in dims)})>"

    def shape(dims: str, t: str) -> str:
        return "memref<" + "x".join(str(SIZES[d]) for d in dims) + f"x{t}>"

    kinds = ", ".join(
        '"reduction"' if letter == "k" else '"parallel"' for letter in loop_order
    )
    ta, tb, tc = shape(a_dims, elem), shape(b_dims, elem), shape("mn", acc)
    if cast:
        casts = f"    %xe = {cast.format(x='%x')}\n    %ye = {cast.format(x='%y')}\n"
        x, y = "%xe", "%ye"
    else:
        casts, x, y = "", "%x", "%y"
    return f"""func.func @mm(%A: {ta}, %B: {tb}, %C: {tc}) {{
  linalg.generic {{indexing_maps = [{affine(a_dims)}, {affine(b_dims)}, {affine("mn")}], iterator_types = [{kinds}]}} ins(%A, %B : {ta}, {tb}) outs(%C : {tc}) {{
  ^bb0(%x: {elem}, %y: {elem}, %acc: {acc}):
{casts}    %p = {mul} {x}, {y} : {acc}
    %s = {add} %acc, %p : {acc}
    linalg.yield %s : {acc}
  }}
  func.return
}}
"""


def operands(a_dims, b_dims, types, rng):
    def make(dims, kind):
        shape = [SIZES[d] for d in dims]
        if kind == "f16":
            return rng.uniform(-1, 1, shape).astype(np.float16)
        if kind == "f32":
            return rng.uniform(-1, 1, shape).astype(np.float32)
        if kind == "i8":
            return rng.integers(-128, 128, shape).astype(np.int8)
        return rng.integers(-1000, 1000, shape).astype(np.int32)

    elem = {"f16": "f16", "f32": "f32", "i8": "i8", "u8": "i8"}[types]
    acc = "i32" if elem == "i8" else "f32"
    return [make(a_dims, elem), make(b_dims, elem), make("mn", acc)]


CASES = [
    (order, a, b, types)
    for order in ("".join(p) for p in itertools.permutations(LETTERS))
    for a, b in (("mk", "kn"), ("km", "nk"))
    for types in BODIES
]


@pytest.mark.parametrize("order, a_dims, b_dims, types", CASES)
def test_generic_and_named_agree(order, a_dims, b_dims, types):
    source = generic_source(order, a_dims, b_dims, types)
    named = parse_module(source)
    SpecializeContractions().apply(Context(), named)
    assert not any(isinstance(op, GenericOp) for op in named.walk())
    rng = np.random.default_rng(len(CASES))
    want = operands(a_dims, b_dims, types, rng)
    got = [x.copy() for x in want]
    run_function(parse_module(source), "mm", want)
    run_function(named, "mm", got)
    if types in ("i8", "u8"):
        np.testing.assert_array_equal(got[2], want[2])
    else:
        # The generic adds in order in f32; the named op sums exactly, once.
        np.testing.assert_allclose(got[2], want[2], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("types", ["f16", "u8"])
def test_lower_to_coopmat_lowers_a_generic(types):
    source = generic_source("kmn", "km", "kn", types)
    module = parse_module(source)
    LowerToCoopmat().lower(module, get_target("lavapipe"))
    assert not any(op.name.startswith("linalg.") for op in module.walk())
    rng = np.random.default_rng(7)
    want = operands("km", "kn", types, rng)
    got = [x.copy() for x in want]
    run_function(parse_module(source), "mm", want)
    run_function(module, "mm", got)
    if types == "u8":
        np.testing.assert_array_equal(got[2], want[2])
    else:
        np.testing.assert_allclose(got[2], want[2], rtol=1e-3, atol=1e-3)
