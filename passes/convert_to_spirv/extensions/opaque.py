"""What KHR and NV matrices share: both are opaque to the invocations, so
whatever needs the elements in a known order goes through the subgroup's
workgroup-memory scratch slot (matrix_vectors.py, matrix_ops.py), and a
workgroup-scope matrix is refused (it needs coopmat=nv2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.ir import Attribute, Operation, SSAValue

from coopmlir.dialects import coopmat as cm
from coopmlir.passes.convert_to_spirv import matrix_ops, matrix_vectors
from coopmlir.passes.convert_to_spirv.errors import LoweringError
from coopmlir.passes.convert_to_spirv.extensions.base import MatrixExtension
from coopmlir.passes.convert_to_spirv.tensor_access import is_workgroup_access
from coopmlir.target_lowering import matrix_scratch

if TYPE_CHECKING:
    from coopmlir.passes.convert_to_spirv.matrix import MatrixLowering
    from coopmlir.targets import Target


def refuse_workgroup_scope(t: cm.MatrixType) -> None:
    """A workgroup-scope matrix needs VK_NV_cooperative_matrix2."""
    if t.scope.data == cm.MatrixScope.WORKGROUP:
        raise LoweringError(
            f"{t} has workgroup scope, which needs coopmat=nv2 "
            "(VK_NV_cooperative_matrix2)"
        )


def staged_matrix(op: Operation) -> cm.MatrixType | None:
    """The matrix a conversion or checked access stages, or None."""
    if isinstance(op, cm.FromVectorOp):
        assert isinstance(op.result.type, cm.MatrixType)
        return op.result.type
    if isinstance(op, cm.ToVectorOp):
        assert isinstance(op.matrix.type, cm.MatrixType)
        return op.matrix.type
    if (
        isinstance(op, cm.LoadOp | cm.StoreOp)
        and op.checked is not None
        and not is_workgroup_access(op)
    ):
        t = op.result.type if isinstance(op, cm.LoadOp) else op.value.type
        assert isinstance(t, cm.MatrixType)
        return t
    if isinstance(op, cm.ConvertOp):
        src, dst = op.operand.type, op.result.type
        assert isinstance(src, cm.MatrixType) and isinstance(dst, cm.MatrixType)
        if src.use_kind != dst.use_kind:
            return dst
    return None


class OpaqueMatrices(MatrixExtension):
    """The workgroup-memory lowerings of KHR and NV matrices; subclasses
    give the types and instructions."""

    def staged(self, op: Operation) -> tuple[cm.MatrixType, int] | None:
        if isinstance(op, cm.ReduceOp | cm.ApplyOp | cm.TransposeOp):
            return matrix_ops.scratch_elements(op)
        t = staged_matrix(op)
        return None if t is None else (t, matrix_scratch((t.shape[0], t.shape[1])))

    def target_refusal(self, op: Operation, target: Target) -> str | None:
        return None

    def load_workgroup(
        self, m: MatrixLowering, op: cm.LoadOp, t: Attribute
    ) -> SSAValue:
        assert isinstance(op.result.type, cm.MatrixType)
        refuse_workgroup_scope(op.result.type)
        raise AssertionError("refused above")

    def store_workgroup(self, m: MatrixLowering, op: cm.StoreOp) -> None:
        assert isinstance(op.value.type, cm.MatrixType)
        refuse_workgroup_scope(op.value.type)

    def reduce(self, m: MatrixLowering, op: cm.ReduceOp) -> None:
        matrix_ops.reduce_through_memory(m, op)

    def apply(self, m: MatrixLowering, op: cm.ApplyOp) -> None:
        if matrix_ops.position_free(op):
            matrix_ops.apply_componentwise(m, op)
        else:
            matrix_ops.apply_through_memory(m, op)

    def transpose(self, m: MatrixLowering, op: cm.TransposeOp) -> None:
        matrix_ops.transpose_through_memory(m, op)

    def from_vector(self, m: MatrixLowering, op: cm.FromVectorOp) -> None:
        matrix_vectors.from_vector(m, op)

    def to_vector(self, m: MatrixLowering, op: cm.ToVectorOp) -> None:
        matrix_vectors.to_vector(m, op)

    def bitcast_array(self, m: MatrixLowering, op: cm.BitcastArrayOp) -> None:
        matrix_vectors.bitcast_array(m, op)

    def extract_subarray(self, m: MatrixLowering, op: cm.ExtractSubarrayOp) -> None:
        matrix_vectors.extract_subarray(m, op)
