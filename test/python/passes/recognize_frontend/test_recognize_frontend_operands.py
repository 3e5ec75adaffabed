"""recognize-frontend's operand rewrites against the interpreter, on tensors
(`bufferize=false`): narrow inputs for widening generics (precision.py),
transposes folded into the products' maps (transposes.py), NCHW
convolutions left NCHW, their bias added after them (conv_init.py). Each
program and its rewritten form run on the same random inputs and agree bit
for bit (the rewrites compute the same products; a bias added after the
taps' sum within one f32 rounding), and the rewritten function holds the
ops it should."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np
import pytest

from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.elements import round_bf16
from coopmlir.interpreter import run_function
from coopmlir.passes.recognize_frontend import RecognizeFrontend

_MAP2 = "affine_map<(d0, d1) -> (d0, d1)>"
_MAP3 = "affine_map<(d0, d1, d2) -> (d0, d1, d2)>"
_MAP4 = "affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>"


def _widen(name: str, source: str, shape: str, narrow: str, wide: str, cast: str):
    """A widening generic as torch-mlir writes it (identity maps)."""
    rank = shape.count("x") + 1
    identity = {2: _MAP2, 3: _MAP3, 4: _MAP4}[rank]
    return f"""
  %{name}e = tensor.empty() : tensor<{shape}x{wide}>
  %{name} = linalg.generic {{indexing_maps = [{identity}, {identity}],
      iterator_types = [{", ".join(['"parallel"'] * rank)}]}}
      ins(%{source} : tensor<{shape}x{narrow}>) outs(%{name}e : tensor<{shape}x{wide}>) {{
  ^bb0(%in: {narrow}, %out: {wide}):
    %c = arith.{cast} %in : {narrow} to {wide}
    linalg.yield %c : {wide}
  }} -> tensor<{shape}x{wide}>"""


def _transpose(name: str, source: str, shape: str, permutation: list[int], t: str):
    """`%name = linalg.transpose` of `%source` (`shape`, element type `t`)."""
    sizes = shape.split("x")
    result = "x".join(sizes[p] for p in permutation)
    return f"""
  %{name}e = tensor.empty() : tensor<{result}x{t}>
  %{name} = linalg.transpose ins(%{source} : tensor<{shape}x{t}>)
      outs(%{name}e : tensor<{result}x{t}>) permutation = {permutation}"""


def _zero(shape: str, t: str) -> str:
    zero = "0.0" if t.startswith(("f", "bf")) else "0"
    return f"""
  %z = arith.constant {zero} : {t}
  %ce = tensor.empty() : tensor<{shape}x{t}>
  %acc = linalg.fill ins(%z : {t}) outs(%ce : tensor<{shape}x{t}>) -> tensor<{shape}x{t}>"""


def _linear(
    narrow: str, wide: str, cast: str, transposed_weight: bool = True, k: int = 24
) -> str:
    """nn.Linear as a `.half()` (or i8) export: x (8 x k) and W (20 x k,
    transposed first; or k x 20), both widened, the product in the wide type."""
    weight, w_shape = ("wt", f"20x{k}") if transposed_weight else ("w", f"{k}x20")
    transpose = _transpose("wt", "w", f"20x{k}", [1, 0], narrow)
    return f"""
