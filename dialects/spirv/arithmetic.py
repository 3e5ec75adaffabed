"""Arithmetic, bitwise, logical and comparison ops, Select, MatrixTimesScalar,
and the GLSL.std.450 extended instructions (`spirv.GL.*`).

Each op is the SPIR-V instruction of the same name (`spirv.IAdd` is OpIAdd,
`spirv.GL.FMax` is GLSL.std.450 FMax); the serializer derives the
instruction from the op name.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.constraints import (
    BOOL,
    FLOAT,
    FLOAT_OR_MATRIX,
    INTEGER,
    INTEGER_OR_MATRIX,
    SCALAR_OR_VECTOR,
    bool_type_like,
)
from coopmlir.dialects.spirv.types import CooperativeMatrixType, NVCooperativeMatrixType

# --------------------------------------------------------------------------
# Families: operand and result types are one type T
# --------------------------------------------------------------------------


class _BinaryOp(IRDLOperation):
    """`%r = spirv.Op %a, %b : T`."""

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = "$operand1 `,` $operand2 attr-dict `:` type($result)"

    def __init__(self, operand1: SSAValue | Operation, operand2: SSAValue | Operation):
        super().__init__(
            operands=[operand1, operand2], result_types=[SSAValue.get(operand1).type]
        )


class _IntegerBinaryOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", INTEGER_OR_MATRIX)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _FloatBinaryOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", FLOAT_OR_MATRIX)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _BitwiseOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", INTEGER)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _LogicalBinaryOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", BOOL)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _ShiftOp(IRDLOperation):
    """`%r = spirv.ShiftLeftLogical %base, %shift : i32, i32` (the shift may
    have another integer width)."""

    T: ClassVar = VarConstraint("T", INTEGER)
    operand1 = operand_def(T)
    operand2 = operand_def(INTEGER)
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = (
        "$operand1 `,` $operand2 attr-dict `:` type($operand1) `,` type($operand2)"
    )

    def __init__(self, base: SSAValue | Operation, shift: SSAValue | Operation):
        super().__init__(operands=[base, shift], result_types=[SSAValue.get(base).type])


class _UnaryOp(IRDLOperation):
    """`%r = spirv.Op %a : T`."""

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    operand = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = "$operand attr-dict `:` type($operand)"

    def __init__(self, operand: SSAValue | Operation):
        super().__init__(operands=[operand], result_types=[SSAValue.get(operand).type])


class _IntegerUnaryOp(_UnaryOp):
    T: ClassVar = VarConstraint("T", INTEGER_OR_MATRIX)
    operand = operand_def(T)
    result = result_def(T)


class _FloatUnaryOp(_UnaryOp):
    T: ClassVar = VarConstraint("T", FLOAT_OR_MATRIX)
    operand = operand_def(T)
    result = result_def(T)


class _BitwiseUnaryOp(_UnaryOp):
    T: ClassVar = VarConstraint("T", INTEGER)
    operand = operand_def(T)
    result = result_def(T)


class _LogicalUnaryOp(_UnaryOp):
    T: ClassVar = VarConstraint("T", BOOL)
    operand = operand_def(T)
    result = result_def(T)


class _CompareOp(IRDLOperation):
    """`%r = spirv.SLessThan %a, %b : i32`: the result is i1 or vector<N x i1>,
    shaped like the operands."""

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(BOOL)

    traits = traits_def(Pure())

    def __init__(self, operand1: SSAValue | Operation, operand2: SSAValue | Operation):
        operand_type = SSAValue.get(operand1).type
        super().__init__(
            operands=[operand1, operand2], result_types=[bool_type_like(operand_type)]
        )

    def verify_(self) -> None:
        expected = bool_type_like(self.operand1.type)
        if self.result.type != expected:
            raise VerifyException(
                f"result type {self.result.type} should be {expected}"
            )

    @classmethod
    def parse(cls, parser: Parser):
        lhs = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        rhs = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        operand_type = parser.parse_type()
        return cls.create(
            operands=parser.resolve_operands(
                [lhs, rhs], [operand_type] * 2, parser.pos
            ),
            result_types=[bool_type_like(operand_type)],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.operand1)
        printer.print_string(", ")
        printer.print_operand(self.operand2)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.operand1.type)


class _IntegerCompareOp(_CompareOp):
    T: ClassVar = VarConstraint("T", INTEGER)
    operand1 = operand_def(T)
    operand2 = operand_def(T)


class _FloatCompareOp(_CompareOp):
    T: ClassVar = VarConstraint("T", FLOAT)
    operand1 = operand_def(T)
    operand2 = operand_def(T)


class _GLUnaryFloatOp(_UnaryOp):
    T: ClassVar = VarConstraint("T", FLOAT)
    operand = operand_def(T)
    result = result_def(T)


class _GLBinaryFloatOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", FLOAT)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _GLBinaryIntegerOp(_BinaryOp):
    T: ClassVar = VarConstraint("T", INTEGER)
    operand1 = operand_def(T)
    operand2 = operand_def(T)
    result = result_def(T)


class _GLTernaryFloatOp(IRDLOperation):
    """`%r = spirv.GL.Fma %a, %b, %c : T`."""

    T: ClassVar = VarConstraint("T", FLOAT)
    x = operand_def(T)
    y = operand_def(T)
    z = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = "$x `,` $y `,` $z attr-dict `:` type($result)"

    def __init__(
        self,
        x: SSAValue | Operation,
        y: SSAValue | Operation,
        z: SSAValue | Operation,
    ):
        super().__init__(operands=[x, y, z], result_types=[SSAValue.get(x).type])


# --------------------------------------------------------------------------
# Select and MatrixTimesScalar
# --------------------------------------------------------------------------


@irdl_op_definition
class SelectOp(IRDLOperation):
    """`%r = spirv.Select %c, %a, %b : i1, T`."""

    name = "spirv.Select"

    T: ClassVar = VarConstraint("T", SCALAR_OR_VECTOR)
    condition = operand_def(BOOL)
    true_value = operand_def(T)
    false_value = operand_def(T)
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = (
        "$condition `,` $true_value `,` $false_value attr-dict `:` type($condition)"
        " `,` type($result)"
    )

    def __init__(
        self,
        condition: SSAValue | Operation,
        true_value: SSAValue | Operation,
        false_value: SSAValue | Operation,
    ):
        super().__init__(
            operands=[condition, true_value, false_value],
            result_types=[SSAValue.get(true_value).type],
        )

    def verify_(self) -> None:
        cond, value = self.condition.type, self.result.type
        if cond != IntegerType(1) and cond != bool_type_like(value):
            raise VerifyException(f"condition {cond} does not fit the value {value}")


@irdl_op_definition
class MatrixTimesScalarOp(IRDLOperation):
    """`%r = spirv.MatrixTimesScalar %m, %s : !spirv.coopmatrix<...>, f16`."""

    name = "spirv.MatrixTimesScalar"

    T: ClassVar = VarConstraint(
        "T", base(CooperativeMatrixType) | base(NVCooperativeMatrixType)
    )
    matrix = operand_def(T)
    scalar = operand_def()
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = (
        "$matrix `,` $scalar attr-dict `:` type($matrix) `,` type($scalar)"
    )

    def __init__(self, matrix: SSAValue | Operation, scalar: SSAValue | Operation):
        super().__init__(
            operands=[matrix, scalar], result_types=[SSAValue.get(matrix).type]
        )

    def verify_(self) -> None:
        matrix_type = self.matrix.type
        assert isinstance(matrix_type, CooperativeMatrixType | NVCooperativeMatrixType)
        if self.scalar.type != matrix_type.element_type:
            raise VerifyException(
                f"scalar {self.scalar.type} must be the matrix element type "
                f"{matrix_type.element_type}"
            )


# --------------------------------------------------------------------------
# The ops
# --------------------------------------------------------------------------


@irdl_op_definition
class IAddOp(_IntegerBinaryOp):
    """`spirv.IAdd` (OpIAdd)."""

    name = "spirv.IAdd"


@irdl_op_definition
class ISubOp(_IntegerBinaryOp):
    """`spirv.ISub` (OpISub)."""

    name = "spirv.ISub"


@irdl_op_definition
class IMulOp(_IntegerBinaryOp):
    """`spirv.IMul` (OpIMul)."""

    name = "spirv.IMul"


@irdl_op_definition
class SDivOp(_IntegerBinaryOp):
    """`spirv.SDiv` (OpSDiv)."""

    name = "spirv.SDiv"


@irdl_op_definition
class UDivOp(_IntegerBinaryOp):
    """`spirv.UDiv` (OpUDiv)."""

    name = "spirv.UDiv"


@irdl_op_definition
class SRemOp(_IntegerBinaryOp):
    """`spirv.SRem` (OpSRem)."""

    name = "spirv.SRem"


@irdl_op_definition
class SModOp(_IntegerBinaryOp):
    """`spirv.SMod` (OpSMod)."""

    name = "spirv.SMod"


@irdl_op_definition
class UModOp(_IntegerBinaryOp):
    """`spirv.UMod` (OpUMod)."""

    name = "spirv.UMod"


@irdl_op_definition
class FAddOp(_FloatBinaryOp):
    """`spirv.FAdd` (OpFAdd)."""

    name = "spirv.FAdd"


@irdl_op_definition
class FSubOp(_FloatBinaryOp):
    """`spirv.FSub` (OpFSub)."""

    name = "spirv.FSub"


@irdl_op_definition
class FMulOp(_FloatBinaryOp):
    """`spirv.FMul` (OpFMul)."""

    name = "spirv.FMul"


@irdl_op_definition
class FDivOp(_FloatBinaryOp):
    """`spirv.FDiv` (OpFDiv)."""

    name = "spirv.FDiv"


@irdl_op_definition
class FRemOp(_FloatBinaryOp):
    """`spirv.FRem` (OpFRem)."""

    name = "spirv.FRem"


@irdl_op_definition
class FModOp(_FloatBinaryOp):
    """`spirv.FMod` (OpFMod)."""

    name = "spirv.FMod"


@irdl_op_definition
class BitwiseAndOp(_BitwiseOp):
    """`spirv.BitwiseAnd` (OpBitwiseAnd)."""

    name = "spirv.BitwiseAnd"


@irdl_op_definition
class BitwiseOrOp(_BitwiseOp):
    """`spirv.BitwiseOr` (OpBitwiseOr)."""

    name = "spirv.BitwiseOr"


@irdl_op_definition
class BitwiseXorOp(_BitwiseOp):
    """`spirv.BitwiseXor` (OpBitwiseXor)."""

    name = "spirv.BitwiseXor"


@irdl_op_definition
class LogicalAndOp(_LogicalBinaryOp):
    """`spirv.LogicalAnd` (OpLogicalAnd)."""

    name = "spirv.LogicalAnd"


@irdl_op_definition
class LogicalOrOp(_LogicalBinaryOp):
    """`spirv.LogicalOr` (OpLogicalOr)."""

    name = "spirv.LogicalOr"


@irdl_op_definition
class LogicalEqualOp(_LogicalBinaryOp):
    """`spirv.LogicalEqual` (OpLogicalEqual)."""

    name = "spirv.LogicalEqual"


@irdl_op_definition
class LogicalNotEqualOp(_LogicalBinaryOp):
    """`spirv.LogicalNotEqual` (OpLogicalNotEqual)."""

    name = "spirv.LogicalNotEqual"


@irdl_op_definition
class ShiftLeftLogicalOp(_ShiftOp):
    """`spirv.ShiftLeftLogical` (OpShiftLeftLogical)."""

    name = "spirv.ShiftLeftLogical"


@irdl_op_definition
class ShiftRightLogicalOp(_ShiftOp):
    """`spirv.ShiftRightLogical` (OpShiftRightLogical)."""

    name = "spirv.ShiftRightLogical"


@irdl_op_definition
class ShiftRightArithmeticOp(_ShiftOp):
    """`spirv.ShiftRightArithmetic` (OpShiftRightArithmetic)."""

    name = "spirv.ShiftRightArithmetic"


@irdl_op_definition
class SNegateOp(_IntegerUnaryOp):
    """`spirv.SNegate` (OpSNegate)."""

    name = "spirv.SNegate"


@irdl_op_definition
class FNegateOp(_FloatUnaryOp):
    """`spirv.FNegate` (OpFNegate)."""

    name = "spirv.FNegate"


@irdl_op_definition
class NotOp(_BitwiseUnaryOp):
    """`spirv.Not` (OpNot)."""

    name = "spirv.Not"


@irdl_op_definition
class LogicalNotOp(_LogicalUnaryOp):
    """`spirv.LogicalNot` (OpLogicalNot)."""

    name = "spirv.LogicalNot"


@irdl_op_definition
class IEqualOp(_IntegerCompareOp):
    """`spirv.IEqual` (OpIEqual)."""

    name = "spirv.IEqual"


@irdl_op_definition
class INotEqualOp(_IntegerCompareOp):
    """`spirv.INotEqual` (OpINotEqual)."""

    name = "spirv.INotEqual"


@irdl_op_definition
class SGreaterThanOp(_IntegerCompareOp):
    """`spirv.SGreaterThan` (OpSGreaterThan)."""

    name = "spirv.SGreaterThan"


@irdl_op_definition
class SGreaterThanEqualOp(_IntegerCompareOp):
    """`spirv.SGreaterThanEqual` (OpSGreaterThanEqual)."""

    name = "spirv.SGreaterThanEqual"


@irdl_op_definition
class SLessThanOp(_IntegerCompareOp):
    """`spirv.SLessThan` (OpSLessThan)."""

    name = "spirv.SLessThan"


@irdl_op_definition
class SLessThanEqualOp(_IntegerCompareOp):
    """`spirv.SLessThanEqual` (OpSLessThanEqual)."""

    name = "spirv.SLessThanEqual"


@irdl_op_definition
class UGreaterThanOp(_IntegerCompareOp):
    """`spirv.UGreaterThan` (OpUGreaterThan)."""

    name = "spirv.UGreaterThan"


@irdl_op_definition
class UGreaterThanEqualOp(_IntegerCompareOp):
    """`spirv.UGreaterThanEqual` (OpUGreaterThanEqual)."""

    name = "spirv.UGreaterThanEqual"


@irdl_op_definition
class ULessThanOp(_IntegerCompareOp):
    """`spirv.ULessThan` (OpULessThan)."""

    name = "spirv.ULessThan"


@irdl_op_definition
class ULessThanEqualOp(_IntegerCompareOp):
    """`spirv.ULessThanEqual` (OpULessThanEqual)."""

    name = "spirv.ULessThanEqual"


@irdl_op_definition
class FOrdEqualOp(_FloatCompareOp):
    """`spirv.FOrdEqual` (OpFOrdEqual)."""

    name = "spirv.FOrdEqual"


@irdl_op_definition
class FOrdNotEqualOp(_FloatCompareOp):
    """`spirv.FOrdNotEqual` (OpFOrdNotEqual)."""

    name = "spirv.FOrdNotEqual"


@irdl_op_definition
class FOrdGreaterThanOp(_FloatCompareOp):
    """`spirv.FOrdGreaterThan` (OpFOrdGreaterThan)."""

    name = "spirv.FOrdGreaterThan"


@irdl_op_definition
class FOrdGreaterThanEqualOp(_FloatCompareOp):
    """`spirv.FOrdGreaterThanEqual` (OpFOrdGreaterThanEqual)."""

    name = "spirv.FOrdGreaterThanEqual"


@irdl_op_definition
class FOrdLessThanOp(_FloatCompareOp):
    """`spirv.FOrdLessThan` (OpFOrdLessThan)."""

    name = "spirv.FOrdLessThan"


@irdl_op_definition
class FOrdLessThanEqualOp(_FloatCompareOp):
    """`spirv.FOrdLessThanEqual` (OpFOrdLessThanEqual)."""

    name = "spirv.FOrdLessThanEqual"


@irdl_op_definition
class FUnordEqualOp(_FloatCompareOp):
    """`spirv.FUnordEqual` (OpFUnordEqual)."""

    name = "spirv.FUnordEqual"


@irdl_op_definition
class FUnordNotEqualOp(_FloatCompareOp):
    """`spirv.FUnordNotEqual` (OpFUnordNotEqual)."""

    name = "spirv.FUnordNotEqual"


@irdl_op_definition
class FUnordGreaterThanOp(_FloatCompareOp):
    """`spirv.FUnordGreaterThan` (OpFUnordGreaterThan)."""

    name = "spirv.FUnordGreaterThan"


@irdl_op_definition
class FUnordGreaterThanEqualOp(_FloatCompareOp):
    """`spirv.FUnordGreaterThanEqual` (OpFUnordGreaterThanEqual)."""

    name = "spirv.FUnordGreaterThanEqual"


@irdl_op_definition
class FUnordLessThanOp(_FloatCompareOp):
    """`spirv.FUnordLessThan` (OpFUnordLessThan)."""

    name = "spirv.FUnordLessThan"


@irdl_op_definition
class FUnordLessThanEqualOp(_FloatCompareOp):
    """`spirv.FUnordLessThanEqual` (OpFUnordLessThanEqual)."""

    name = "spirv.FUnordLessThanEqual"


@irdl_op_definition
class GLFAbsOp(_GLUnaryFloatOp):
    """`spirv.GL.FAbs` (GLSL.std.450 FAbs)."""

    name = "spirv.GL.FAbs"


@irdl_op_definition
class GLFloorOp(_GLUnaryFloatOp):
    """`spirv.GL.Floor` (GLSL.std.450 Floor)."""

    name = "spirv.GL.Floor"


@irdl_op_definition
class GLCeilOp(_GLUnaryFloatOp):
    """`spirv.GL.Ceil` (GLSL.std.450 Ceil)."""

    name = "spirv.GL.Ceil"


@irdl_op_definition
class GLExpOp(_GLUnaryFloatOp):
    """`spirv.GL.Exp` (GLSL.std.450 Exp)."""

    name = "spirv.GL.Exp"


@irdl_op_definition
class GLExp2Op(_GLUnaryFloatOp):
    """`spirv.GL.Exp2` (GLSL.std.450 Exp2)."""

    name = "spirv.GL.Exp2"


@irdl_op_definition
class GLLogOp(_GLUnaryFloatOp):
    """`spirv.GL.Log` (GLSL.std.450 Log)."""

    name = "spirv.GL.Log"


@irdl_op_definition
class GLLog2Op(_GLUnaryFloatOp):
    """`spirv.GL.Log2` (GLSL.std.450 Log2)."""

    name = "spirv.GL.Log2"


@irdl_op_definition
class GLSqrtOp(_GLUnaryFloatOp):
    """`spirv.GL.Sqrt` (GLSL.std.450 Sqrt)."""

    name = "spirv.GL.Sqrt"


@irdl_op_definition
class GLInverseSqrtOp(_GLUnaryFloatOp):
    """`spirv.GL.InverseSqrt` (GLSL.std.450 InverseSqrt)."""

    name = "spirv.GL.InverseSqrt"


@irdl_op_definition
class GLTanhOp(_GLUnaryFloatOp):
    """`spirv.GL.Tanh` (GLSL.std.450 Tanh)."""

    name = "spirv.GL.Tanh"


@irdl_op_definition
class GLSinOp(_GLUnaryFloatOp):
    """`spirv.GL.Sin` (GLSL.std.450 Sin)."""

    name = "spirv.GL.Sin"


@irdl_op_definition
class GLCosOp(_GLUnaryFloatOp):
    """`spirv.GL.Cos` (GLSL.std.450 Cos)."""

    name = "spirv.GL.Cos"


@irdl_op_definition
class GLFMaxOp(_GLBinaryFloatOp):
    """`spirv.GL.FMax` (GLSL.std.450 FMax)."""

    name = "spirv.GL.FMax"


@irdl_op_definition
class GLFMinOp(_GLBinaryFloatOp):
    """`spirv.GL.FMin` (GLSL.std.450 FMin)."""

    name = "spirv.GL.FMin"


@irdl_op_definition
class GLPowOp(_GLBinaryFloatOp):
    """`spirv.GL.Pow` (GLSL.std.450 Pow)."""

    name = "spirv.GL.Pow"


@irdl_op_definition
class GLSMaxOp(_GLBinaryIntegerOp):
    """`spirv.GL.SMax` (GLSL.std.450 SMax)."""

    name = "spirv.GL.SMax"


@irdl_op_definition
class GLSMinOp(_GLBinaryIntegerOp):
    """`spirv.GL.SMin` (GLSL.std.450 SMin)."""

    name = "spirv.GL.SMin"


@irdl_op_definition
class GLUMaxOp(_GLBinaryIntegerOp):
    """`spirv.GL.UMax` (GLSL.std.450 UMax)."""

    name = "spirv.GL.UMax"


@irdl_op_definition
class GLUMinOp(_GLBinaryIntegerOp):
    """`spirv.GL.UMin` (GLSL.std.450 UMin)."""

    name = "spirv.GL.UMin"


@irdl_op_definition
class GLFmaOp(_GLTernaryFloatOp):
    """`spirv.GL.Fma` (GLSL.std.450 Fma)."""

    name = "spirv.GL.Fma"


ARITHMETIC_OPS: list[type[IRDLOperation]] = [
    SelectOp,
    MatrixTimesScalarOp,
    IAddOp,
    ISubOp,
    IMulOp,
    SDivOp,
    UDivOp,
    SRemOp,
    SModOp,
    UModOp,
    FAddOp,
    FSubOp,
    FMulOp,
    FDivOp,
    FRemOp,
    FModOp,
    BitwiseAndOp,
    BitwiseOrOp,
    BitwiseXorOp,
    LogicalAndOp,
    LogicalOrOp,
    LogicalEqualOp,
    LogicalNotEqualOp,
    ShiftLeftLogicalOp,
    ShiftRightLogicalOp,
    ShiftRightArithmeticOp,
    SNegateOp,
    FNegateOp,
    NotOp,
    LogicalNotOp,
    IEqualOp,
    INotEqualOp,
    SGreaterThanOp,
    SGreaterThanEqualOp,
    SLessThanOp,
    SLessThanEqualOp,
    UGreaterThanOp,
    UGreaterThanEqualOp,
    ULessThanOp,
    ULessThanEqualOp,
    FOrdEqualOp,
    FOrdNotEqualOp,
    FOrdGreaterThanOp,
    FOrdGreaterThanEqualOp,
    FOrdLessThanOp,
    FOrdLessThanEqualOp,
    FUnordEqualOp,
    FUnordNotEqualOp,
    FUnordGreaterThanOp,
    FUnordGreaterThanEqualOp,
    FUnordLessThanOp,
    FUnordLessThanEqualOp,
    GLFAbsOp,
    GLFloorOp,
    GLCeilOp,
    GLExpOp,
    GLExp2Op,
    GLLogOp,
    GLLog2Op,
    GLSqrtOp,
    GLInverseSqrtOp,
    GLTanhOp,
    GLSinOp,
    GLCosOp,
    GLFMaxOp,
    GLFMinOp,
    GLPowOp,
    GLSMaxOp,
    GLSMinOp,
    GLUMaxOp,
    GLUMinOp,
    GLFmaOp,
]
