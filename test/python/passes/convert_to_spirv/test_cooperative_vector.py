"""coopmat.matvec through convert-to-spirv: SPV_NV_cooperative_vector's load,
OpCooperativeVectorMatrixMulNV on the row-major weight and store; spirv-val
(v2025.5) accepts the module, and it asks the runtime for the extension and
the cooperativeVector feature. No device here has the extension (lavapipe
has none), so the values are the interpreter's, on the same module."""

from __future__ import annotations

import numpy as np
import pytest
from support.matrix_op_kernels import host_module

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.interpreter import run_function
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv import tools

S = 32  # host_module launches one subgroup of S work-items


def _source(M: int, N: int, K: int, R: int, out: str = "f32") -> tuple[str, str]:
    """Work-item t < M * N / R takes activation row t / (N / R) and R output
    rows of the weight [N, K]; the others idle."""
    body = f"""
      %t = gpu.thread_id x
      %busy = arith.constant {M * N // R} : index
      %slabs = arith.constant {N // R} : index
      %cR = arith.constant {R} : index
      %cK = arith.constant {K} : index
      %cN = arith.constant {N} : index
      %c0 = arith.constant 0 : index
      %active = arith.cmpi ult, %t, %busy : index
      scf.if %active {{
        %m = arith.divui %t, %slabs : index
        %s = arith.remui %t, %slabs : index
        %row = arith.muli %s, %cR : index
        %xi = arith.muli %m, %cK : index
        %ym = arith.muli %m, %cN : index
        %yi = arith.addi %ym, %row : index
        coopmat.matvec %W[%row, %c0], %X[%xi] -> %Y[%yi] {{rows = {R} : i64, columns = {K} : i64}} : memref<{N}x{K}xf16>, memref<{M * K}xf16>, memref<{M * N}x{out}>
        scf.yield
      }}"""
    args = (
        f"%W: memref<{N}x{K}xf16>, %X: memref<{M * K}xf16>, %Y: memref<{M * N}x{out}>"
    )
    return args, body


@pytest.mark.parametrize("flavor", ["khr", "nv2"])
@pytest.mark.parametrize("out", ["f32", "f16"])
def test_module_passes_spirv_val_and_asks_for_the_extension(flavor, out):
    args, body = _source(1, 64, 32, 16, out)
    (kernel,) = compile_kernels(
        parse_module(host_module(args, body, S)), coopmat=flavor
    )
    tools.validate(kernel.spirv)
    text = tools.disassemble(kernel.spirv)
    assert "CooperativeVectorNV" in kernel.capabilities
    assert "VK_NV_cooperative_vector" in kernel.extensions
    assert "cooperativeVector" in kernel.features
    # f16 input and matrix interpretations (Float16NV = 0), row-major (0),
    # M = 16 outputs from K = 32 inputs, rows 64 bytes apart.
    (mul,) = [
        line for line in text.splitlines() if "OpCooperativeVectorMatrixMulNV" in line
    ]
    assert len(mul.split("=")[1].split()) == 12  # opcode, type and ten operands
    assert text.count("OpCooperativeVectorLoadNV") == 1
    assert text.count("OpCooperativeVectorStoreNV") == 1


@pytest.mark.parametrize("M", [1, 2])
def test_the_compiled_module_computes_the_skinny_product(M):
    """The module convert-to-spirv takes, interpreted, against numpy."""
    N, K, R = 64, 48, 16
    args, body = _source(M, N, K, R)
    module = parse_module(host_module(args, body, S))
    rng = np.random.default_rng(M)
    w = rng.standard_normal((N, K)).astype(np.float16)
    x = rng.standard_normal((M, K)).astype(np.float16)
    y = np.full(M * N, np.nan, np.float32)
    run_function(module, "k", [w, x.reshape(-1), y], subgroup_size=S)
    want = x.astype(np.float64) @ w.astype(np.float64).T
    np.testing.assert_array_equal(y.reshape(M, N), want.astype(np.float32))


def test_bf16_weights_are_refused_where_the_op_is():
    args, body = _source(1, 64, 32, 16)
    args, body = (
        args.replace("64x32xf16", "64x32xbf16"),
        body.replace("64x32xf16", "64x32xbf16"),
    )
    with pytest.raises(
        CompileError,
        match=r":\d+:\d+: error: 'coopmat.matvec' op cooperative vectors of bf16",
    ):
        compile_kernels(parse_module(host_module(args, body, S)), coopmat="khr")
