"""SPIR-V types, spelled as in MLIR's spirv dialect.

Scalars and vectors are builtin types: `i1` is OpTypeBool, `i8`..`i64` are
OpTypeInt (signedness 1 only for `si`), `f16`/`f32`/`f64` are OpTypeFloat,
`vector<4xf32>` is OpTypeVector. The spirv types:

    !spirv.ptr<f32, StorageBuffer>
    !spirv.array<16 x f32, stride=4>        !spirv.rtarray<f16, stride=2>
    !spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>     (`, Block` may follow `)`)
    !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>      (SPV_KHR_cooperative_matrix)
    !spirv.NV.coopmatrix<16x16xf16, Subgroup>            (SPV_NV_cooperative_matrix)
    !spirv.NV.tensor_layout<2, Constant>                 (SPV_NV_tensor_addressing)

A struct that a StorageBuffer, Uniform or PushConstant pointer points to is
decorated `Block` by the serializer, as MLIR does.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    Float8E4M3FNType,
    Float8E5M2Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IntAttr,
    IntegerType,
    StringAttr,
    VectorType,
)
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from coopmlir.dialects.spirv.attributes import check_enumerant


def is_scalar(t: Attribute) -> bool:
    """bool, integer or float (bf16: SPV_KHR_bfloat16; f8: SPV_EXT_float8): a
    SPIR-V scalar type."""
    return isinstance(
        t,
        IntegerType
        | Float8E4M3FNType
        | Float8E5M2Type
        | Float16Type
        | BFloat16Type
        | Float32Type
        | Float64Type,
    )


def is_spirv_type(t: Attribute) -> bool:
    """A type the serializer can declare."""
    if is_scalar(t):
        return True
    if isinstance(t, VectorType):
        return t.get_num_dims() == 1 and is_scalar(t.get_element_type())
    return isinstance(
        t,
        PointerType
        | ArrayType
        | RuntimeArrayType
        | StructType
        | CooperativeMatrixType
        | NVCooperativeMatrixType
        | TensorLayoutType,
    )


def _require_spirv_type(what: str, t: Attribute) -> None:
    if not is_spirv_type(t):
        raise VerifyException(f"{what} must be a SPIR-V type, got {t}")


def _parse_stride(parser: AttrParser) -> IntAttr:
    """`, stride=N` or nothing (stride 0 means no ArrayStride decoration)."""
    if not parser.parse_optional_punctuation(","):
        return IntAttr(0)
    parser.parse_keyword("stride")
    parser.parse_punctuation("=")
    return IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))


def _stride_text(stride: IntAttr) -> str:
    return f", stride={stride.data}" if stride.data else ""


@irdl_attr_definition
class PointerType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.ptr<T, StorageClass>`."""

    name = "spirv.ptr"

    pointee: Attribute
    storage_class: StringAttr

    def __init__(self, pointee: Attribute, storage_class: str):
        super().__init__(pointee, StringAttr(storage_class))

    @property
    def storage(self) -> str:
        return self.storage_class.data

    def verify(self) -> None:
        _require_spirv_type("pointee", self.pointee)
        check_enumerant("StorageClass", self.storage_class.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pointee = parser.parse_type()
            parser.parse_punctuation(",")
            storage = parser.parse_identifier(" (storage class)")
        return (pointee, StringAttr(storage))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.pointee)
        printer.print_string(f", {self.storage}>")


