"""The target layer's facts (coopmlir/target_lowering.py) agree with
convert-to-spirv, which implements them: a math op lowers as a scalar
exactly when the target layer says so, an epilogue the planner fuses for
that reason converts, and the planner's scratch budget is the workgroup
memory the converter stages matrices through."""

from __future__ import annotations

import pytest
import support.epilogue_cases as epilogue_cases
from support.epilogue_cases import EpilogueCase
from xdsl.context import Context
from xdsl.dialects import math

from coopmlir.diagnostics import CompileError
from coopmlir.dialects.registry import parse_module
from coopmlir.dialects.spirv.structure import GlobalVariableOp
from coopmlir.dialects.spirv.types import ArrayType, PointerType
from coopmlir.passes.convert_to_spirv import ConvertToSpirv
from coopmlir.passes.lower_to_coopmat import LowerToCoopmat
from coopmlir.runtime.compile import compile_kernels
from coopmlir.target_lowering import SCALAR_MATH_OPS, lowers_scalar_math
from coopmlir.targets import get_target
from coopmlir.tiling import Problem, TileConfig

_KERNEL = """
builtin.module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{
    gpu.func @k(%m: memref<4xf32>) kernel attributes {{known_block_size = array<i32: 1, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %x = memref.load %m[%c0] : memref<4xf32>
      %r = "{name}"({operands}) : ({types}) -> f32
      memref.store %r, %m[%c0] : memref<4xf32>
      gpu.return
    }}
  }}
}}
"""


def _math_call(op_type) -> tuple[str, str]:
    """Operands and types of `op_type` applied to f32 %x."""
    count = len(op_type.get_irdl_definition().operands)
    return ", ".join(["%x"] * count), ", ".join(["f32"] * count)


def _float_math_ops():
    """Every xDSL math op that takes and returns f32 (what an epilogue body
    may compute; the others, integer or i1 ones, fail to verify here)."""
    for op_type in math.Math.operations:
        operands, types = _math_call(op_type)
        source = _KERNEL.format(name=op_type.name, operands=operands, types=types)
        try:
            module = parse_module(source)
            module.verify()
        except Exception:
            continue
        yield op_type, module


FLOAT_MATH_OPS = list(_float_math_ops())


def test_the_named_ops_are_float_math_ops():
    assert SCALAR_MATH_OPS <= {op_type for op_type, _ in FLOAT_MATH_OPS}


@pytest.mark.parametrize(
    "op_type, module", FLOAT_MATH_OPS, ids=[t.name for t, _ in FLOAT_MATH_OPS]
)
def test_a_math_op_converts_exactly_when_the_target_layer_says_so(op_type, module):
    if lowers_scalar_math(op_type):
        ConvertToSpirv().apply(Context(), module)
        return
    with pytest.raises(CompileError, match=f"'{op_type.name}' op has no SPIR-V"):
        ConvertToSpirv().apply(Context(), module)


@pytest.mark.parametrize("op_type", sorted(SCALAR_MATH_OPS, key=lambda t: t.name))
def test_a_fusion_the_planner_accepts_converts(op_type, monkeypatch, capsys):
    """An epilogue computing `op_type` is fused into the matmul's kernel (no
    linalg left, no remark), and that kernel converts to SPIR-V."""
    operands, types = _math_call(op_type)
    body = [f'%r = "{op_type.name}"({operands}) : ({types}) -> f32']
    monkeypatch.setitem(epilogue_cases.ACTIVATIONS, "probe", (body, None))
    module = parse_module(EpilogueCase(32, 32, 16, activation="probe").source())
    LowerToCoopmat(target="h100-vulkan").apply(Context(), module)
    assert "not fused" not in capsys.readouterr().err
    assert not any(op.dialect_name() == "linalg" for op in module.walk())
    # An f32 tanh is computed from exp and arithmetic (scalar_expansions.tanh).
    kept = math.ExpOp if op_type is math.TanhOp else op_type
    assert any(isinstance(op, kept) for op in module.walk())
    assert compile_kernels(module, "khr")


def _scratch_bytes(module) -> int:
    """Bytes of the converter's matrix scratch arrays in `module`."""
    total = 0
    for op in module.walk():
        if isinstance(op, GlobalVariableOp) and "_matrix_scratch_" in op.sym_name.data:
            pointer = op.type
            assert isinstance(pointer, PointerType)
            array = pointer.pointee
            assert isinstance(array, ArrayType)
            total += array.length.data * 4  # f32 C fragments
    return total


@pytest.mark.parametrize("m, n", [(32, 32), (33, 32), (32, 40)])
def test_the_planned_scratch_is_the_converted_scratch(m, n):
    """A ragged M or N: checked C fragments, staged by the converter in one
    slot per subgroup; the planner budgets exactly those bytes."""
    source = (
        f"func.func @mm(%A: memref<{m}x16xf16>, %B: memref<16x{n}xf16>, "
        f"%C: memref<{m}x{n}xf32>) {{\n"
        f"  linalg.matmul ins(%A, %B : memref<{m}x16xf16>, memref<16x{n}xf16>) "
        f"outs(%C : memref<{m}x{n}xf32>)\n  func.return\n}}\n"
    )
    module = parse_module(source)
    options = dict(tile="32x16x16", subgroups="2x1", stages=1)
    LowerToCoopmat(target="h100-vulkan", **options).apply(Context(), module)
    ConvertToSpirv().apply(Context(), module)
    config = TileConfig(32, 16, 16, 2, 1, 16, 16, 16, 1)
    planned = config.scratch_bytes(Problem(m, n, 16, 2, 4), get_target("h100-vulkan"))
    assert _scratch_bytes(module) == planned
    assert planned == (0 if (m, n) == (32, 32) else 2 * 16 * 16 * 4)