func.func @f(%x: tensor<8x{k}x{narrow}>, %w: tensor<{w_shape}x{narrow}>) -> tensor<8x20x{wide}> {{
  {transpose if transposed_weight else ""}
  {_widen("xw", "x", f"8x{k}", narrow, wide, cast)}
  {_widen("ww", weight, f"{k}x20", narrow, wide, cast)}
  {_zero("8x20", wide)}
  %y = linalg.matmul ins(%xw, %ww : tensor<8x{k}x{wide}>, tensor<{k}x20x{wide}>)
      outs(%acc : tensor<8x20x{wide}>) -> tensor<8x20x{wide}>
  func.return %y : tensor<8x20x{wide}>
}}
"""


# Attention's Q K^T and a transposed A: batch_matmul(transpose(a), transpose(b)).
_BATCH_TRANSPOSED = f"""
func.func @f(%a: tensor<3x16x8xf16>, %b: tensor<3x12x16xf16>) -> tensor<3x8x12xf32> {{
  {_transpose("at", "a", "3x16x8", [0, 2, 1], "f16")}
  {_transpose("bt", "b", "3x12x16", [0, 2, 1], "f16")}
  {_zero("3x8x12", "f32")}
  %y = linalg.batch_matmul ins(%at, %bt : tensor<3x8x16xf16>, tensor<3x16x12xf16>)
      outs(%acc : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  func.return %y : tensor<3x8x12xf32>
}}
"""

# A transpose that moves the batch dimension makes no batch matmul's
# operand map: it stays. One with another use (returned) stays for that use.
_NOT_FOLDED = f"""
func.func @f(%a: tensor<8x3x16xf16>, %b: tensor<3x16x12xf16>, %x: tensor<8x16xf16>,
    %w: tensor<12x16xf16>) -> (tensor<3x8x12xf32>, tensor<8x12xf32>, tensor<16x12xf16>) {{
  {_transpose("at", "a", "8x3x16", [1, 0, 2], "f16")}
  {_zero("3x8x12", "f32")}
  %y = linalg.batch_matmul ins(%at, %b : tensor<3x8x16xf16>, tensor<3x16x12xf16>)
      outs(%acc : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  {_transpose("wt", "w", "12x16", [1, 0], "f16")}
  %z2 = arith.constant 0.0 : f32
  %ce2 = tensor.empty() : tensor<8x12xf32>
  %acc2 = linalg.fill ins(%z2 : f32) outs(%ce2 : tensor<8x12xf32>) -> tensor<8x12xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<8x16xf16>, tensor<16x12xf16>)
      outs(%acc2 : tensor<8x12xf32>) -> tensor<8x12xf32>
  func.return %y, %m, %wt : tensor<3x8x12xf32>, tensor<8x12xf32>, tensor<16x12xf16>
}}
"""

# matmul_transpose_b reading a transpose of its B: a plain matmul of the source.
_TRANSPOSE_B = f"""
func.func @f(%a: tensor<8x16xbf16>, %b: tensor<16x12xbf16>) -> tensor<8x12xf32> {{
  {_transpose("bt", "b", "16x12", [1, 0], "bf16")}
  {_zero("8x12", "f32")}
  %y = linalg.matmul_transpose_b ins(%a, %bt : tensor<8x16xbf16>, tensor<12x16xbf16>)
      outs(%acc : tensor<8x12xf32>) -> tensor<8x12xf32>
  func.return %y : tensor<8x12xf32>
}}
"""

# Only one input widened: the product stays f32 (matrix units multiply
# equal types).
_ONE_WIDENED = f"""
func.func @f(%x: tensor<8x24xf16>, %w: tensor<24x20xf32>) -> tensor<8x20xf32> {{
  {_widen("xw", "x", "8x24", "f16", "f32", "extf")}
  {_zero("8x20", "f32")}
  %y = linalg.matmul ins(%xw, %w : tensor<8x24xf32>, tensor<24x20xf32>)
      outs(%acc : tensor<8x20xf32>) -> tensor<8x20xf32>
  func.return %y : tensor<8x20xf32>
}}
"""


def _nchw(init: str, pad: str = "1", stride: int = 1, dilation: int = 1) -> str:
    """nn.Conv2d as torch-mlir exports it: x 2x4x9x7, weights 6x4x3x3, a
    zero pad of the image, the accumulator `init` (broadcast bias, zero
    fill, or an argument)."""
    p = int(pad)
    h, w = 9 + 2 * p, 7 + 2 * p
    reach = dilation * 2 + 1
    oh, ow = (h - reach) // stride + 1, (w - reach) // stride + 1
    out = f"2x6x{oh}x{ow}xf32"
    inits = {
        "bias": f"""
  %be = tensor.empty() : tensor<{out}>
  %acc = linalg.broadcast ins(%bias : tensor<6xf32>) outs(%be : tensor<{out}>)
      dimensions = [0, 2, 3]""",
        "zero": _zero(f"2x6x{oh}x{ow}", "f32"),
        "argument": "\n  %acc = arith.addf %cz, %cz : f32",
    }
    acc = "%init" if init == "argument" else "%acc"
    return f"""
func.func @f(%x: tensor<2x4x9x7xf16>, %wt: tensor<6x4x3x3xf16>, %bias: tensor<6xf32>,
    %init: tensor<{out}>) -> tensor<{out}> {{
  %cz = arith.constant 0.0 : f32
  %pz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 0, {p}, {p}] high[0, 0, {p}, {p}] {{
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pz : f16
  }} : tensor<2x4x9x7xf16> to tensor<2x4x{h}x{w}xf16>
  {inits[init]}
  %y = linalg.conv_2d_nchw_fchw {{dilations = dense<{dilation}> : vector<2xi64>,
      strides = dense<{stride}> : vector<2xi64>}}
      ins(%p, %wt : tensor<2x4x{h}x{w}xf16>, tensor<6x4x3x3xf16>)
      outs({acc} : tensor<{out}>) -> tensor<{out}>
  func.return %y : tensor<{out}>
}}
"""


# An element-wise generic reading a transpose (and a broadcast vector) reads
# the source through the permuted map.
_GENERIC_TRANSPOSED = f"""
func.func @f(%x: tensor<4x6xf32>, %v: tensor<4xf32>) -> tensor<6x4xf32> {{
  {_transpose("xt", "x", "4x6", [1, 0], "f32")}
  %e = tensor.empty() : tensor<6x4xf32>
  %y = linalg.generic {{indexing_maps = [{_MAP2}, affine_map<(d0, d1) -> (d1)>, {_MAP2}],
      iterator_types = ["parallel", "parallel"]}}
      ins(%xt, %v : tensor<6x4xf32>, tensor<4xf32>) outs(%e : tensor<6x4xf32>) {{
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  }} -> tensor<6x4xf32>
  func.return %y : tensor<6x4xf32>
}}
"""

# A convolution of widened inputs (an f32 model's conv fed f16): it reads the
# f16 tensors, and stays NCHW.
_CONV_WIDENED = f"""
func.func @f(%x: tensor<2x4x5x6xf16>, %w: tensor<8x4x1x1xf16>) -> tensor<2x8x5x6xf32> {{
  {_widen("xw", "x", "2x4x5x6", "f16", "f32", "extf")}
  {_widen("ww", "w", "8x4x1x1", "f16", "f32", "extf")}
  {_zero("2x8x5x6", "f32")}
  %y = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>,
      strides = dense<1> : vector<2xi64>}}
      ins(%xw, %ww : tensor<2x4x5x6xf32>, tensor<8x4x1x1xf32>)
      outs(%acc : tensor<2x8x5x6xf32>) -> tensor<2x8x5x6xf32>
  func.return %y : tensor<2x8x5x6xf32>
}}
"""


# Left as they are: a pad of the channels too (the lowering then reads a
# padded copy), and a broadcast of more than a per-channel vector (C, H),
# which stays the initial value.
_NCHW_FALLBACKS = """
func.func @f(%x: tensor<2x3x9x7xf16>, %w: tensor<6x4x3x3xf16>, %v: tensor<6x9xf32>)
    -> tensor<2x6x9x7xf32> {
  %pz = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pz : f16
  } : tensor<2x3x9x7xf16> to tensor<2x4x11x9xf16>
  %be = tensor.empty() : tensor<2x6x9x7xf32>
  %acc = linalg.broadcast ins(%v : tensor<6x9xf32>) outs(%be : tensor<2x6x9x7xf32>)
      dimensions = [0, 3]
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>,
      strides = dense<1> : vector<2xi64>}
      ins(%p, %w : tensor<2x4x11x9xf16>, tensor<6x4x3x3xf16>)
      outs(%acc : tensor<2x6x9x7xf32>) -> tensor<2x6x9x7xf32>
  func.return %y : tensor<2x6x9x7xf32>
}
"""


def _shared_weight(broadcast: str) -> str:
    """torch.matmul of a 3-D activation by a weight as torch-mlir exports it
    when the activation is not contiguous (GPT-2's output projection): the
    transposed weight broadcast over the batch (by a copy generic or
    `linalg.broadcast`), then a batch_matmul."""
    forms = {
        "generic": f"""
  %wb = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, {_MAP3}],
      iterator_types = ["parallel", "parallel", "parallel"]}}
      ins(%wt : tensor<16x12xf16>) outs(%wbe : tensor<3x16x12xf16>) {{
  ^bb0(%in: f16, %out: f16):
    linalg.yield %in : f16
  }} -> tensor<3x16x12xf16>""",
        "broadcast": """
  %wb = linalg.broadcast ins(%wt : tensor<16x12xf16>) outs(%wbe : tensor<3x16x12xf16>)
      dimensions = [0]""",
        # Broadcast over the middle dimension: no shared matrix, it stays.
        "other-dimension": """
  %wb = linalg.broadcast ins(%w : tensor<3x12xf16>) outs(%wbe : tensor<3x16x12xf16>)
      dimensions = [1]""",
    }
    shared = broadcast != "other-dimension"
    weight = "12x16" if shared else "3x12"
    return f"""