@irdl_attr_definition
class ArrayType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.array<N x T>` or `!spirv.array<N x T, stride=S>`."""

    name = "spirv.array"

    length: IntAttr
    element_type: Attribute
    stride: IntAttr

    def __init__(self, length: int, element_type: Attribute, stride: int = 0):
        super().__init__(IntAttr(length), element_type, IntAttr(stride))

    def verify(self) -> None:
        if self.length.data < 1:
            raise VerifyException(f"array length must be positive, got {self}")
        _require_spirv_type("array element", self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            length = parser.parse_integer(allow_boolean=False, allow_negative=False)
            parser.parse_keyword("x")
            element = parser.parse_type()
            stride = _parse_stride(parser)
        return (IntAttr(length), element, stride)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.length.data} x ")
        printer.print_attribute(self.element_type)
        printer.print_string(f"{_stride_text(self.stride)}>")


@irdl_attr_definition
class RuntimeArrayType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.rtarray<T>` or `!spirv.rtarray<T, stride=S>`."""

    name = "spirv.rtarray"

    element_type: Attribute
    stride: IntAttr

    def __init__(self, element_type: Attribute, stride: int = 0):
        super().__init__(element_type, IntAttr(stride))

    def verify(self) -> None:
        _require_spirv_type("array element", self.element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            element = parser.parse_type()
            stride = _parse_stride(parser)
        return (element, stride)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_attribute(self.element_type)
        printer.print_string(f"{_stride_text(self.stride)}>")


@irdl_attr_definition
class StructType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.struct<(T1 [0], T2 [16, NonWritable]), Block>`: members, with
    byte offsets (all or none) and decorations without parameters, then the
    struct's own decorations (MLIR's deserializer writes `Block`; the
    serializer adds it anyway where the storage class needs it)."""

    name = "spirv.struct"

    members: ArrayAttr[Attribute]
    offsets: ArrayAttr[IntAttr]
    member_decorations: ArrayAttr[ArrayAttr[StringAttr]]
    decorations: ArrayAttr[StringAttr]

    def __init__(
        self,
        members: Sequence[Attribute],
        offsets: Sequence[int] | None = None,
        member_decorations: Sequence[Sequence[str]] | None = None,
        decorations: Sequence[str] = (),
    ):
        per_member = member_decorations or [[] for _ in members]
        super().__init__(
            ArrayAttr(members),
            ArrayAttr(IntAttr(o) for o in offsets or ()),
            ArrayAttr(ArrayAttr(StringAttr(d) for d in ds) for ds in per_member),
            ArrayAttr(StringAttr(d) for d in decorations),
        )

    @property
    def member_types(self) -> tuple[Attribute, ...]:
        return self.members.data

    def verify(self) -> None:
        for member in self.member_types:
            _require_spirv_type("struct member", member)
        if self.offsets.data and len(self.offsets) != len(self.members):
            raise VerifyException(
                f"a struct gives an offset to every member or to none: {self}"
            )
        if len(self.member_decorations) != len(self.members):
            raise VerifyException(f"one decoration list per member: {self}")
        for decorations in (*self.member_decorations, self.decorations):
            for d in decorations:
                check_enumerant("Decoration", d.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        members: list[Attribute] = []
        offsets: list[IntAttr] = []
        decorations: list[ArrayAttr[StringAttr]] = []

        def parse_member() -> None:
            members.append(parser.parse_type())
            names: list[StringAttr] = []
            if parser.parse_optional_punctuation("["):
                offset = parser.parse_optional_integer(allow_boolean=False)
                if offset is not None:
                    offsets.append(IntAttr(offset))
                # Without an offset, at least one decoration follows `[`.
                needs_name = offset is None
                while needs_name or parser.parse_optional_punctuation(","):
                    names.append(StringAttr(parser.parse_identifier(" (decoration)")))
                    needs_name = False
                parser.parse_punctuation("]")
            decorations.append(ArrayAttr(names))

        struct_decorations: list[StringAttr] = []
        with parser.in_angle_brackets():
            parser.parse_comma_separated_list(parser.Delimiter.PAREN, parse_member)
            while parser.parse_optional_punctuation(","):
                name = parser.parse_identifier(" (struct decoration)")
                struct_decorations.append(StringAttr(name))
        return (
            ArrayAttr(members),
            ArrayAttr(offsets),
            ArrayAttr(decorations),
            ArrayAttr(struct_decorations),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<(")
        for i, member in enumerate(self.member_types):
            if i:
                printer.print_string(", ")
            printer.print_attribute(member)
            extras = [str(self.offsets.data[i].data)] if self.offsets.data else []
            extras += [d.data for d in self.member_decorations.data[i]]
            if extras:
                printer.print_string(f" [{', '.join(extras)}]")
        printer.print_string(")")
        for d in self.decorations.data:
            printer.print_string(f", {d.data}")
        printer.print_string(">")


#: Matrix uses as MLIR writes them, and the grammar's names for them.
MATRIX_USES = {
    "MatrixA": "MatrixAKHR",
    "MatrixB": "MatrixBKHR",
    "MatrixAcc": "MatrixAccumulatorKHR",
}


def _parse_matrix_shape(parser: AttrParser) -> tuple[IntAttr, IntAttr, Attribute]:
    pos = parser.pos
    dims, element = parser.parse_ranked_shape()
    if len(dims) != 2 or any(d < 1 for d in dims):
        parser.raise_error("expected a static shape RxC", pos, parser.pos)
    return IntAttr(dims[0]), IntAttr(dims[1]), element


def _verify_matrix(t: CooperativeMatrixType | NVCooperativeMatrixType) -> None:
    if not is_scalar(t.element_type) or t.element_type == IntegerType(1):
        raise VerifyException(
            f"cooperative matrix element must be an integer or float, got "
            f"{t.element_type}"
        )
    if t.rows.data < 1 or t.columns.data < 1:
        raise VerifyException(f"cooperative matrix shape must be positive: {t}")
    check_enumerant("Scope", t.scope.data)


@irdl_attr_definition
class CooperativeMatrixType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>` (KHR)."""

    name = "spirv.coopmatrix"

    rows: IntAttr
    columns: IntAttr
    element_type: Attribute
    scope: StringAttr
    use: StringAttr

    def __init__(
        self,
        rows: int,
        columns: int,
        element_type: Attribute,
        scope: str = "Subgroup",
        use: str = "MatrixA",
    ):
        super().__init__(
            IntAttr(rows),
            IntAttr(columns),
            element_type,
            StringAttr(scope),
            StringAttr(use),
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.data, self.columns.data)

    @property
    def grammar_use(self) -> str:
        """The grammar's CooperativeMatrixUse enumerant (`MatrixAccumulatorKHR`)."""
        return MATRIX_USES[self.use.data]

    def verify(self) -> None:
        _verify_matrix(self)
        if self.use.data not in MATRIX_USES:
            raise VerifyException(
                f"matrix use must be one of {', '.join(MATRIX_USES)}, got "
                f"'{self.use.data}'"
            )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            rows, columns, element = _parse_matrix_shape(parser)
            parser.parse_punctuation(",")
            scope = parser.parse_identifier(" (scope)")
            parser.parse_punctuation(",")
            use = parser.parse_identifier(" (matrix use)")
        return (rows, columns, element, StringAttr(scope), StringAttr(use))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.rows.data}x{self.columns.data}x")
        printer.print_attribute(self.element_type)
        printer.print_string(f", {self.scope.data}, {self.use.data}>")


@irdl_attr_definition
class NVCooperativeMatrixType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.NV.coopmatrix<16x16xf16, Subgroup>` (SPV_NV_cooperative_matrix)."""

    name = "spirv.NV.coopmatrix"

    rows: IntAttr
    columns: IntAttr
    element_type: Attribute
    scope: StringAttr

    def __init__(
        self, rows: int, columns: int, element_type: Attribute, scope: str = "Subgroup"
    ):
        super().__init__(
            IntAttr(rows), IntAttr(columns), element_type, StringAttr(scope)
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.data, self.columns.data)

    def verify(self) -> None:
        _verify_matrix(self)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            rows, columns, element = _parse_matrix_shape(parser)
            parser.parse_punctuation(",")
            scope = parser.parse_identifier(" (scope)")
        return (rows, columns, element, StringAttr(scope))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.rows.data}x{self.columns.data}x")
        printer.print_attribute(self.element_type)
        printer.print_string(f", {self.scope.data}>")


@irdl_attr_definition
class TensorLayoutType(ParametrizedAttribute, TypeAttribute):
    """`!spirv.NV.tensor_layout<2, Constant>` (OpTypeTensorLayoutNV): the
    dimension count and TensorClampMode of a tensor layout (MLIR has no
    spelling for it; this one follows its NV types)."""

    name = "spirv.NV.tensor_layout"

    dimensions: IntAttr
    clamp_mode: StringAttr

    def __init__(self, dimensions: int, clamp_mode: str):
        super().__init__(IntAttr(dimensions), StringAttr(clamp_mode))

    def verify(self) -> None:
        if not 1 <= self.dimensions.data <= 5:
            raise VerifyException(
                f"a tensor layout has 1 to 5 dimensions, got {self.dimensions.data}"
            )
        check_enumerant("TensorClampMode", self.clamp_mode.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            dimensions = parser.parse_integer(allow_boolean=False)
            parser.parse_punctuation(",")
            clamp_mode = parser.parse_identifier(" (clamp mode)")
        return (IntAttr(dimensions), StringAttr(clamp_mode))

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.dimensions.data}, {self.clamp_mode.data}>")


def element_type_of(t: Attribute) -> Attribute:
    """The scalar inside a vector or cooperative matrix; a scalar itself."""
    if isinstance(t, VectorType):
        return t.get_element_type()
    if isinstance(t, CooperativeMatrixType | NVCooperativeMatrixType):
        return t.element_type
    if getattr(t, "name", None) == "spirv.NV.coopvector":  # (an import cycle)
        return t.element_type  # type: ignore[attr-defined]
    return t
