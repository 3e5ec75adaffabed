"""Cooperative vectors (SPV_NV_cooperative_vector): per-invocation vectors
whose matrix-vector products run on the matrix units. MLIR has none of it;
the spelling follows its other NV ops:

    %x = spirv.NV.CooperativeVectorLoad %ptr, %offset : <P>, i32 -> <V>
    %y = spirv.NV.CooperativeVectorMatrixMul %x, %w, %offset, %stride
           <Float16NV, Float16NV, RowMajorNV> : <V>, <P>, i32, i32 -> <V'>
    spirv.NV.CooperativeVectorStore %ptr, %offset, %y : <P>, i32, <V'>

(<P> a pointer to a runtime array, <V> a `!spirv.NV.coopvector<Kxf16>`.)
Offsets and the matrix stride are in bytes. MatrixMul reads an M x K matrix
(M the result length, K the input length) at `offset` in the layout named,
row r starting `stride` bytes after row r - 1 for RowMajorNV, and returns
matrix * input; the two interpretations are ComponentTypeNV enumerants
(how the input's and the matrix's bits are read).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, StringAttr
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import check_enumerant
from coopmlir.dialects.spirv.constraints import INTEGER
from coopmlir.dialects.spirv.types import PointerType, RuntimeArrayType


@irdl_attr_definition
class CooperativeVectorType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.NV.coopvector<256xf16>` (OpTypeCooperativeVectorNV)."""

    name = "spirv.NV.coopvector"

    length: IntAttr
    element_type: Attribute

    def __init__(self, length: int, element_type: Attribute):
        super().__init__(IntAttr(length), element_type)

    def verify(self) -> None:
        if self.length.data < 1:
            raise VerifyException("a cooperative vector has at least one component")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            length = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_shape_delimiter()
            element = parser.parse_type()
        return (IntAttr(length), element)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.length.data}x")
        printer.print_attribute(self.element_type)
        printer.print_string(">")


def _check_array_pointer(what: str, t: Attribute) -> None:
    """Loads, stores and matrices address a runtime array by byte offsets."""
    if not (isinstance(t, PointerType) and isinstance(t.pointee, RuntimeArrayType)):
        raise VerifyException(f"{what} must point to a runtime array, got {t}")


@irdl_op_definition
class CooperativeVectorLoadOp(IRDLOperation):
    name = "spirv.NV.CooperativeVectorLoad"

    pointer = operand_def(PointerType)
    offset = operand_def(INTEGER)
    result = result_def(CooperativeVectorType)

    assembly_format = (
        "$pointer `,` $offset attr-dict `:` type($pointer) `,` type($offset) "
        "`->` type($result)"
    )

    def __init__(self, pointer: SSAValue | Operation, offset: SSAValue | Operation, t):
        super().__init__(operands=[pointer, offset], result_types=[t])

    def verify_(self) -> None:
        _check_array_pointer("the pointer", self.pointer.type)


@irdl_op_definition
class CooperativeVectorStoreOp(IRDLOperation):
    name = "spirv.NV.CooperativeVectorStore"

    pointer = operand_def(PointerType)
    offset = operand_def(INTEGER)
    object = operand_def(CooperativeVectorType)

    assembly_format = (
        "$pointer `,` $offset `,` $object attr-dict `:` type($pointer) `,` "
        "type($offset) `,` type($object)"
    )

    def __init__(
        self,
        pointer: SSAValue | Operation,
        offset: SSAValue | Operation,
        value: SSAValue | Operation,
    ):
        super().__init__(operands=[pointer, offset, value])

    def verify_(self) -> None:
        _check_array_pointer("the pointer", self.pointer.type)


@irdl_op_definition
class CooperativeVectorMatrixMulOp(IRDLOperation):
    """result = matrix (M x K, from memory) * input; M and K come from the
    result and input types, the transpose operand is false."""

    name = "spirv.NV.CooperativeVectorMatrixMul"

    input = operand_def(CooperativeVectorType)
    matrix = operand_def(PointerType)
    matrix_offset = operand_def(INTEGER)
    matrix_stride = operand_def(INTEGER)
    input_interpretation = prop_def(StringAttr)
    matrix_interpretation = prop_def(StringAttr)
    memory_layout = prop_def(StringAttr)
    result = result_def(CooperativeVectorType)

    assembly_format = (
        "$input `,` $matrix `,` $matrix_offset `,` $matrix_stride "
        "`<` $input_interpretation `,` $matrix_interpretation `,` "
        "$memory_layout `>` attr-dict `:` type($input) `,` type($matrix) `,` "
        "type($matrix_offset) `,` type($matrix_stride) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        matrix: SSAValue | Operation,
        offset: SSAValue | Operation,
        stride: SSAValue | Operation,
        interpretations: tuple[str, str],
        layout: str,
        result_type: CooperativeVectorType,
    ):
        super().__init__(
            operands=[input, matrix, offset, stride],
            properties={
                "input_interpretation": StringAttr(interpretations[0]),
                "matrix_interpretation": StringAttr(interpretations[1]),
                "memory_layout": StringAttr(layout),
            },
            result_types=[result_type],
        )

    def verify_(self) -> None:
        _check_array_pointer("the matrix", self.matrix.type)
        for kind, attr in (
            ("ComponentType", self.input_interpretation),
            ("ComponentType", self.matrix_interpretation),
            ("CooperativeVectorMatrixLayout", self.memory_layout),
        ):
            check_enumerant(kind, attr.data)

    @property
    def rows(self) -> int:
        """M: the result's length."""
        t = self.result.type
        assert isinstance(t, CooperativeVectorType)
        return t.length.data

    @property
    def columns(self) -> int:
        """K: the input's length."""
        t = self.input.type
        assert isinstance(t, CooperativeVectorType)
        return t.length.data


COOPERATIVE_VECTOR_OPS = (
    CooperativeVectorLoadOp,
    CooperativeVectorStoreOp,
    CooperativeVectorMatrixMulOp,
)
