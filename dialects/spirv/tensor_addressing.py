"""Tensor layouts (SPV_NV_tensor_addressing) and the tensor-addressed
cooperative-matrix load and store of SPV_NV_cooperative_matrix2. MLIR has
none of them; they are spelled like its other NV ops:

    %l0 = spirv.NV.CreateTensorLayout : !spirv.NV.tensor_layout<2, Constant>
    %l1 = spirv.NV.TensorLayoutSetDimension %l0, %rows, %cols : <L>, i32, i32
    %s = spirv.NV.TensorLayoutSlice %l1, %row, %h, %col, %w : <L>, i32, i32, i32, i32
    %m = spirv.NV.CooperativeMatrixLoadTensor %ptr, %init, %s : <P>, <L> -> <M>
    spirv.NV.CooperativeMatrixStoreTensor %ptr, %m, %s : <P>, <M>, <L>

(<L> a tensor layout type, <P> a pointer, <M> a `!spirv.coopmatrix`.)
A layout is a value: each instruction returns a modified copy. The load
reads element (r, c) of the matrix at slice element (r, c) of the tensor
that starts at `ptr`; outside the layout's dimensions it reads the clamp
mode's value (Constant: the clamp value, 0 unless set). The store skips
elements outside the dimensions. The memory operand and the tensor
addressing operands are both None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.constraints import INTEGER
from coopmlir.dialects.spirv.types import (
    CooperativeMatrixType,
    PointerType,
    TensorLayoutType,
)


def _dimensions(t: Attribute) -> int:
    assert isinstance(t, TensorLayoutType)
    return t.dimensions.data


class _LayoutUpdateOp(IRDLOperation):
    """A tensor layout with some of its fields replaced by `values`."""

    T: ClassVar = VarConstraint("T", base(TensorLayoutType))
    layout = operand_def(T)
    values = var_operand_def(INTEGER)
    result = result_def(T)

    assembly_format = (
        "$layout `,` $values attr-dict `:` type($layout) `,` type($values)"
    )
    #: How many values per layout dimension.
    PER_DIMENSION: ClassVar[int] = 1

    def __init__(
        self, layout: SSAValue | Operation, values: Sequence[SSAValue | Operation]
    ):
        super().__init__(
            operands=[layout, values], result_types=[SSAValue.get(layout).type]
        )

    def verify_(self) -> None:
        want = self.PER_DIMENSION * _dimensions(self.layout.type)
        if len(self.values) != want:
            raise VerifyException(
                f"a {_dimensions(self.layout.type)}-D layout takes {want} values, "
                f"got {len(self.values)}"
            )
        for value in self.values:
            if value.type != IntegerType(32):
                raise VerifyException(f"{self.name} takes i32 values, got {value.type}")


@irdl_op_definition
class CreateTensorLayoutOp(IRDLOperation):
    """OpCreateTensorLayoutNV: a layout with zero dimensions and strides."""

    name = "spirv.NV.CreateTensorLayout"
    result = result_def(TensorLayoutType)
    traits = traits_def(Pure())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type: TensorLayoutType):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class TensorLayoutSetDimensionOp(_LayoutUpdateOp):
    """OpTensorLayoutSetDimensionNV: the size of every dimension (strides
    become those of a packed row-major tensor)."""

    name = "spirv.NV.TensorLayoutSetDimension"


@irdl_op_definition
class TensorLayoutSetClampValueOp(_LayoutUpdateOp):
    """OpTensorLayoutSetClampValueNV: the bits that Constant clamping reads."""

    name = "spirv.NV.TensorLayoutSetClampValue"

    def verify_(self) -> None:
        if len(self.values) != 1 or self.values[0].type != IntegerType(32):
            raise VerifyException(f"{self.name} takes one i32 value")


@irdl_op_definition
class TensorLayoutSliceOp(_LayoutUpdateOp):
    """OpTensorLayoutSliceNV: (offset, span) per dimension."""

    name = "spirv.NV.TensorLayoutSlice"
    PER_DIMENSION: ClassVar[int] = 2


def _check_slice(layout: Attribute, matrix: Attribute) -> None:
    if _dimensions(layout) != 2:
        raise VerifyException(f"a matrix is addressed by a 2-D layout, got {layout}")
    assert isinstance(matrix, CooperativeMatrixType)


@irdl_op_definition
class CooperativeMatrixLoadTensorOp(IRDLOperation):
    """OpCooperativeMatrixLoadTensorNV with the memory and tensor addressing
    operands None; `object` gives the elements nothing is loaded into."""

    name = "spirv.NV.CooperativeMatrixLoadTensor"

    T: ClassVar = VarConstraint("T", base(CooperativeMatrixType))
    pointer = operand_def(PointerType)
    object = operand_def(T)
    tensor_layout = operand_def(TensorLayoutType)
    result = result_def(T)

    assembly_format = (
        "$pointer `,` $object `,` $tensor_layout attr-dict `:` type($pointer) `,`"
        " type($tensor_layout) `->` type($result)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        object: SSAValue | Operation,
        tensor_layout: SSAValue | Operation,
    ):
        super().__init__(
            operands=[pointer, object, tensor_layout],
            result_types=[SSAValue.get(object).type],
        )

    def verify_(self) -> None:
        _check_slice(self.tensor_layout.type, self.result.type)


@irdl_op_definition
class CooperativeMatrixStoreTensorOp(IRDLOperation):
    """OpCooperativeMatrixStoreTensorNV with the memory and tensor addressing
    operands None."""

    name = "spirv.NV.CooperativeMatrixStoreTensor"

    pointer = operand_def(PointerType)
    object = operand_def(CooperativeMatrixType)
    tensor_layout = operand_def(TensorLayoutType)

    assembly_format = (
        "$pointer `,` $object `,` $tensor_layout attr-dict `:` type($pointer) `,`"
        " type($object) `,` type($tensor_layout)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        object: SSAValue | Operation,
        tensor_layout: SSAValue | Operation,
    ):
        super().__init__(operands=[pointer, object, tensor_layout])

    def verify_(self) -> None:
        _check_slice(self.tensor_layout.type, self.object.type)


TENSOR_ADDRESSING_OPS = [
    CreateTensorLayoutOp,
    TensorLayoutSetDimensionOp,
    TensorLayoutSetClampValueOp,
    TensorLayoutSliceOp,
    CooperativeMatrixLoadTensorOp,
    CooperativeMatrixStoreTensorOp,
]
