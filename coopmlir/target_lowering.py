"""What a target's SPIR-V can lower, and what that lowering costs in
workgroup memory: the facts a planner (lower-to-coopmat) asks before it
builds a kernel, so that no planner asks a later pass (DESIGN.md, "Target
facts live in the target layer").

convert-to-spirv implements these facts and
test/python/base/test_target_lowering.py checks that both sides agree. The index
limit every target's 32-bit indexing imposes is `targets.INDEX_LIMIT`.
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.dialects import math
from xdsl.ir import Operation

from coopmlir.targets import Target

#: The math ops a kernel may compute on scalars and vectors of floats: each
#: is a GLSL.std.450 instruction (or spirv.GL.Fma) on every Vulkan target.
#: math.erf is not among them: GLSL has no erf (the epilogue builder expands it).
SCALAR_MATH_OPS: frozenset[type[Operation]] = frozenset(
    {
        math.AbsFOp,
        math.CeilOp,
        math.CosOp,
        math.Exp2Op,
        math.ExpOp,
        math.FloorOp,
        math.FmaOp,
        math.Log2Op,
        math.LogOp,
        math.PowFOp,
        math.RsqrtOp,
        math.SinOp,
        math.SqrtOp,
        math.TanhOp,
    }
)


def lowers_scalar_math(op_type: type[Operation]) -> bool:
    """Whether a math op of this type lowers to SPIR-V on scalars (the
    epilogue planner asks before it fuses a body that uses it)."""
    return op_type in SCALAR_MATH_OPS


def reduction_scratch(matrix: tuple[int, int], result: tuple[int, int]) -> int:
    """Elements of the matrix's type that a reduction of an opaque matrix
    stages without VK_NV_cooperative_matrix2: the matrix, then its result
    after it (matrix_ops.reduce_through_memory)."""
    return matrix[0] * matrix[1] + result[0] * result[1]


def matrix_scratch(matrix: tuple[int, int]) -> int:
    """Elements that an apply by position, a transpose, a change of use
    (the converted matrix) or a checked access of a ragged fragment stages:
    the one matrix."""
    return matrix[0] * matrix[1]


def staging_bytes(
    subgroups: int,
    slots: Iterable[tuple[int, int]],
    target: Target | None = None,
) -> int:
    """Workgroup memory that convert-to-spirv stages opaque (KHR/NV) matrices
    through: checked accesses of ragged fragments, changes of use, and
    without VK_NV_cooperative_matrix2 reductions, per-element functions and
    transposes. Each subgroup has one slot per element type, as large as the
    largest fragment staged in it; `slots` gives (element bytes, elements)
    per slot. A `target` without matrix units stages nothing: its kernels
    go through coopmat-to-simt and have no opaque matrices."""
    if target is not None and not target.has_matrix_units:
        return 0
    return subgroups * sum(size * elements for size, elements in slots)
