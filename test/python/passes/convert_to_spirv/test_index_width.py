"""Index width at the boundary (issue 9): SPIR-V kernels index with i32, so
convert-to-spirv takes memrefs of up to 2^31-1 elements and refuses 2^31 with
a located error; lower-to-coopmat itself (64-bit index) takes both."""

from __future__ import annotations

import pytest
from xdsl.passes import PassPipeline

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import make_context, parse_module
from coopmlir.runtime.compile import compile_kernels
from coopmlir.spirv.tools import validate
from coopmlir.tools.registry import PASSES

LIMIT = 2**31 - 1  # a Mersenne prime: the only 2-D shapes are 1 x LIMIT


def dot_source(k: int, a: str = "f16", c: str = "f32") -> str:
    """C (1x1) += A (1 x k) * B (k x 1): A and B have k elements each."""
    ta, tb, tc = f"memref<1x{k}x{a}>", f"memref<{k}x1x{a}>", f"memref<1x1x{c}>"
    return (
        f"func.func @matmul(%A: {ta}, %B: {tb}, %C: {tc}) {{\n"
        f"  linalg.matmul ins(%A, %B : {ta}, {tb}) outs(%C : {tc})\n"
        "  func.return\n}\n"
    )


# split_k=1: one kernel runs the whole K (the fill heuristic would split it).
PIPELINES = {
    "khr": ("lower-to-coopmat{target=h100-vulkan stages=0 split_k=1}", "khr"),
    "nv": ("lower-to-coopmat{target=h100-vulkan stages=2 split_k=1}", "nv"),
    "simt": (
        "lower-to-coopmat{target=lavapipe stages=2 split_k=1},coopmat-to-simt",
        "khr",
    ),
    # stages=1 once looped to ceil(K / TK) * TK = 2^31, an index constant
    # convert-to-spirv refused; the peeled last K tile (K = 2^31 - 1 is
    # ragged) ends the loop at (tiles - 1) * TK, and no k + TK wraps.
    "khr-stages1": ("lower-to-coopmat{target=h100-vulkan stages=1 split_k=1}", "khr"),
}


def test_stages_1_at_the_limit_is_refused_without_matrix_units():
    """Known limitation: targets without matrix units do not peel the last
    K tile (MatmulPlan.peel_k), so stages=1 still loops to
    ceil(K / TK) * TK = 2^31, an index constant convert-to-spirv refuses
    (located; nothing is emitted)."""
    pipeline = "lower-to-coopmat{target=lavapipe stages=1 split_k=1},coopmat-to-simt"
    with pytest.raises(CompileError) as err:
        compile_kernels(lowered(LIMIT, pipeline))
    assert str(err.value) == (
        "boundary.mlir:2:3: error: 'arith.constant' op index constant 2147483648 "
        "does not fit in i32"
    )


def lowered(k: int, pipeline: str):
    module = parse_module(dot_source(k), "boundary.mlir")
    PassPipeline.parse_spec(PASSES, pipeline).apply(make_context(), module)
    module.verify()
    return module


@pytest.mark.parametrize("route", PIPELINES)
def test_largest_memref_compiles(route):
    pipeline, flavor = PIPELINES[route]
    (kernel,) = compile_kernels(lowered(LIMIT, pipeline), coopmat=flavor)
    validate(kernel.spirv)
    assert kernel.arg_types[0].get_shape() == (1, LIMIT)


@pytest.mark.parametrize("route", PIPELINES)
def test_one_more_element_is_refused(route):
    pipeline, flavor = PIPELINES[route]
    module = lowered(LIMIT + 1, pipeline)  # lower-to-coopmat is fine
    with pytest.raises(CompileError) as err:
        compile_kernels(module, coopmat=flavor)
    assert str(err.value).startswith(
        f"boundary.mlir:2:3: error: memref<1x{LIMIT + 1}xf16> has {LIMIT + 1} "
        f"elements: convert-to-spirv uses 32-bit indices and handles at most {LIMIT}"
    )
