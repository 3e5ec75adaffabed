"""`coopmat=nv`: SPV_NV_cooperative_matrix.

- types: `!spirv.NV.coopmatrix<RxCxT, Subgroup>` (no use: a conversion
  between uses is only its element conversion); no bf16 or integer matrices
  (NV integer signedness lives in the type, which this lowering does not
  pick);
- load/store: OpCooperativeMatrixLoadNV/StoreNV with a column-major flag;
- mul_add: OpCooperativeMatrixMulAddNV; no component-wise multiply of two
  matrices; no reduce/apply/transpose (SPV_NV_cooperative_matrix2 extends
  KHR matrices);
- conversions to and from vectors through workgroup memory (opaque.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import BFloat16Type, IntegerType, i1
from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.types import NVCooperativeMatrixType
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.extensions.opaque import (
    OpaqueMatrices,
    refuse_workgroup_scope,
)
from coopmlir.passes.convert_to_spirv.memory import Memory, refuse_non_private

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.passes.convert_to_spirv.types import SpirvTypeConverter


def _no_matrix_ops() -> LoweringError:
    return LoweringError(
        "has no SPIR-V lowering with coopmat=nv: SPV_NV_cooperative_matrix2 "
        "extends KHR matrices; use coopmat=nv2 or coopmat=khr"
    )


class NV(OpaqueMatrices):
    """SPV_NV_cooperative_matrix (module docstring)."""

    def matrix_element_type(
        self, t: cm.MatrixType, types: SpirvTypeConverter
    ) -> Attribute:
        if isinstance(t.element_type, BFloat16Type):
            raise LoweringError(
                f"{t}: bf16 matrices need coopmat=khr (SPV_KHR_bfloat16)"
            )
        return types.scalar_type(t.element_type)

    def matrix_type(self, t: cm.MatrixType, types: SpirvTypeConverter) -> Attribute:
        refuse_workgroup_scope(t)
        element = types.matrix_element_type(t)
        if isinstance(element, IntegerType):
            raise LoweringError(
                f"{t}: integer matrices are not supported with coopmat=nv "
                "(use coopmat=khr)"
            )
        rows, cols = t.shape
        return NVCooperativeMatrixType(rows, cols, element)

    def accesses_uvec4_arrays(self) -> bool:
        return False

    def load(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        stride: SSAValue,
        col_major: bool,
        t: Attribute,
    ) -> SSAValue:
        refuse_non_private(mem, "an NV cooperative-matrix load")
        flag = m.k.const(col_major, i1)
        return m.b.value(sm.NVCooperativeMatrixLoadOp(pointer, stride, flag, t))

    def store(
        self,
        m: MatrixLowering,
        mem: Memory,
        pointer: SSAValue,
        value: SSAValue,
        stride: SSAValue,
        col_major: bool,
    ) -> None:
        refuse_non_private(mem, "an NV cooperative-matrix store")
        flag = m.k.const(col_major, i1)
        m.b.emit(sm.NVCooperativeMatrixStoreOp(pointer, value, stride, flag))

    def mul_add(
        self, m: MatrixLowering, op: cm.MulAddOp, a: SSAValue, b: SSAValue, c: SSAValue
    ) -> Operation:
        return sm.NVCooperativeMatrixMulAddOp(a, b, c)

    def check_componentwise(self, op: Operation) -> None:
        if isinstance(op, cm.MulOp):
            raise LoweringError(
                "has no SPIR-V lowering with coopmat=nv: SPV_NV_cooperative_matrix "
                "has no component-wise multiply of two matrices (OpFMul/OpIMul on "
                "matrices are SPV_KHR_cooperative_matrix's); use coopmat=khr, "
                "coopmat.scale for a scalar, or coopmat-to-simt"
            )

    def length(self, t: Attribute) -> Operation:
        assert isinstance(t, NVCooperativeMatrixType)
        return sm.NVCooperativeMatrixLengthOp(t)

    def reduce(self, m: MatrixLowering, op: cm.ReduceOp) -> None:
        raise _no_matrix_ops()

    def apply(self, m: MatrixLowering, op: cm.ApplyOp) -> None:
        raise _no_matrix_ops()

    def transpose(self, m: MatrixLowering, op: cm.TransposeOp) -> None:
        raise _no_matrix_ops()
