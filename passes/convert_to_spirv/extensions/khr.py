"""`coopmat=khr`: SPV_KHR_cooperative_matrix.

- types: `!spirv.coopmatrix<RxCxT, Subgroup, MatrixA|MatrixB|MatrixAcc>`,
  bf16 components through SPV_KHR_bfloat16;
- load/store: OpCooperativeMatrixLoadKHR/StoreKHR with RowMajor or
  ColumnMajor (NonPrivatePointer on workgroup memory), also on `uvec4[]`
  workgroup arrays (wide_access.py);
- mul_add: MulAdd with `<ASigned|BSigned|CSigned|ResultSigned|AccSat>`
  (MLIR's names of the grammar's Matrix*SignedComponents and
  SaturatingAccumulation) from the op's flags;
- the rest through workgroup memory (opaque.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import BFloat16Type
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.types import CooperativeMatrixType
from coopmlir.elements import is_f8, is_float
from coopmlir.passes.convert_to_spirv.extensions.opaque import (
    OpaqueMatrices,
    refuse_workgroup_scope,
)
from coopmlir.passes.convert_to_spirv.memory import Memory, mark_non_private

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter

_USES = {cm.MatrixUse.A: "MatrixA", cm.MatrixUse.B: "MatrixB"}

_SIGNED_OPERANDS = (
    ("a_signed", "ASigned"),
    ("b_signed", "BSigned"),
    ("c_signed", "CSigned"),
    ("result_signed", "ResultSigned"),
)


def khr_matrix_type(
    t: cm.MatrixType, types: SpirvTypeConverter, scope: str
) -> CooperativeMatrixType:
    """`t` as a KHR cooperative matrix of `scope` (Subgroup or Workgroup)."""
    element = types.matrix_element_type(t)
    rows, cols = t.shape
    use = _USES.get(t.use_kind, "MatrixAcc")
    return CooperativeMatrixType(rows, cols, element, scope, use)


class KHR(OpaqueMatrices):
    """SPV_KHR_cooperative_matrix (module docstring)."""

    float8_matrices = True

    def matrix_element_type(
        self, t: cm.MatrixType, types: SpirvTypeConverter
    ) -> Attribute:
        element = t.element_type
        if isinstance(element, BFloat16Type) or is_f8(element):
            # SPV_KHR_bfloat16 / SPV_EXT_float8: a KHR matrix holds real bf16
            # or f8 components (OpTypeFloat 16 BFloat16KHR, OpTypeFloat 8
            # Float8E4M3EXT); memory keeps the bits (i16, i8).
            return element
        return types.scalar_type(element)

    def matrix_type(self, t: cm.MatrixType, types: SpirvTypeConverter) -> Attribute:
        refuse_workgroup_scope(t)
        return khr_matrix_type(t, types, "Subgroup")

    def accesses_uvec4_arrays(self) -> bool:
        return True

    def load(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        stride: SSAValue,
        col_major: bool,
        t: Attribute,
    ) -> SSAValue:
        layout = "ColumnMajor" if col_major else "RowMajor"
        load = sm.KHRCooperativeMatrixLoadOp(pointer, stride, layout, t)
        mark_non_private(load, mem)
        return m.b.value(load)

    def store(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        layout = "ColumnMajor" if col_major else "RowMajor"
        store = sm.KHRCooperativeMatrixStoreOp(pointer, value, stride, layout)
        mark_non_private(store, mem)
        m.b.emit(store)

    def mul_add(
        self, m: MatrixLowering, op: cm.MulAddOp, a: SSAValue, b: SSAValue, c: SSAValue
    ) -> Operation:
        assert isinstance(op.a.type, cm.MatrixType)
        flags: list[str] = []
        if not is_float(op.a.type.element_type):
            flags = [name for prop, name in _SIGNED_OPERANDS if op.properties.get(prop)]
            if op.saturating is not None:
                flags.append("AccSat")
        return sm.KHRCooperativeMatrixMulAddOp(a, b, c, "|".join(flags) or None)

    def check_componentwise(self, op: Operation) -> None:
        return None

    def length(self, t: Attribute) -> Operation:
        assert isinstance(t, CooperativeMatrixType)
        return sm.KHRCooperativeMatrixLengthOp(t)
