"""convert-gpu-mma-to-coopmat (issue 27 part 4): a kernel written for MLIR's
WMMA path (examples/wmma_matmul.mlir: load/compute in a loop over K, then
elementwise ops and a store) gives numpy's result on the interpreter, after
coopmat-to-simt, and on lavapipe; it lowers with every cooperative-matrix
extension; each elementwise kind and signed i8 products agree with numpy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from support.error_model import assert_close, matmul_magnitude, sum_tolerance
from support.lowering import interpreted, lowered
from support.vulkan_device import require_vulkan

from coopmlir.dialects.registry import parse_module
from coopmlir.runtime.compile import compile_kernels

EXAMPLE = (Path(__file__).parents[4] / "examples" / "wmma_matmul.mlir").read_text()


def _inputs(seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((32, 48)).astype(np.float16)
    b = rng.standard_normal((48, 32)).astype(np.float16)
    c = rng.standard_normal((32, 32)).astype(np.float32)
    return a, b, c


def _expected(a, b, c):
    product = a.astype(np.float64) @ b.astype(np.float64) + c
    return np.maximum(0.5 * product + 1.0, 1.0), matmul_magnitude(a, b, c)


def _check(got, a, b, c, terms=50):
    want, magnitude = _expected(a, b, c)
    assert_close(got, want, sum_tolerance(terms, 2.0**-23, magnitude))


@pytest.mark.parametrize(
    "pipeline",
    [
        "convert-gpu-mma-to-coopmat",
        "convert-gpu-mma-to-coopmat,coopmat-to-simt{subgroup-size=8}",
    ],
)
def test_wmma_kernel_matches_numpy_on_the_interpreter(pipeline):
    a, b, c = _inputs()
    got = interpreted(lowered(EXAMPLE, pipeline), "main", [a, b, c])[2]
    _check(got, a, b, c)


@pytest.mark.parametrize("coopmat", ["khr", "nv", "nv2"])
def test_wmma_kernel_lowers_with_every_matrix_extension(coopmat):
    """compile_kernels runs spirv-val on each module."""
    module = lowered(EXAMPLE, "convert-gpu-mma-to-coopmat")
    (kernel,) = compile_kernels(module, coopmat=coopmat)
    assert kernel.name == "matmul"


@pytest.mark.parametrize("target", ["lavapipe", "h100-vulkan"])
def test_lower_to_spirv_takes_wmma_kernels(target):
    """The normal pipeline converts the mma ops itself (SIMT on lavapipe)."""
    module = lowered(EXAMPLE, f"lower-to-spirv{{target={target}}}")
    names = {op.name for op in module.walk()}
    assert "spirv.module" in names
    assert not any(n.startswith("gpu.subgroup_mma") for n in names)


def test_wmma_kernel_runs_on_lavapipe():
    require_vulkan()
    from coopmlir.runtime.device_target import query_target
    from coopmlir.runtime.launch import compile_for_device
    from coopmlir.tools.coopmlir_run import run_on_device

    module = parse_module(EXAMPLE)
    kernel_level, kernels = compile_for_device(module, query_target(None))
    a, b, c = _inputs(1)
    arrays = [a.copy(), b.copy(), c.copy()]
    run_on_device(kernel_level, "main", kernels, arrays)
    _check(arrays[2], a, b, c)


ELEMENTWISE = """
func.func @f(%x: memref<8x8xf32>, %y: memref<8x8xf32>, %out: memref<8x8xf32>) attributes {{coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>}} {{
  %c0 = arith.constant 0 : index
  %a = gpu.subgroup_mma_load_matrix %x[%c0, %c0] {{leadDimension = 8 : index}} : memref<8x8xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
  %b = gpu.subgroup_mma_load_matrix %y[%c0, %c0] {{leadDimension = 8 : index, transpose}} : memref<8x8xf32> -> !gpu.mma_matrix<8x8xf32, "COp">
  %r = gpu.subgroup_mma_elementwise {kind} {operands} : ({types}) -> !gpu.mma_matrix<8x8xf32, "COp">
  gpu.subgroup_mma_store_matrix %r, %out[%c0, %c0] {{leadDimension = 8 : index}} : !gpu.mma_matrix<8x8xf32, "COp">, memref<8x8xf32>
  return
}}
"""
KINDS = {
    "addf": np.add,
    "subf": np.subtract,
    "mulf": np.multiply,
    "divf": np.divide,
    "maxf": np.maximum,
    "minf": np.minimum,
    "negatef": lambda x: -x,
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("simt", [False, True])
def test_elementwise_kinds_match_numpy(kind, simt):
    """B is loaded transposed (column-major), so its role is checked too."""
    unary = kind == "negatef"
    t = '!gpu.mma_matrix<8x8xf32, "COp">'
    source = ELEMENTWISE.format(
        kind=kind,
        operands="%a" if unary else "%a, %b",
        types=t if unary else f"{t}, {t}",
    )
    pipeline = "convert-gpu-mma-to-coopmat" + (",coopmat-to-simt" if simt else "")
    rng = np.random.default_rng(2)
    x, y = (rng.standard_normal((8, 8)).astype(np.float32) + 3 for _ in range(2))
    out = np.zeros((8, 8), np.float32)
    got = interpreted(lowered(source, pipeline), "f", [x, y, out])[2]
    want = KINDS[kind](x) if unary else KINDS[kind](x, y.T)
    assert_close(got, want, 1e-6 * np.abs(want))


SIGNED_I8 = """
func.func @f(%a: memref<8x8xi8>, %b: memref<8x8xi8>, %c: memref<8x8xi32>) attributes {coopmat.layout = #coopmat.layout<tinytc, subgroup = 8>} {
  %c0 = arith.constant 0 : index
  %ma = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 8 : index} : memref<8x8xi8> -> !gpu.mma_matrix<8x8xsi8, "AOp">
  %mb = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 8 : index} : memref<8x8xi8> -> !gpu.mma_matrix<8x8xsi8, "BOp">
  %mc = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 8 : index} : memref<8x8xi32> -> !gpu.mma_matrix<8x8xi32, "COp">
  %d = gpu.subgroup_mma_compute %ma, %mb, %mc : !gpu.mma_matrix<8x8xsi8, "AOp">, !gpu.mma_matrix<8x8xsi8, "BOp"> -> !gpu.mma_matrix<8x8xi32, "COp">
  gpu.subgroup_mma_store_matrix %d, %c[%c0, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xi32, "COp">, memref<8x8xi32>
  return
}
"""


def test_signed_i8_products_match_numpy():
    rng = np.random.default_rng(3)
    a, b = (rng.integers(-128, 128, (8, 8)).astype(np.int8) for _ in range(2))
    c = rng.integers(-1000, 1000, (8, 8)).astype(np.int32)
    got = interpreted(lowered(SIGNED_I8, "convert-gpu-mma-to-coopmat"), "f", [a, b, c])
    np.testing.assert_array_equal(got[2], a.astype(np.int32) @ b.astype(np.int32) + c)
