"""Loop kernels (loop_plan.py, loop_kernel.py): every structured linalg op
and memref.copy that no matrix-unit kernel takes becomes a SIMT kernel.
Each case of support/loop_programs.py is lowered for lavapipe; the lowered
program, run on the interpreter, matches numpy's reference; no linalg op
is left in host code; every kernel passes spirv-val; a few run on lavapipe."""

from __future__ import annotations

import re

import numpy as np
import pytest
from support.loop_programs import CASES, operands
from support.lowering import interpreted, lowered_by
from support.run_tools import run_run
from support.vulkan_device import require_vulkan
from xdsl.dialects import func, gpu

from coopmlir.diagnostics import CompileError
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate


def _lowered(name: str):
    return lowered_by(CASES[name].source, LowerToCoopmat(target="lavapipe"))


@pytest.mark.parametrize("name", CASES)
def test_lowered_program_matches_numpy(name):
    case = CASES[name]
    module = _lowered(name)
    arrays = operands(case)
    got = interpreted(module, "f", arrays)[-case.outputs :]
    want = case.reference(*arrays)
    for g, w in zip(got, want, strict=True):
        if g.dtype.kind == "f":
            np.testing.assert_allclose(
                g, w, rtol=2e-6 if g.itemsize == 4 else 1e-3, atol=1e-6
            )
        else:
            np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("name", CASES)
def test_host_code_is_launches_only_and_kernels_validate(name):
    module = _lowered(name)
    host = [f for f in module.body.block.ops if isinstance(f, func.FuncOp)]
    left = [
        o.name
        for f in host
        for o in f.walk()
        if o.dialect_name() in ("linalg", "memref") and o.name != "memref.alloc"
    ]
    assert not left, left
    launches = [o for f in host for o in f.walk() if isinstance(o, gpu.LaunchFuncOp)]
    assert launches
    for kernel in compile_kernels(module):
        validate(kernel.spirv)


def test_the_body_is_emitted_once_whatever_the_sizes():
    """No unrolling: a 50-long reduction is one scf.for with one addf."""
    module = _lowered("sum over the last dimension")
    names = [o.name for o in module.walk()]
    assert names.count("scf.for") == 1
    assert names.count("arith.addf") == 1


def test_equal_to_the_interpreted_input():
    """Where the interpreter runs the input (no front-end-only ops), the
    lowered program computes the same values."""
    for name in (
        "transpose",
        "reduction max-with-index",
        "copy between strided subviews",
    ):
        case = CASES[name]
        arrays = operands(case, seed=3)
        before = interpreted(lowered_by(case.source), "f", arrays)
        after = interpreted(_lowered(name), "f", arrays)
        for b, a in zip(before, after, strict=True):
            np.testing.assert_array_equal(a, b)


def _refused_at_line_3(source: str, message: str) -> None:
    """Lowering `source` is an error with `message` at the op on line 3."""
    with pytest.raises(CompileError, match=message) as err:
        lowered_by(source, LowerToCoopmat(target="lavapipe"))
    assert "input.mlir:3:3" in str(err.value)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "%y = math.atan %in : f32",
            "its body uses 'math.atan', which kernels cannot compute",
        ),
        (
            "%c = arith.constant 2 : i32\n    %y = math.fpowi %in, %n : f32, i32",
            "math.fpowi of a run-time exponent",
        ),
    ],
)
def test_a_body_kernels_cannot_compute_is_a_located_error(body, message):
    source = f"""
func.func @f(%a: memref<4xf32>, %out: memref<4xf32>, %n: i32) {{
  linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}} ins(%a : memref<4xf32>) outs(%out : memref<4xf32>) {{
  ^bb0(%in: f32, %o: f32):
    {body}
    linalg.yield %y : f32
  }}
  return
}}"""
    _refused_at_line_3(source, message)


@pytest.mark.parametrize(
    ("memref_type", "message"),
    [
        ("memref<?xf32>", "loop kernels need static shapes"),
        (
            "memref<4xcomplex<f32>>",
            "complex<f32> elements cannot be computed on the GPU",
        ),
        ("memref<4xi4>", "i4 elements cannot be computed on the GPU"),
    ],
)
def test_a_type_the_gpu_cannot_hold_is_a_located_error(memref_type, message):
    source = f"""
func.func @f(%a: {memref_type}, %out: {memref_type}) {{
  memref.copy %a, %out : {memref_type} to {memref_type}
  return
}}"""
    _refused_at_line_3(source, message)


@pytest.mark.parametrize(
    "name",
    [
        "reduction max-with-index",
        "index-masked generic (causal mask)",
        "copy between strided subviews",
        "transpose of a head split (expand, subview, expand, collapse)",
        "f16 rsqrt and sqrt, bool output",
        "broadcast, fpowi, tanh, unordered compare",
    ],
)
def test_runs_on_lavapipe(name, tmp_path):
    """coopmlir-run --device vulkan on the case's operands: the outputs are
    numpy's (the interpreter need not know the input's view ops)."""
    require_vulkan()
    case = CASES[name]
    source = tmp_path / "case.mlir"
    source.write_text(case.source)
    arrays = operands(case, seed=9)
    names = re.findall(r"%(\w+): memref", case.source.split(")")[0])
    inputs = []
    for arg, array in zip(names, arrays, strict=True):
        np.save(tmp_path / f"{arg}.npy", array)
        inputs += ["--input", f"{arg}={tmp_path / arg}.npy"]
    out = tmp_path / "out"
    result = run_run(
        str(source),
        "--entry",
        "f",
        *inputs,
        "--device",
        "vulkan",
        "--output-dir",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    want = case.reference(*arrays)
    for arg, w in zip(names[-case.outputs :], want, strict=True):
        got = np.load(out / f"{arg}.npy")
        if got.dtype.kind == "f":
            np.testing.assert_allclose(
                got, w, rtol=1e-3 if got.itemsize == 2 else 2e-6, atol=1e-6
            )
        else:
            np.testing.assert_array_equal(got, w)
