"""Conversions: `%r = spirv.FConvert %a : f16 to f32` and friends, on
scalars, vectors and (KHR) cooperative matrices of the same shape."""

from __future__ import annotations

from xdsl.dialects.builtin import VectorType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.constraints import (
    FLOAT_OR_MATRIX,
    INTEGER_OR_MATRIX,
    NUMERIC_OR_MATRIX,
    ConvertibleFloat,
)
from coopmlir.dialects.spirv.types import CooperativeMatrixType, NVCooperativeMatrixType


def _shape(t: Attribute) -> tuple:
    """What a conversion must keep: vector length, or matrix shape and use."""
    if isinstance(t, VectorType):
        return ("vector", *t.get_shape())
    if isinstance(t, CooperativeMatrixType):
        return ("matrix", *t.shape, t.scope.data, t.use.data)
    if isinstance(t, NVCooperativeMatrixType):
        return ("NV matrix", *t.shape, t.scope.data)
    return ("scalar",)


class _ConvertOp(IRDLOperation):
    operand = operand_def()
    result = result_def()

    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand) `to` type($result)"

    def __init__(self, operand: SSAValue | Operation, result_type: Attribute):
        super().__init__(operands=[operand], result_types=[result_type])

    def verify_(self) -> None:
        if _shape(self.operand.type) != _shape(self.result.type):
            raise VerifyException(
                f"{self.name} keeps the shape: {self.operand.type} cannot become "
                f"{self.result.type}"
            )


@irdl_op_definition
class FConvertOp(_ConvertOp):
    """`spirv.FConvert`: OpFConvert."""

    name = "spirv.FConvert"

    operand = operand_def(ConvertibleFloat())
    result = result_def(ConvertibleFloat())


@irdl_op_definition
class SConvertOp(_ConvertOp):
    """`spirv.SConvert`: OpSConvert."""

    name = "spirv.SConvert"

    operand = operand_def(INTEGER_OR_MATRIX)
    result = result_def(INTEGER_OR_MATRIX)


@irdl_op_definition
class UConvertOp(_ConvertOp):
    """`spirv.UConvert`: OpUConvert."""

    name = "spirv.UConvert"

    operand = operand_def(INTEGER_OR_MATRIX)
    result = result_def(INTEGER_OR_MATRIX)


@irdl_op_definition
class ConvertFToSOp(_ConvertOp):
    """`spirv.ConvertFToS`: OpConvertFToS."""

    name = "spirv.ConvertFToS"

    operand = operand_def(FLOAT_OR_MATRIX)
    result = result_def(INTEGER_OR_MATRIX)


@irdl_op_definition
class ConvertFToUOp(_ConvertOp):
    """`spirv.ConvertFToU`: OpConvertFToU."""

    name = "spirv.ConvertFToU"

    operand = operand_def(FLOAT_OR_MATRIX)
    result = result_def(INTEGER_OR_MATRIX)


@irdl_op_definition
class ConvertSToFOp(_ConvertOp):
    """`spirv.ConvertSToF`: OpConvertSToF."""

    name = "spirv.ConvertSToF"

    operand = operand_def(INTEGER_OR_MATRIX)
    result = result_def(FLOAT_OR_MATRIX)


@irdl_op_definition
class ConvertUToFOp(_ConvertOp):
    """`spirv.ConvertUToF`: OpConvertUToF."""

    name = "spirv.ConvertUToF"

    operand = operand_def(INTEGER_OR_MATRIX)
    result = result_def(FLOAT_OR_MATRIX)


@irdl_op_definition
class BitcastOp(_ConvertOp):
    """`spirv.Bitcast`: Reinterpret the bits (the total width must stay)."""

    name = "spirv.Bitcast"

    operand = operand_def(NUMERIC_OR_MATRIX)
    result = result_def(NUMERIC_OR_MATRIX)

    def verify_(self) -> None:
        """Scalars and vectors may change their component count when the
        total width stays and the larger count is a multiple of the smaller
        (SPIR-V OpBitcast: `i32` <-> `vector<2xf16>`); matrices keep shape."""
        src, dst = self.operand.type, self.result.type
        if _shape(src)[0] in ("scalar", "vector") and _shape(dst)[0] in (
            "scalar",
            "vector",
        ):
            (n_src, bits_src), (n_dst, bits_dst) = _lanes(src), _lanes(dst)
            if n_src * bits_src == n_dst * bits_dst and (
                max(n_src, n_dst) % min(n_src, n_dst) == 0
            ):
                return
            raise VerifyException(
                f"{self.name} keeps the total width: {src} cannot become {dst}"
            )
        super().verify_()


def _lanes(t: Attribute) -> tuple[int, int]:
    """(components, bits per component) of a scalar or vector type."""
    count = 1
    if isinstance(t, VectorType):
        count = t.get_shape()[0]
        t = t.get_element_type()
    return count, t.bitwidth  # type: ignore[attr-defined]


CONVERSION_OPS: list[type[IRDLOperation]] = [
    FConvertOp,
    SConvertOp,
    UConvertOp,
    ConvertFToSOp,
    ConvertFToUOp,
    ConvertSToFOp,
    ConvertUToFOp,
    BitcastOp,
]
