"""`coopmat=khr qcom-conversion=true`: KHR matrices whose conversions to and
from per-invocation vectors are SPV_QCOM_cooperative_matrix_conversion
instructions: OpCompositeConstructCoopMatQCOM / OpCompositeExtractCoopMatQCOM
on the invocation's array (or 2-4 element vector), OpBitCastArrayQCOM,
OpExtractSubArrayQCOM; no workgroup memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects import coopmat as cm
from coopmlir.dialects.spirv import coopmatrix as sm
from coopmlir.dialects.spirv.composite import CompositeConstructOp
from coopmlir.dialects.spirv.types import ArrayType
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.extensions.khr import KHR

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering


def _emit(m: MatrixLowering, op: Operation) -> SSAValue:
    """Emit a QCOM conversion instruction; what spirv-val would reject
    (the shapes and types of the SPV_QCOM_cooperative_matrix_conversion
    specification) is a located error here."""
    try:
        op.verify_()
    except VerifyException as err:
        raise LoweringError(f"qcom-conversion: {err}") from None
    return m.b.value(op)


def _as_array(m: MatrixLowering, value: SSAValue) -> SSAValue:
    """The QCOM instructions take OpTypeArray: a 2-4 element SPIR-V vector
    is rebuilt as an array."""
    t = value.type
    if isinstance(t, ArrayType):
        return value
    assert isinstance(t, VectorType)
    parts = m.parts(value, t.get_shape()[0])
    return m.b.value(CompositeConstructOp(parts, m.types.array_type(t)))


def _from_array(m: MatrixLowering, value: SSAValue, t: Attribute) -> SSAValue:
    """`value`, an array, as the lowering's type `t` (a vector for 2-4)."""
    if value.type == t:
        return value
    assert isinstance(t, VectorType)
    parts = m.parts(value, t.get_shape()[0])
    return m.b.value(CompositeConstructOp(parts, t))


class QCOM(KHR):
    """KHR with SPV_QCOM_cooperative_matrix_conversion (module docstring)."""

    def staged(self, op: Operation) -> tuple[cm.MatrixType, int] | None:
        if isinstance(op, cm.FromVectorOp | cm.ToVectorOp):
            return None
        return super().staged(op)

    def from_vector(self, m: MatrixLowering, op: cm.FromVectorOp) -> None:
        target = m.types.matrix_type(op.result.type)
        line = _as_array(m, m.k.get(op.vector))
        m.set(op, _emit(m, sm.QCOMCompositeConstructCoopMatOp(line, target)))

    def to_vector(self, m: MatrixLowering, op: cm.ToVectorOp) -> None:
        result = op.result.type
        matrix = m.k.get(op.matrix)
        array = m.types.array_type(result)
        line = _emit(m, sm.QCOMCompositeExtractCoopMatOp(matrix, array))
        m.set(op, _from_array(m, line, m.types.value_type(result)))

    def bitcast_array(self, m: MatrixLowering, op: cm.BitcastArrayOp) -> None:
        value = m.k.get(op.source)
        target = m.types.value_type(op.result.type)
        cast = sm.QCOMBitCastArrayOp(_as_array(m, value), m.types.array_type(target))
        m.set(op, _from_array(m, _emit(m, cast), target))

    def extract_subarray(self, m: MatrixLowering, op: cm.ExtractSubarrayOp) -> None:
        value = m.k.get(op.source)
        target = m.types.value_type(op.result.type)
        start = m.k.get(op.start)
        sub = sm.QCOMExtractSubArrayOp(
            _as_array(m, value), start, m.types.array_type(target)
        )
        m.set(op, _from_array(m, _emit(m, sub), target))
