"""Gathers through lower-to-coopmat: a linalg body that reads tensors
defined outside it at indices it computes (`tensor.extract`, as torch-mlir
exports GroupNorm's per-channel scale and shift) is bufferized to a
`memref.load` and becomes a loop kernel that takes the gathered buffers as
extra arguments. On random data and indices (negative ones counting from
the end, as torch-mlir wraps them) the lowered program computes what the
tensor form does on the interpreter; its kernels pass spirv-val and run on
lavapipe."""

from __future__ import annotations

import numpy as np
import pytest
from support.lowering import (
    interpreted,
    lowered_by,
    parse,
    returned,
    run_simt_on_lavapipe,
)
from support.vulkan_device import require_vulkan
from xdsl.dialects import gpu

from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate

#: x[b, c, k] * (scale * w)[ids[b, c], chan[b, c]], where scale is computed
#: (a generic's result) and w is a view of an argument: a gather from each.
SOURCE = """
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @f(%x: tensor<2x8x4x{t}>, %w: tensor<8x{t}>, %ids: tensor<2x8xi64>, %chan: tensor<2x8xi64>) -> tensor<2x8x4x{t}> {{
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c4 = arith.constant 4 : i64
  %wv = tensor.expand_shape %w [[0, 1]] output_shape [2, 4] : tensor<8x{t}> into tensor<2x4x{t}>
  %e = tensor.empty() : tensor<2x4x{t}>
  %scale = linalg.generic {{indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}} ins(%wv : tensor<2x4x{t}>) outs(%e : tensor<2x4x{t}>) {{
  ^bb0(%in: {t}, %out: {t}):
    %s = arith.mulf %in, %in : {t}
    linalg.yield %s : {t}
  }} -> tensor<2x4x{t}>
  %e2 = tensor.empty() : tensor<2x8x{t}>
  %g = linalg.generic {{indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}} ins(%ids, %chan : tensor<2x8xi64>, tensor<2x8xi64>) outs(%e2 : tensor<2x8x{t}>) {{
  ^bb0(%id: i64, %ch: i64, %out: {t}):
    %n0 = arith.cmpi slt, %id, %c0 : i64
    %w0 = arith.addi %id, %c2 : i64
    %k0 = arith.select %n0, %w0, %id : i64
    %i = arith.index_cast %k0 : i64 to index
    %n1 = arith.cmpi slt, %ch, %c0 : i64
    %w1 = arith.addi %ch, %c4 : i64
    %k1 = arith.select %n1, %w1, %ch : i64
    %j = arith.index_cast %k1 : i64 to index
    %a = tensor.extract %scale[%i, %j] : tensor<2x4x{t}>
    %b = tensor.extract %wv[%i, %j] : tensor<2x4x{t}>
    %p = arith.mulf %a, %b : {t}
    linalg.yield %p : {t}
  }} -> tensor<2x8x{t}>
  %e3 = tensor.empty() : tensor<2x8x4x{t}>
  %r = linalg.generic {{indexing_maps = [#id3, affine_map<(d0, d1, d2) -> (d0, d1)>, #id3], iterator_types = ["parallel", "parallel", "parallel"]}} ins(%x, %g : tensor<2x8x4x{t}>, tensor<2x8x{t}>) outs(%e3 : tensor<2x8x4x{t}>) {{
  ^bb0(%in: {t}, %gi: {t}, %out: {t}):
    %m = arith.mulf %in, %gi : {t}
    linalg.yield %m : {t}
  }} -> tensor<2x8x4x{t}>
  return %r : tensor<2x8x4x{t}>
}}
"""

DTYPES = {"f32": np.float32, "f16": np.float16}


def _operands(t: str, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    dtype = DTYPES[t]
    return [
        rng.uniform(-2, 2, (2, 8, 4)).astype(dtype),
        rng.uniform(-2, 2, 8).astype(dtype),
        rng.integers(-2, 2, (2, 8)).astype(np.int64),
        rng.integers(-4, 4, (2, 8)).astype(np.int64),
    ]


@pytest.mark.parametrize("target", ["lavapipe", "h100-vulkan"])
@pytest.mark.parametrize("t", list(DTYPES))
@pytest.mark.parametrize("seed", [0, 1])
def test_lowered_gather_computes_what_the_tensor_form_does(target, t, seed):
    source = SOURCE.format(t=t)
    arrays = _operands(t, seed)
    (want,) = returned(parse(source), "f", arrays)
    module = lowered_by(source, LowerToCoopmat(target=target))
    # The result is the out-param bufferization added.
    got = interpreted(module, "f", [*arrays, np.zeros_like(want)])[-1]
    np.testing.assert_array_equal(got, want)


def test_the_gathered_buffers_are_kernel_arguments():
    """The fused gather's kernel takes both gathered buffers (the computed
    scale and the argument under the view) after its operands; every kernel
    passes spirv-val."""
    module = lowered_by(SOURCE.format(t="f32"), LowerToCoopmat(target="lavapipe"))
    kernels = [op for op in module.walk() if isinstance(op, gpu.FuncOp)]
    gather = kernels[-1]
    shapes = [str(arg.type) for arg in gather.body.block.args]
    assert shapes[-2:] == ["memref<2x4xf32>", "memref<8xf32>"], shapes
    for kernel in compile_kernels(module):
        validate(kernel.spirv)


@pytest.mark.parametrize("t", list(DTYPES))
def test_runs_on_lavapipe(t):
    require_vulkan()
    source = SOURCE.format(t=t)
    arrays = _operands(t, 7)
    (want,) = returned(parse(source), "f", arrays)
    got = np.zeros_like(want)
    run_simt_on_lavapipe(source, "f", [*arrays, got])
    np.testing.assert_array_equal(got, want)