func.func @f(%x: tensor<3x8x16xf16>, %w: tensor<{weight}xf16>) -> tensor<3x8x12xf32> {{
  {_transpose("wt", "w", "12x16", [1, 0], "f16") if shared else ""}
  %wbe = tensor.empty() : tensor<3x16x12xf16>
  {forms[broadcast]}
  {_zero("3x8x12", "f32")}
  %y = linalg.batch_matmul ins(%x, %wb : tensor<3x8x16xf16>, tensor<3x16x12xf16>)
      outs(%acc : tensor<3x8x12xf32>) -> tensor<3x8x12xf32>
  func.return %y : tensor<3x8x12xf32>
}}
"""


# MLIR's generalized NCHW convolution (strided): the named one (conv_generic.py).
_GENERIC_CONV = """
func.func @f(%x: tensor<2x4x9x7xf16>, %w: tensor<6x4x3x3xf16>) -> tensor<2x6x4x5xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x6x4x5xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e : tensor<2x6x4x5xf32>) -> tensor<2x6x4x5xf32>
  %y = linalg.generic {indexing_maps = [
      affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 + d6)>,
      affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>,
      affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel",
                        "reduction", "reduction", "reduction"]}
      ins(%x, %w : tensor<2x4x9x7xf16>, tensor<6x4x3x3xf16>)
      outs(%acc : tensor<2x6x4x5xf32>) {
  ^bb0(%in: f16, %in_0: f16, %out: f32):
    %1 = arith.extf %in : f16 to f32
    %2 = arith.extf %in_0 : f16 to f32
    %3 = arith.mulf %1, %2 : f32
    %4 = arith.addf %out, %3 : f32
    linalg.yield %4 : f32
  } -> tensor<2x6x4x5xf32>
  func.return %y : tensor<2x6x4x5xf32>
}
"""

# A batch norm's weight preprocessing on constants (folded), read through a
# unit-dimension expand_shape (its source read instead; expand_source.py).
_BATCH_NORM = """
func.func @f(%y: tensor<2x4x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %var = arith.constant dense<[0.25, 1.5, 4.0, 9.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %inv = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
      affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%var : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = math.sqrt %in : f32
    %nz = arith.cmpf one, %s, %zero : f32
    cf.assert %nz, "unimplemented: tensor with zero element"
    %r = arith.divf %one, %s : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %x = tensor.expand_shape %inv [[0, 1, 2]] output_shape [4, 1, 1]
      : tensor<4xf32> into tensor<4x1x1xf32>
  %oe = tensor.empty() : tensor<2x4x3x3xf32>
  %o = linalg.generic {indexing_maps = [
      affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>,
      affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>,
      affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%y, %x : tensor<2x4x3x3xf32>, tensor<4x1x1xf32>)
      outs(%oe : tensor<2x4x3x3xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.mulf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<2x4x3x3xf32>
  func.return %o : tensor<2x4x3x3xf32>
}
"""


# Two convolutions sharing torch-mlir's fill, their casts one tensor.empty:
# each gets its own (conv_init.py), the same values.
_SHARED_INIT = f"""
func.func @f(%x: tensor<1x4x5x6xf16>, %w: tensor<4x4x1x1xf16>) -> (tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>) {{
  {_zero("1x4x5x6", "f32")}
  %y = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
      ins(%x, %w : tensor<1x4x5x6xf16>, tensor<4x4x1x1xf16>) outs(%acc : tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>
  %he = tensor.empty() : tensor<1x4x5x6xf16>
  %h = linalg.generic {{indexing_maps = [{_MAP4}, {_MAP4}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%y : tensor<1x4x5x6xf32>) outs(%he : tensor<1x4x5x6xf16>) {{
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }} -> tensor<1x4x5x6xf16>
  %z2 = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>}}
      ins(%h, %w : tensor<1x4x5x6xf16>, tensor<4x4x1x1xf16>) outs(%acc : tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>
  %g = linalg.generic {{indexing_maps = [{_MAP4}, {_MAP4}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%z2 : tensor<1x4x5x6xf32>) outs(%he : tensor<1x4x5x6xf16>) {{
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }} -> tensor<1x4x5x6xf16>
  func.return %h, %g : tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>
}}
"""


@dataclass(frozen=True)
class Case:
    source: str
    inputs: tuple[tuple[tuple[int, ...], str], ...]
    ops: dict[str, int]  # op name -> how many the rewritten function holds
    narrow: str | None = None  # the element type the products read
    tolerance: float = 0.0  # of the largest magnitude: 0 is bit for bit


def _linear_case(narrow: str, wide: str, cast: str, transposed_weight=True) -> Case:
    """`_linear`: one product of the narrow inputs, nothing else left."""
    w_shape = (20, 24) if transposed_weight else (24, 20)
    return Case(
        _linear(narrow, wide, cast, transposed_weight),
        (((8, 24), narrow), (w_shape, narrow)),
        {"linalg.matmul": 1, "linalg.generic": 0, "linalg.transpose": 0},
        narrow,
    )


_BIAS_INPUTS = (((2, 4, 9, 7), "f16"), ((6, 4, 3, 3), "f16"), ((6,), "f32"))
CASES = {
    "linear-f16": _linear_case("f16", "f32", "extf"),
    "linear-bf16": _linear_case("bf16", "f32", "extf"),
    "linear-i8-signed": _linear_case("i8", "i32", "extsi", transposed_weight=False),
    "linear-i8-unsigned": _linear_case("i8", "i32", "extui"),
    # i8 made f32: exact as an i32 product while K * 128 * 128 <= 2^24 (and
    # K * 255 * 255 unsigned): the largest such K, and one more.
    "linear-sitofp": Case(
        _linear("i8", "f32", "sitofp", k=1024),
        (((8, 1024), "i8"), ((20, 1024), "i8")),
        {"linalg.matmul": 1, "linalg.generic": 1, "linalg.transpose": 0},
        "i8",
    ),
    "linear-uitofp": Case(
        _linear("i8", "f32", "uitofp", transposed_weight=False, k=258),
        (((8, 258), "i8"), ((258, 20), "i8")),
        {"linalg.matmul": 1, "linalg.generic": 1},
        "i8",
    ),
    "linear-sitofp-too-long": Case(
        _linear("i8", "f32", "sitofp", transposed_weight=False, k=1025),
        (((8, 1025), "i8"), ((1025, 20), "i8")),
        {"linalg.matmul": 1, "linalg.generic": 2},
        "f32",
    ),
    "not-folded": Case(
        _NOT_FOLDED,
        (
            ((8, 3, 16), "f16"),
            ((3, 16, 12), "f16"),
            ((8, 16), "f16"),
            ((12, 16), "f16"),
        ),
        {"linalg.transpose": 2, "linalg.matmul": 1, "linalg.batch_matmul": 1},
        "f16",
    ),
    "one-input-widened": Case(
        _ONE_WIDENED,
        (((8, 24), "f16"), ((24, 20), "f32")),
        {"linalg.matmul": 1, "linalg.generic": 1},
        None,
    ),
    "batch-transposed-a-and-b": Case(
        _BATCH_TRANSPOSED,
        (((3, 16, 8), "f16"), ((3, 12, 16), "f16")),
        {"linalg.batch_matmul": 1, "linalg.transpose": 0},
        "f16",
    ),
    "matmul-transpose-b": Case(
        _TRANSPOSE_B,
        (((8, 16), "bf16"), ((16, 12), "bf16")),
        {"linalg.matmul": 1, "linalg.matmul_transpose_b": 0, "linalg.transpose": 0},
        "bf16",
    ),
    "generic-reads-transpose": Case(
        _GENERIC_TRANSPOSED,
        (((4, 6), "f32"), ((4,), "f32")),
        {"linalg.generic": 1, "linalg.transpose": 0},
    ),
    "conv-nchw-widened": Case(
        _CONV_WIDENED,
        (((2, 4, 5, 6), "f16"), ((8, 4, 1, 1), "f16")),
        {"linalg.conv_2d_nchw_fchw": 1, "linalg.generic": 0, "linalg.transpose": 0},
        "f16",
    ),
    "conv-nchw-other-pad-and-init": Case(
        _NCHW_FALLBACKS,
        (((2, 3, 9, 7), "f16"), ((6, 4, 3, 3), "f16"), ((6, 9), "f32")),
        {
            "linalg.conv_2d_nchw_fchw": 1,
            "linalg.transpose": 0,
            "linalg.broadcast": 1,
            "tensor.pad": 1,
        },
    ),
    "conv-nchw-bias": Case(
        _nchw("bias"),
        (*_BIAS_INPUTS, ((2, 6, 9, 7), "f32")),
        {
            "linalg.conv_2d_nchw_fchw": 1,
            "linalg.transpose": 0,
            "tensor.pad": 1,
            "linalg.broadcast": 0,
            "linalg.fill": 1,
            "linalg.generic": 1,
        },
        tolerance=2.0**-22,
    ),
    "conv-own-fill-and-empty": Case(
        _SHARED_INIT,
        (((1, 4, 5, 6), "f16"), ((4, 4, 1, 1), "f16")),
        {"linalg.fill": 2, "tensor.empty": 4, "linalg.conv_2d_nchw_fchw": 2},
    ),
    "batch-norm-folded": Case(
        _BATCH_NORM,
        (((2, 4, 3, 3), "f32"),),
        {"linalg.generic": 1, "tensor.expand_shape": 0, "cf.assert": 0},
    ),
    "conv-nchw-zero-strided": Case(
        _nchw("zero", stride=2),
        (*_BIAS_INPUTS, ((2, 6, 5, 4), "f32")),
        {"linalg.conv_2d_nchw_fchw": 1, "linalg.transpose": 0, "linalg.fill": 1},
    ),
    "conv-nchw-argument-dilated-unpadded": Case(
        _nchw("argument", pad="0", dilation=2),
        (*_BIAS_INPUTS, ((2, 6, 5, 3), "f32")),
        {"linalg.conv_2d_nchw_fchw": 1, "linalg.transpose": 0, "tensor.pad": 1},
    ),
    # A batch product by one matrix: one matmul over the batch's rows, the
    # weight read in place (n x k), no broadcast copy left.
    **{
        f"shared-weight-{form}": Case(
            _shared_weight(form),
            (((3, 8, 16), "f16"), ((12, 16), "f16")),
            {
                "linalg.matmul": 1,
                "linalg.batch_matmul": 0,
                "linalg.generic": 0,
                "linalg.broadcast": 0,
                "linalg.transpose": 0,
                "tensor.collapse_shape": 1,  # the rows; the fill is remade
                "linalg.fill": 1,
                "tensor.expand_shape": 1,
            },
            "f16",
        )
        for form in ("generic", "broadcast")
    },
    "shared-weight-other-dimension": Case(
        _shared_weight("other-dimension"),
        (((3, 8, 16), "f16"), ((3, 12), "f16")),
        {"linalg.matmul": 0, "linalg.batch_matmul": 1, "linalg.broadcast": 1},
        "f16",
    ),
}


def _draw(rng: np.random.Generator, shape: tuple[int, ...], t: str) -> np.ndarray:
    if t == "i8":
        return rng.integers(-128, 128, shape).astype(np.int8)
    values = rng.standard_normal(shape).astype(np.float32)
    return {"f16": values.astype(np.float16), "bf16": round_bf16(values)}.get(t, values)


def _rewritten(source: str):
    module = parse_module(source)
    RecognizeFrontend(bufferize=False).apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("name", CASES)
def test_rewrite_computes_what_the_front_end_wrote(name):
    case = CASES[name]
    rng = np.random.default_rng(25)
    inputs = [_draw(rng, shape, t) for shape, t in case.inputs]
    wanted = run_function(parse_module(case.source), "f", inputs)
    module = _rewritten(case.source)
    got = run_function(module, "f", inputs)
    for g, w in zip(got, wanted, strict=True):
        bound = case.tolerance * float(np.abs(w).max())
        np.testing.assert_allclose(g, w, rtol=0, atol=bound)
    held = Counter(op.name for op in module.walk())
    assert {op: held[op] for op in case.ops} == case.ops
    if case.narrow is not None:
        products = [o for o in module.walk() if "matmul" in o.name or "conv" in o.name]
        for product in products:
            assert {str(t.element_type) for t in product.operand_types[:2]} == {
                case.narrow
            }


def test_unsigned_widening_makes_the_product_cast_unsigned():
    module = _rewritten(CASES["linear-i8-unsigned"].source)
    (product,) = [o for o in module.walk() if o.name == "linalg.matmul"]
    assert product.unsigned


def test_a_transpose_of_the_batch_stays_and_one_used_twice_stays():
    module = _rewritten(_NOT_FOLDED)
    held = Counter(op.name for op in module.walk())
    assert held["linalg.transpose"] == 2
    (batch,) = [o for o in module.walk() if o.name == "linalg.batch_matmul"]
    assert batch.inputs[0].owner.name == "linalg.transpose"
    # B is read in place (n x k), though the transpose stays for the return.
    (product,) = [o for o in module.walk() if o.name == "linalg.matmul"]
    assert product.inputs[1].type.get_shape() == (12, 16)


def test_generic_convolution_becomes_the_named_one():
    """The interpreter runs no generic with a window in its maps: numpy's
    strided NCHW convolution is the reference of the named one."""
    module = _rewritten(_GENERIC_CONV)
    (conv,) = [o for o in module.walk() if "conv" in o.name]
    assert conv.name == "linalg.conv_2d_nchw_fchw"
    assert list(conv.strides.get_values()) == [2, 1]
    rng = np.random.default_rng(26)
    x, w = _draw(rng, (2, 4, 9, 7), "f16"), _draw(rng, (6, 4, 3, 3), "f16")
    (got,) = run_function(module, "f", [x, w])
    want = np.zeros((2, 6, 4, 5))
    for i in range(3):
        for j in range(3):
            patch = x[:, :, i : i + 7 : 2, j : j + 5].astype(np.float64)
            want += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j].astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
