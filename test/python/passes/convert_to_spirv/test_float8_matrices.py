"""8-bit float matrices where a target has them (VK_EXT_shader_float8 with
f8 cooperative-matrix shapes; no shipped target does, so the tests describe
one): lower-to-coopmat puts an f8 x f8 -> f32 product on the matrix units,
the interpreter checks it against numpy, and convert-to-spirv writes KHR
(and NV2) matrices with f8 components (SPV_EXT_float8: OpTypeFloat 8
Float8E4M3EXT / Float8E5M2EXT, capabilities Float8EXT and
Float8CooperativeMatrixEXT) that spirv-val accepts. NV matrices and SIMT
targets refuse them with a located error."""

import numpy as np
import pytest
from support.lowering import interpreted, parse

from coopmlir.diagnostics import CompileError
from coopmlir.elements import F8_FORMATS, round_f8
from coopmlir.runtime.compile import compile_kernels
from coopmlir.runtime.launch import lower
from coopmlir.spirv.capabilities import DEVICE_EXTENSIONS, FEATURES
from coopmlir.spirv.tools import disassemble, validate
from coopmlir.targets import TARGETS, MatrixShape, Target

MATMUL = """
func.func @mm(%a: memref<32x64xFMT>, %b: memref<64x32xFMT>, %c: memref<32x32xf32>) {
  linalg.matmul ins(%a, %b : memref<32x64xFMT>, memref<64x32xFMT>) outs(%c : memref<32x32xf32>)
  return
}
"""

SHORT = {"f8E4M3FN": "f8e4m3", "f8E5M2": "f8e5m2"}


def float8_target(fmt: str) -> Target:
    """h100-vulkan as if its driver listed a 16x16x32 f8 shape."""
    base = TARGETS["h100-vulkan"]
    name = SHORT[fmt]
    shape = MatrixShape(16, 16, 32, name, name, "f32", "f32")
    fields = {**base.__dict__, "name": "float8-test"}
    return Target(**{**fields, "matrix_shapes": (*base.matrix_shapes, shape)})


@pytest.mark.parametrize("fmt", list(F8_FORMATS))
def test_f8_product_on_matrix_units(fmt):
    target = float8_target(fmt)
    assert target.float8_matrices
    l1 = lower(parse(MATMUL.replace("FMT", fmt)), target)
    assert f"!coopmat.matrix<16x32x{fmt}, a>" in str(l1)
    rng = np.random.default_rng(8)
    a = round_f8(rng.standard_normal((32, 64)), F8_FORMATS[fmt])
    b = round_f8(rng.standard_normal((64, 32)), F8_FORMATS[fmt])
    *_, c = interpreted(l1, "mm", [a, b, np.zeros((32, 32), np.float32)])
    np.testing.assert_allclose(c, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
    encoding = "Float8E4M3EXT" if fmt == "f8E4M3FN" else "Float8E5M2EXT"
    for coopmat in ("khr", "nv2"):
        (kernel,) = compile_kernels(l1, coopmat)
        validate(kernel.spirv)
        text = disassemble(kernel.spirv)
        assert f"OpTypeFloat 8 {encoding}" in text
        for needed in ("Float8EXT", "Float8CooperativeMatrixEXT"):
            assert f"OpCapability {needed}" in text
        assert 'OpExtension "SPV_EXT_float8"' in text
    assert FEATURES["Float8CooperativeMatrixEXT"] == "shaderFloat8CooperativeMatrix"
    assert DEVICE_EXTENSIONS["Float8EXT"] == "VK_EXT_shader_float8"


def test_nv_matrices_refuse_f8():
    l1 = lower(parse(MATMUL.replace("FMT", "f8E4M3FN")), float8_target("f8E4M3FN"))
    with pytest.raises(CompileError, match="8-bit float matrices need coopmat=khr"):
        compile_kernels(l1, "nv")
