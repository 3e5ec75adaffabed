"""recognize-frontend against the interpreter: each front-end program (on
tensors, results returned) and its recognized L0 (memrefs, results written
into trailing out-params) run on the same random inputs and agree, by
coopmlir.tools.compare's error measure; the recognized function holds the
op the program was recognized as, and no tensor."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest
import support.attention_programs as ap
import support.chain_programs as cp
from xdsl.dialects.builtin import TensorType

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.interpreter import run_function
from coopmlir.passes.recognize_frontend import RecognizeFrontend
from coopmlir.tools.compare import compare

# Q K^T on i8 as a contraction generic (A stored transposed, the reduction
# loop first): step 1 names it, step 4 makes the result an out-param.
_GENERIC = """
func.func @f(%A: tensor<24x16xi8>, %B: tensor<24x20xi8>) -> tensor<16x20xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<16x20xi32>
  %c = linalg.fill ins(%zero : i32) outs(%e : tensor<16x20xi32>) -> tensor<16x20xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(k, m, n) -> (k, m)>,
      affine_map<(k, m, n) -> (k, n)>, affine_map<(k, m, n) -> (m, n)>],
      iterator_types = ["reduction", "parallel", "parallel"]}
      ins(%A, %B : tensor<24x16xi8>, tensor<24x20xi8>) outs(%c : tensor<16x20xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  } -> tensor<16x20xi32>
  func.return %r : tensor<16x20xi32>
}
"""

# A zero-padded, strided convolution: the pad becomes a filled buffer.
_CONV = """
func.func @f(%x: tensor<2x7x5x8xf16>, %w: tensor<3x3x8x16xf16>) -> tensor<2x4x3x16xf32> {
  %pz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%n: index, %h: index, %i: index, %c: index):
    tensor.yield %pz : f16
  } : tensor<2x7x5x8xf16> to tensor<2x9x7x8xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x3x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x3x16xf32>) -> tensor<2x4x3x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>,
      strides = dense<2> : tensor<2xi64>}
      ins(%p, %w : tensor<2x9x7x8xf16>, tensor<3x3x8x16xf16>)
      outs(%f : tensor<2x4x3x16xf32>) -> tensor<2x4x3x16xf32>
  func.return %y : tensor<2x4x3x16xf32>
}
"""

# Every size known at run time: the out-param's sizes come from tensor.dim.
_DYNAMIC = """
func.func @f(%A: tensor<?x?xf16>, %B: tensor<?x?xf16>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %A, %c0 : tensor<?x?xf16>
  %n = tensor.dim %B, %c1 : tensor<?x?xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%A, %B : tensor<?x?xf16>, tensor<?x?xf16>)
      outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %r : tensor<?x?xf32>
}
"""


def _random(*operands: tuple[tuple[int, ...], type]):
    """Inputs of these shapes and types: i8 over its range, floats normal."""

    def draw(rng: np.random.Generator) -> list[np.ndarray]:
        return [
            rng.integers(-128, 128, shape).astype(dtype)
            if np.issubdtype(dtype, np.integer)
            else rng.standard_normal(shape).astype(dtype)
            for shape, dtype in operands
        ]

    return draw


@dataclass(frozen=True)
class Program:
    source: str
    function: str
    inputs: Callable[[np.random.Generator], list[np.ndarray]]
    recognized_as: str  # an op of the recognized function
    tolerance: float | None = None  # None: compare's default for the type


PROGRAMS = {
    "attention-decomposed-mask-causal": Program(
        ap.attention_program(
            "decomposed", (2,), 16, 24, 16, 16, mask="full", causal=True
        ),
        "attn",
        lambda rng: ap.inputs(rng, (2,), 16, 24, 16, 16, "f16", "full"),
        "coopmlir.attention",
        # The unfused program rounds P to f16 before P @ V; the fused op
        # does not.
        tolerance=2e-3,
    ),
    "attention-softmax-2d-mask": Program(
        ap.attention_program("softmax", (), 32, 16, 16, 32, mask="2d"),
        "attn",
        lambda rng: ap.inputs(rng, (), 32, 16, 16, 32, "f16", "2d"),
        "coopmlir.attention",
        tolerance=2e-3,
    ),
    "mlp-gelu": Program(
        cp.mlp_program(32, (16, 32, 16), activation="gelu-tanh"),
        "mlp",
        lambda rng: cp.mlp_inputs(rng, 32, (16, 32, 16)),
        "coopmlir.chain",
    ),
    "generic-contraction-i8": Program(
        _GENERIC,
        "f",
        _random(((24, 16), np.int8), ((24, 20), np.int8)),
        "linalg.matmul",
    ),
    "conv-padded": Program(
        _CONV,
        "f",
        _random(((2, 7, 5, 8), np.float16), ((3, 3, 8, 16), np.float16)),
        "memref.copy",
    ),
    "matmul-dynamic": Program(
        _DYNAMIC,
        "f",
        _random(((13, 9), np.float16), ((9, 7), np.float16)),
        "linalg.matmul",
    ),
}


def _function(module, name: str):
    return next(
        op
        for op in module.walk()
        if op.name == "func.func" and op.sym_name.data == name
    )


@pytest.mark.parametrize("name", PROGRAMS)
def test_recognized_form_computes_what_the_front_end_wrote(name):
    program = PROGRAMS[name]
    inputs = program.inputs(np.random.default_rng(31))
    wanted = run_function(parse_module(program.source), program.function, inputs)

    recognized = parse_module(program.source)
    RecognizeFrontend().apply(make_context(), recognized)
    function = _function(recognized, program.function)
    ops = {op.name for op in function.walk()}
    assert program.recognized_as in ops
    types = [t for op in function.walk() for t in (*op.operand_types, *op.result_types)]
    assert not any(isinstance(t, TensorType) for t in types)
    # Each result becomes a trailing out-param of its own shape.
    assert len(function.args) == len(inputs) + len(wanted)
    outs = [np.zeros_like(np.asarray(w)) for w in wanted]
    assert run_function(recognized, program.function, [*inputs, *outs]) == ()
    for i, (got, want) in enumerate(zip(outs, wanted, strict=True)):
        comparison = compare(f"result{i}", got, want, program.tolerance)
        assert comparison.ok, comparison.report()
