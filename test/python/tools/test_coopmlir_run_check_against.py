"""coopmlir-run LOWERED --check-against ORIGINAL where ORIGINAL is in tensor
form, as a front end writes it: the reference is bufferized internally as
the pipeline bufferizes it (recognize-frontend), so no manual step is needed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from support.run_tools import run_opt
from support.run_tools import run_run as run_tool

from coopmlir.tools.compare import compare

# A tensor-form product with a bias + ReLU epilogue, as torch-mlir writes one.
SOURCE = """\
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
func.func @forward(%arg0: tensor<32x16xf16>, %arg1: tensor<16x32xf16>, %bias: tensor<32xf32>) -> tensor<32x32xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<32x32xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %2 = linalg.matmul ins(%arg0, %arg1 : tensor<32x16xf16>, tensor<16x32xf16>) outs(%1 : tensor<32x32xf32>) -> tensor<32x32xf32>
  %e = tensor.empty() : tensor<32x32xf32>
  %3 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<32x32xf32>, tensor<32xf32>) outs(%e : tensor<32x32xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %4 = arith.addf %in, %b : f32
    %5 = arith.maximumf %4, %cst : f32
    linalg.yield %5 : f32
  } -> tensor<32x32xf32>
  return %3 : tensor<32x32xf32>
}
"""

# The bufferized signature with the wrong semantics: the bias is left out.
WRONG_LOWERING = """\
func.func @forward(%arg0: memref<32x16xf16>, %arg1: memref<16x32xf16>, %bias: memref<32xf32>, %C: memref<32x32xf32>) {
  %cst = arith.constant 0.000000e+00 : f32
  linalg.fill ins(%cst : f32) outs(%C : memref<32x32xf32>)
  linalg.matmul ins(%arg0, %arg1 : memref<32x16xf16>, memref<16x32xf16>) outs(%C : memref<32x32xf32>)
  func.return
}
"""


def write(tmp_path, name: str, text: str) -> str:
    (tmp_path / name).write_text(text)
    return str(tmp_path / name)


def test_a_lowered_program_is_checked_against_its_tensor_form(tmp_path):
    source = write(tmp_path, "source.mlir", SOURCE)
    lowered = str(tmp_path / "l1.mlir")
    opt = run_opt(source, "--lower-to-coopmat", "-o", lowered)
    assert opt.returncode == 0, opt.stderr
    result = run_tool(lowered, "--entry", "forward", "--check-against", source)
    assert result.returncode == 0, result.stderr
    # The result is compared where the lowered program writes it, its out-param.
    assert "ok   %C:" in result.stdout and "ok   %bias:" in result.stdout


def test_a_wrong_lowering_fails_against_the_tensor_form(tmp_path):
    source = write(tmp_path, "source.mlir", SOURCE)
    wrong = write(tmp_path, "wrong.mlir", WRONG_LOWERING)
    result = run_tool(wrong, "--entry", "forward", "--check-against", source)
    assert result.returncode == 1, result.stderr
    assert "FAIL %C:" in result.stdout and "ok   %arg0:" in result.stdout


def test_a_reference_the_pipeline_refuses_says_why_it_was_bufferized(tmp_path):
    # A host function returns buffers only: the scalar has nowhere to go.
    shared = SOURCE.replace(
        "-> tensor<32x32xf32> {\n", "-> (tensor<32x32xf32>, f32) {\n", 1
    )
    shared = shared.replace(
        "return %3 : tensor<32x32xf32>", "return %3, %cst : tensor<32x32xf32>, f32"
    )
    source = write(tmp_path, "source.mlir", shared)
    wrong = write(tmp_path, "wrong.mlir", WRONG_LOWERING)
    result = run_tool(wrong, "--entry", "forward", "--check-against", source)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{source}:" in result.stderr and "error:" in result.stderr
    assert (
        f"note: --check-against bufferizes {source} as lower-to-coopmat does"
    ) in result.stderr
    assert result.stdout == ""


def test_a_tensor_reference_without_kernels_is_bufferized_too(tmp_path):
    """A reference that only returns its argument still gets its result as
    an out-param (recognize-frontend bufferizes every function returning
    tensors), so a lowered copy into that out-param checks against it, and
    one that forgets the copy does not."""
    identity = """\
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
"""
    copies = """\
func.func @forward(%x: memref<4xf32>, %out: memref<4xf32>) {
  memref.copy %x, %out : memref<4xf32> to memref<4xf32>
  func.return
}
"""
    forgets = """\
func.func @forward(%x: memref<4xf32>, %out: memref<4xf32>) {
  func.return
}
"""
    source = write(tmp_path, "source.mlir", identity)
    good = run_tool(
        write(tmp_path, "copies.mlir", copies),
        "--entry",
        "forward",
        "--check-against",
        source,
    )
    assert good.returncode == 0, good.stdout + good.stderr
    bad = run_tool(
        write(tmp_path, "forgets.mlir", forgets),
        "--entry",
        "forward",
        "--check-against",
        source,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert "FAIL" in bad.stdout, bad.stdout


def test_a_torch_mlir_export_is_checked_as_exported(tmp_path):
    """The one-liner of docs/tools/torch-frontend.md on an export kept in
    test/frontend/Inputs (the bare product: the one that lowers today)."""
    inputs = Path(__file__).parents[2] / "frontend" / "Inputs"
    export = str(inputs / "matmul-f16.mlir")
    lowered = str(tmp_path / "l1.mlir")
    opt = run_opt(export, "--lower-to-coopmat", "-o", lowered)
    assert opt.returncode == 0, opt.stderr
    flags = [f"--input=arg{i}={inputs / f'matmul-f16.arg{i}.npy'}" for i in (0, 1)]
    out = tmp_path / "out"
    result = run_tool(
        lowered,
        "--entry",
        "forward",
        *flags,
        "--check-against",
        export,
        "--output-dir",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    assert "ok   %C:" in result.stdout
    # And it is PyTorch's answer.
    expected = np.load(inputs / "matmul-f16.expected.npy")
    assert compare("C", np.load(out / "C.npy"), expected).ok
