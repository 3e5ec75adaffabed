"""Contractions and convolutions whose element types the target's matrix
units do not take (f32 on generic or h100-vulkan) become loop kernels
(matching.off_matrix_units, loop_plan.py), with a remark saying why; a
target without matrix units (simt) and a target's SIMT-tiled kernel keep
theirs. Lowered programs run on the interpreter and match the input program
on random data; every f32 torch-mlir export of test/frontend/Inputs lowers
and matches PyTorch's output saved next to it."""

from __future__ import annotations

import numpy as np
import pytest
from support.frontend_exports import (
    EXPORTS,
    arguments,
    expected,
    export_path,
    export_tolerance,
)
from support.lowering import lowered_by, output_of, parse
from xdsl.dialects import gpu

from coopmlir.dialects.registry import read_module
from coopmlir.interpreter import find_function
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.tools.compare import compare
from coopmlir.tools.coopmlir_run import bufferized_arguments, run_on_interpreter

#: name -> (program, operand shapes): f32 contractions and a convolution,
#: each after a fill of its output (a loop kernel of its own then).
PROGRAMS = {
    "matmul": (
        """
func.func @f(%a: memref<20x12xf32>, %b: memref<12x24xf32>, %c: memref<20x24xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%c : memref<20x24xf32>)
  linalg.matmul ins(%a, %b : memref<20x12xf32>, memref<12x24xf32>) outs(%c : memref<20x24xf32>)
  func.return
}""",
        [(20, 12), (12, 24), (20, 24)],
    ),
    "batch_matmul": (
        """
func.func @f(%a: memref<3x8x16xf32>, %b: memref<3x16x10xf32>, %c: memref<3x8x10xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<3x8x16xf32>, memref<3x16x10xf32>) outs(%c : memref<3x8x10xf32>)
  func.return
}""",
        [(3, 8, 16), (3, 16, 10), (3, 8, 10)],
    ),
    "conv_2d_nhwc_hwcf": (
        """
func.func @f(%x: memref<2x9x9x4xf32>, %w: memref<3x3x4x8xf32>, %y: memref<2x4x4x8xf32>) {
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%y : memref<2x4x4x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %w : memref<2x9x9x4xf32>, memref<3x3x4x8xf32>) outs(%y : memref<2x4x4x8xf32>)
  func.return
}""",
        [(2, 9, 9, 4), (3, 3, 4, 8), (2, 4, 4, 8)],
    ),
}

REMARK = (
    "remark: lower-to-coopmat: f32 x f32 -> f32 has no cooperative matrix on "
    "generic (its matrix units take f16*f16->f16; f16*f16->f32): a loop kernel "
    "computes it"
)


def _kernels(module) -> list[str]:
    return [o.sym_name.data for o in module.walk() if isinstance(o, gpu.FuncOp)]


@pytest.mark.parametrize("name", PROGRAMS)
def test_loop_kernel_matches_the_input_program(name, capsys):
    source, shapes = PROGRAMS[name]
    lowered = lowered_by(source, LowerToCoopmat(target="generic"))
    assert REMARK in capsys.readouterr().err
    text = str(lowered)
    assert "coopmat." not in text and "linalg." not in text
    # One loop kernel: a fill just before is its starting value
    # (loop_fusion.py), no kernel of its own.
    assert _kernels(lowered) == ["f_loop"]
    rng = np.random.default_rng(25)
    operands = [rng.standard_normal(s).astype(np.float32) for s in shapes]
    want = output_of(parse(source), "f", operands)
    got = output_of(lowered, "f", operands)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("target", ["simt", "h100-vulkan"])
def test_simt_kernels_keep_their_matmuls(target, capsys):
    """Without matrix units, and with h100-vulkan's SIMT-tiled kernel, the
    f32 matmul (and its fill) is one kernel of its own kind, no remark."""
    source, _ = PROGRAMS["matmul"]
    lowered = lowered_by(source, LowerToCoopmat(target=target))
    assert "has no cooperative matrix" not in capsys.readouterr().err
    assert _kernels(lowered) == ["f"]


#: The f32 exports (the -f16 and -bf16 ones reach the matrix units).
F32_EXPORTS = sorted(name for name in EXPORTS if not name.endswith(("-f16", "-bf16")))


@pytest.mark.parametrize("target", [None, "h100-vulkan"])
@pytest.mark.parametrize("name", F32_EXPORTS)
def test_f32_export_lowers_and_matches_pytorch(name, target):
    """Lowered for the default target (generic: f32 contractions as loop
    kernels) and for h100-vulkan (SIMT-tiled matmuls, epilogues and
    convolutions as loop kernels), on the interpreter."""
    module = read_module(str(export_path(name)))
    inputs = arguments(name)
    want = expected(name)
    arrays, where = bufferized_arguments(
        module, find_function(module, "forward"), inputs
    )
    options = {} if target is None else {"target": target}
    lowered = lowered_by(module, LowerToCoopmat(**options))
    assert "linalg." not in str(lowered)
    after, _ = run_on_interpreter(lowered, find_function(lowered, "forward"), arrays)
    comparison = compare(
        "result0", after[where["result0"]], want, export_tolerance(name)
    )
    assert comparison.ok, comparison.report()
