"""Constants and composites: `spirv.Constant`, `spirv.Undef`, composite
construct/extract/insert, vector shuffles and dynamic vector access."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, Pure
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.constraints import INTEGER
from coopmlir.dialects.spirv.cooperative_vector import CooperativeVectorType
from coopmlir.dialects.spirv.types import (
    ArrayType,
    CooperativeMatrixType,
    NVCooperativeMatrixType,
    StructType,
    is_scalar,
)

ConstantValue = IntegerAttr | FloatAttr | DenseIntOrFPElementsAttr


@irdl_op_definition
class ConstantOp(IRDLOperation):
    """`spirv.Constant 1 : i32`, `spirv.Constant true`, `spirv.Constant
    dense<[1.0, 2.0]> : vector<2xf32>`."""

    name = "spirv.Constant"

    value = prop_def(ConstantValue)
    constant = result_def()

    traits = traits_def(Pure(), ConstantLike())

    def __init__(self, value: ConstantValue):
        super().__init__(properties={"value": value}, result_types=[value.get_type()])

    def verify_(self) -> None:
        value_type = self.value.get_type()
        if value_type != self.constant.type:
            raise VerifyException(
                f"constant of type {value_type} cannot have result type "
                f"{self.constant.type}"
            )
        if isinstance(value_type, VectorType) and not is_scalar(
            value_type.get_element_type()
        ):
            raise VerifyException(f"unsupported constant type {value_type}")

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        pos = parser.pos
        value = parser.parse_attribute()
        if not isinstance(value, ConstantValue):
            parser.raise_error(
                "expected an integer, float or dense vector constant", pos, parser.pos
            )
        attrs = parser.parse_optional_attr_dict()
        return cls.create(
            properties={"value": value},
            result_types=[value.get_type()],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.value)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class UndefOp(IRDLOperation):
    """`%u = spirv.Undef : T`."""

    name = "spirv.Undef"

    result = result_def()
    traits = traits_def(Pure())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type: Attribute):
        super().__init__(result_types=[result_type])


def composite_member_type(composite: Attribute, indices: Sequence[int]) -> Attribute:
    """The type at `indices` inside a composite; VerifyException when an index
    does not fit."""
    current = composite
    for index in indices:
        if isinstance(current, VectorType) and 0 <= index < current.get_shape()[0]:
            current = current.get_element_type()
        elif isinstance(current, ArrayType) and 0 <= index < current.length.data:
            current = current.element_type
        elif isinstance(current, StructType) and 0 <= index < len(current.members):
            current = current.member_types[index]
        elif isinstance(current, CooperativeVectorType) and (
            0 <= index < current.length.data
        ):
            current = current.element_type
        elif isinstance(current, CooperativeMatrixType | NVCooperativeMatrixType):
            current = current.element_type
        else:
            raise VerifyException(f"index {index} does not select inside {current}")
    return current


def _i32_array(values: Sequence[int]) -> ArrayAttr[IntegerAttr]:
    return ArrayAttr(IntegerAttr(v, IntegerType(32)) for v in values)


def _ints(values: ArrayAttr[IntegerAttr]) -> list[int]:
    return [v.value.data for v in values]


@irdl_op_definition
class CompositeExtractOp(IRDLOperation):
    """`%e = spirv.CompositeExtract %v[1 : i32] : vector<4xf32>`."""

    name = "spirv.CompositeExtract"

    composite = operand_def()
    indices = prop_def(ArrayAttr[IntegerAttr])
    component = result_def()

    traits = traits_def(Pure())

    def __init__(self, composite: SSAValue | Operation, indices: Sequence[int]):
        composite_type = SSAValue.get(composite).type
        super().__init__(
            operands=[composite],
            properties={"indices": _i32_array(indices)},
            result_types=[composite_member_type(composite_type, indices)],
        )

    def verify_(self) -> None:
        if not self.indices.data:
            raise VerifyException("spirv.CompositeExtract needs at least one index")
        expected = composite_member_type(self.composite.type, _ints(self.indices))
        if expected != self.component.type:
            raise VerifyException(
                f"result type {self.component.type} should be {expected}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> CompositeExtractOp:
        composite = parser.parse_unresolved_operand()
        pos = parser.pos
        indices = parser.parse_attribute()
        if not isinstance(indices, ArrayAttr):
            parser.raise_error("expected indices like [0 : i32]", pos, parser.pos)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        composite_type = parser.parse_type()
        try:
            component = composite_member_type(composite_type, _ints(indices))
        except VerifyException as err:
            parser.raise_error(str(err), pos, parser.pos)
        return cls.create(
            operands=[parser.resolve_operand(composite, composite_type)],
            properties={"indices": indices},
            result_types=[component],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.composite)
        printer.print_attribute(self.indices)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.composite.type)


@irdl_op_definition
class CompositeInsertOp(IRDLOperation):
    """`%r = spirv.CompositeInsert %x, %v[1 : i32] : f32 into vector<4xf32>`."""

    name = "spirv.CompositeInsert"

    T: ClassVar = VarConstraint("T", AnyAttr())
    object = operand_def()
    composite = operand_def(T)
    indices = prop_def(ArrayAttr[IntegerAttr])
    result = result_def(T)

    traits = traits_def(Pure())
    assembly_format = (
        "$object `,` $composite $indices attr-dict `:` type($object) `into`"
        " type($composite)"
    )

    def __init__(
        self,
        object: SSAValue | Operation,
        composite: SSAValue | Operation,
        indices: Sequence[int],
    ):
        super().__init__(
            operands=[object, composite],
            properties={"indices": _i32_array(indices)},
            result_types=[SSAValue.get(composite).type],
        )

    def verify_(self) -> None:
        if self.result.type != self.composite.type:
            raise VerifyException("the result has the composite's type")
        expected = composite_member_type(self.composite.type, _ints(self.indices))
        if expected != self.object.type:
            raise VerifyException(
                f"inserted value {self.object.type} should be {expected}"
            )


@irdl_op_definition
class CompositeConstructOp(IRDLOperation):
    """`%v = spirv.CompositeConstruct %a, %b : (f32, f32) -> vector<2xf32>`; one
    scalar fills a cooperative matrix."""

    name = "spirv.CompositeConstruct"

    constituents = var_operand_def()
    result = result_def()

    traits = traits_def(Pure())
    assembly_format = (
        "$constituents attr-dict `:` `(` type($constituents) `)` `->` type($result)"
    )

    def __init__(
        self, constituents: Sequence[SSAValue | Operation], result_type: Attribute
    ):
        super().__init__(operands=[constituents], result_types=[result_type])

    def verify_(self) -> None:
        t = self.result.type
        types = [c.type for c in self.constituents]
        if isinstance(t, CooperativeMatrixType | NVCooperativeMatrixType):
            if types != [t.element_type]:
                raise VerifyException(
                    f"a cooperative matrix is built from one {t.element_type}"
                )
        elif isinstance(t, VectorType):
            count = 0
            for c in types:
                inner = c.get_element_type() if isinstance(c, VectorType) else c
                if inner != t.get_element_type():
                    raise VerifyException(f"{c} does not fill {t}")
                count += c.get_shape()[0] if isinstance(c, VectorType) else 1
            if count != t.get_shape()[0]:
                raise VerifyException(f"{count} components do not fill {t}")
        elif isinstance(t, ArrayType):
            if types != [t.element_type] * t.length.data:
                raise VerifyException(f"constituents do not fill {t}")
        elif isinstance(t, StructType):
            if tuple(types) != t.member_types:
                raise VerifyException(f"constituents do not match {t}")
        else:
            raise VerifyException(f"cannot construct {t}")


@irdl_op_definition
class VectorShuffleOp(IRDLOperation):
    """`%r = spirv.VectorShuffle [1 : i32, 2 : i32] %a, %b : vector<2xf32>,
    vector<2xf32> -> vector<2xf32>`."""

    name = "spirv.VectorShuffle"

    components = prop_def(ArrayAttr[IntegerAttr])
    vector1 = operand_def(VectorType)
    vector2 = operand_def(VectorType)
    result = result_def(VectorType)

    traits = traits_def(Pure())
    assembly_format = (
        "$components $vector1 `,` $vector2 attr-dict `:` type($vector1) `,`"
        " type($vector2) `->` type($result)"
    )

    def __init__(
        self,
        vector1: SSAValue | Operation,
        vector2: SSAValue | Operation,
        components: Sequence[int],
    ):
        t = SSAValue.get(vector1).type
        assert isinstance(t, VectorType)
        super().__init__(
            operands=[vector1, vector2],
            properties={"components": _i32_array(components)},
            result_types=[VectorType(t.get_element_type(), [len(components)])],
        )

    def verify_(self) -> None:
        v1, v2, r = self.vector1.type, self.vector2.type, self.result.type
        assert isinstance(v1, VectorType)
        assert isinstance(v2, VectorType)
        assert isinstance(r, VectorType)
        if not v1.get_element_type() == v2.get_element_type() == r.get_element_type():
            raise VerifyException("shuffled vectors share one element type")
        limit = v1.get_shape()[0] + v2.get_shape()[0]
        picks = _ints(self.components)
        if len(picks) != r.get_shape()[0]:
            raise VerifyException(f"{len(picks)} components do not fill {r}")
        if any(not 0 <= p < limit and p != 0xFFFFFFFF for p in picks):
            raise VerifyException(f"components must be below {limit}: {picks}")


@irdl_op_definition
class VectorExtractDynamicOp(IRDLOperation):
    """`%e = spirv.VectorExtractDynamic %v[%i] : vector<4xf32>, i32`."""

    name = "spirv.VectorExtractDynamic"

    vector = operand_def(VectorType)
    index = operand_def(INTEGER)
    result = result_def()

    traits = traits_def(Pure())

    def __init__(self, vector: SSAValue | Operation, index: SSAValue | Operation):
        t = SSAValue.get(vector).type
        assert isinstance(t, VectorType)
        super().__init__(operands=[vector, index], result_types=[t.get_element_type()])

    def verify_(self) -> None:
        assert isinstance(self.vector.type, VectorType)
        if self.result.type != self.vector.type.get_element_type():
            raise VerifyException("the result is the vector's element type")

    @classmethod
    def parse(cls, parser: Parser) -> VectorExtractDynamicOp:
        vector = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        index = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        vector_type = parser.parse_type()
        if not isinstance(vector_type, VectorType):
            parser.raise_error("expected a vector type", pos, parser.pos)
        parser.parse_punctuation(",")
        index_type = parser.parse_type()
        return cls.create(
            operands=[
                parser.resolve_operand(vector, vector_type),
                parser.resolve_operand(index, index_type),
            ],
            result_types=[vector_type.get_element_type()],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.vector)
        printer.print_string("[")
        printer.print_operand(self.index)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.vector.type)
        printer.print_string(", ")
        printer.print_attribute(self.index.type)


@irdl_op_definition
class VectorInsertDynamicOp(IRDLOperation):
    """`%r = spirv.VectorInsertDynamic %x, %v[%i] : vector<4xf32>, i32`."""

    name = "spirv.VectorInsertDynamic"

    component = operand_def()
    vector = operand_def(VectorType)
    index = operand_def(INTEGER)
    result = result_def(VectorType)

    traits = traits_def(Pure())

    def __init__(
        self,
        component: SSAValue | Operation,
        vector: SSAValue | Operation,
        index: SSAValue | Operation,
    ):
        super().__init__(
            operands=[component, vector, index],
            result_types=[SSAValue.get(vector).type],
        )

    def verify_(self) -> None:
        assert isinstance(self.vector.type, VectorType)
        if self.result.type != self.vector.type:
            raise VerifyException("the result has the vector's type")
        if self.component.type != self.vector.type.get_element_type():
            raise VerifyException(
                f"inserted {self.component.type} is not the element of "
                f"{self.vector.type}"
            )

    @classmethod
    def parse(cls, parser: Parser) -> VectorInsertDynamicOp:
        component = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        vector = parser.parse_unresolved_operand()
        parser.parse_punctuation("[")
        index = parser.parse_unresolved_operand()
        parser.parse_punctuation("]")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        vector_type = parser.parse_type()
        if not isinstance(vector_type, VectorType):
            parser.raise_error("expected a vector type", pos, parser.pos)
        parser.parse_punctuation(",")
        index_type = parser.parse_type()
        return cls.create(
            operands=[
                parser.resolve_operand(component, vector_type.get_element_type()),
                parser.resolve_operand(vector, vector_type),
                parser.resolve_operand(index, index_type),
            ],
            result_types=[vector_type],
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.component)
        printer.print_string(", ")
        printer.print_operand(self.vector)
        printer.print_string("[")
        printer.print_operand(self.index)
        printer.print_string("]")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.vector.type)
        printer.print_string(", ")
        printer.print_attribute(self.index.type)
