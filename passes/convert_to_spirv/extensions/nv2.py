"""`coopmat=nv2`: KHR matrices plus SPV_NV_cooperative_matrix2.

- reduce: OpCooperativeMatrixReduceNV with Row, Column, Row|Column or 2x2
  and the outlined combine function; apply: OpCooperativeMatrixPerElementOpNV
  with the outlined apply function and the captures; transpose:
  OpCooperativeMatrixTransposeNV (matrix_ops.py outlines the functions);
  none of them uses workgroup memory;
- a workgroup-scope matrix is a Workgroup KHR matrix, loaded and stored by
  tensor addressing (SPV_NV_tensor_addressing, tensor_access.py);
- on a target without VK_NV_cooperative_matrix2, reduce/apply/transpose are
  refused (coopmat=auto picks khr there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.types import CooperativeMatrixType
from coopmlir.passes.convert_to_spirv.extensions.khr import KHR, khr_matrix_type
from coopmlir.passes.convert_to_spirv.matrix_ops import (
    REDUCE_MASKS,
    apply_function,
    combine_function,
)
from coopmlir.passes.convert_to_spirv.tensor_access import load_tensor, store_tensor

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter
    from coopmlir.targets import Target

_MATRIX_OPS = cm.ReduceOp | cm.ApplyOp | cm.TransposeOp


class NV2(KHR):
    """KHR with SPV_NV_cooperative_matrix2 (module docstring)."""

    def matrix_type(self, t: cm.MatrixType, types: SpirvTypeConverter) -> Attribute:
        workgroup = t.scope.data == cm.MatrixScope.WORKGROUP
        return khr_matrix_type(t, types, "Workgroup" if workgroup else "Subgroup")

    def staged(self, op: Operation) -> tuple[cm.MatrixType, int] | None:
        if isinstance(op, _MATRIX_OPS):
            return None
        return super().staged(op)

    def target_refusal(self, op: Operation, target: Target) -> str | None:
        if target.cooperative_matrix2 or not isinstance(op, _MATRIX_OPS):
            return None
        return (
            f"'{op.name}' with coopmat=nv2 needs VK_NV_cooperative_matrix2, "
            f"which {target.name} lacks: coopmat=auto (or khr) lowers it "
            "through workgroup memory"
        )

    def load_workgroup(
        self, m: MatrixLowering, op: cm.LoadOp, t: Attribute
    ) -> SSAValue:
        return load_tensor(m.tensor_layouts, op, t)

    def store_workgroup(self, m: MatrixLowering, op: cm.StoreOp) -> None:
        store_tensor(m.tensor_layouts, op)

    def reduce(self, m: MatrixLowering, op: cm.ReduceOp) -> None:
        target = m.types.matrix_type(op.result.type)
        assert isinstance(target, CooperativeMatrixType)
        func = combine_function(m, op)
        value = m.k.get(op.matrix)
        mask = REDUCE_MASKS[op.mode.data]
        m.set(op, sm.NVCooperativeMatrixReduceOp(value, mask, func, target))

    def apply(self, m: MatrixLowering, op: cm.ApplyOp) -> None:
        func = apply_function(m, op)
        value = m.k.get(op.matrix)
        captures = [m.k.get(c) for c in op.captures]
        m.set(op, sm.NVCooperativeMatrixPerElementOp(value, func, captures))

    def transpose(self, m: MatrixLowering, op: cm.TransposeOp) -> None:
        target = m.types.matrix_type(op.result.type)
        assert isinstance(target, CooperativeMatrixType)
        value = m.k.get(op.matrix)
        m.set(op, sm.NVCooperativeMatrixTransposeOp(value, target))
