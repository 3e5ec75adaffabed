"""MLIR's warp-matrix ops: `gpu.subgroup_mma_*` and `!gpu.mma_matrix`.

MLIR's GPU dialect writes a WMMA-style kernel with opaque subgroup matrices
(what its `convert-gpu-to-spirv` turns into KHR cooperative matrices and its
NVVM path into `wmma` intrinsics):

    %a = gpu.subgroup_mma_load_matrix %A[%i, %k] {leadDimension = 32 : index}
        : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x16xf16, "AOp">,
        !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %d, %C[%i, %j] {leadDimension = 32 : index}
        : !gpu.mma_matrix<16x16xf32, "COp">, memref<32x32xf32>

xDSL 0.74 has none of them. These definitions follow MLIR 22's spelling,
pretty and generic (`leadDimension`, `transpose`, `a_transpose`,
`b_transpose` and `opType` are properties), and its verifier's rules that
matter to a consumer. coopmlir runs them by converting them to the coopmat
dialect (`convert-gpu-mma-to-coopmat`); they have no interpreter of their own.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    AnyFloat,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    UnitAttr,
)
from xdsl.dialects.utils import StrEnum
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import (
    Attribute,
    Operation,
    ParametrizedAttribute,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    VarConstraint,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

#: The operand roles of `!gpu.mma_matrix`, as MLIR spells them.
OPERAND_ROLES = ("AOp", "BOp", "COp")


@irdl_attr_definition
class MMAMatrixType(ParametrizedAttribute, TypeAttribute):
    """`!gpu.mma_matrix<16x16xf16, "AOp">`: a 2-D matrix held by a subgroup,
    its role in `gpu.subgroup_mma_compute` ("AOp", "BOp" or "COp")."""

    name = "gpu.mma_matrix"

    rows: IntAttr
    cols: IntAttr
    element_type: Attribute
    operand: StringAttr

    def __init__(self, rows: int, cols: int, element_type: Attribute, operand: str):
        super().__init__(
            IntAttr(rows), IntAttr(cols), element_type, StringAttr(operand)
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.data, self.cols.data)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> list[Attribute]:
        with parser.in_angle_brackets():
            shape, element_type = parser.parse_ranked_shape()
            if len(shape) != 2 or min(shape) < 1:
                parser.raise_error("expected a static 2-D shape RxC")
            parser.parse_punctuation(",")
            operand = parser.parse_str_literal()
        return [IntAttr(shape[0]), IntAttr(shape[1]), element_type, StringAttr(operand)]

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(f"{self.rows.data}x{self.cols.data}x")
            printer.print_attribute(self.element_type)
            printer.print_string(", ")
            printer.print_string_literal(self.operand.data)

    def verify(self) -> None:
        if self.operand.data not in OPERAND_ROLES:
            raise VerifyException(
                "operand expected to be one of AOp, BOp or COp, got "
                f'"{self.operand.data}"'
            )
        if not isinstance(self.element_type, AnyFloat | IntegerType):
            raise VerifyException(
                f"!gpu.mma_matrix elements must be integers or floats, got "
                f"{self.element_type}"
            )


class MMAElementwiseOp(StrEnum):
    """MLIR's `MMAElementwiseOp` (its `truncf` too, newer than MLIR 22)."""

    ADDF = "addf"
    MULF = "mulf"
    SUBF = "subf"
    MAXF = "maxf"
    MINF = "minf"
    DIVF = "divf"
    ADDI = "addi"
    MULI = "muli"
    SUBI = "subi"
    DIVS = "divs"
    DIVU = "divu"
    NEGATEF = "negatef"
    NEGATES = "negates"
    EXTF = "extf"
    TRUNCF = "truncf"


@irdl_attr_definition
class MMAElementwiseAttr(EnumAttribute[MMAElementwiseOp], SpacedOpaqueSyntaxAttribute):
    """`#gpu<mma_element_wise addf>` (printed bare in the op's pretty form)."""

    name = "gpu.mma_element_wise"


def _role(t: Attribute) -> str:
    assert isinstance(t, MMAMatrixType)
    return t.operand.data


def _check_indices(memref: Attribute, indices: int) -> None:
    assert isinstance(memref, MemRefType)
    if indices != memref.get_num_dims():
        raise VerifyException(
            f"expected {memref.get_num_dims()} indices for {memref}, got {indices}"
        )


@irdl_op_definition
class SubgroupMmaLoadMatrixOp(IRDLOperation):
    """`%m = gpu.subgroup_mma_load_matrix %mem[%i, %j] {leadDimension = L : index,
    transpose}? : memref<...> -> !gpu.mma_matrix<...>`: element (r, c) is at
    `(i, j) + r*L + c` (column-major with `transpose`)."""

    name = "gpu.subgroup_mma_load_matrix"

    srcMemref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    leadDimension = prop_def(IntegerAttr[IndexType])
    transpose = opt_prop_def(UnitAttr)
    res = result_def(MMAMatrixType)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$srcMemref `[` $indices `]` attr-dict `:` type($srcMemref) `->` type($res)"
    )

    def verify_(self) -> None:
        _check_indices(self.srcMemref.type, len(self.indices))


@irdl_op_definition
class SubgroupMmaStoreMatrixOp(IRDLOperation):
    """`gpu.subgroup_mma_store_matrix %m, %mem[%i, %j] {leadDimension = L :
    index, transpose}? : !gpu.mma_matrix<...>, memref<...>`."""

    name = "gpu.subgroup_mma_store_matrix"

    src = operand_def(MMAMatrixType)
    dstMemref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    leadDimension = prop_def(IntegerAttr[IndexType])
    transpose = opt_prop_def(UnitAttr)

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$src `,` $dstMemref `[` $indices `]` attr-dict `:` type($src) `,` "
        "type($dstMemref)"
    )

    def verify_(self) -> None:
        _check_indices(self.dstMemref.type, len(self.indices))
        if _role(self.src.type) != "COp":
            raise VerifyException(
                "expected the operand matrix being stored to have 'COp' operand "
                f"type, got {self.src.type}"
            )


@irdl_op_definition
class SubgroupMmaComputeOp(IRDLOperation):
    """`%d = gpu.subgroup_mma_compute %a, %b, %c {a_transpose, b_transpose}? :
    !gpu.mma_matrix<MxK.., "AOp">, !gpu.mma_matrix<KxN.., "BOp"> ->
    !gpu.mma_matrix<MxN.., "COp">`: D = A*B + C."""

    name = "gpu.subgroup_mma_compute"

    C: ClassVar = VarConstraint("C", base(MMAMatrixType))

    opA = operand_def(MMAMatrixType)
    opB = operand_def(MMAMatrixType)
    opC = operand_def(C)
    a_transpose = opt_prop_def(UnitAttr)
    b_transpose = opt_prop_def(UnitAttr)
    res = result_def(C)

    irdl_options = (ParsePropInAttrDict(),)
    traits = traits_def(Pure())
    assembly_format = (
        "$opA `,` $opB `,` $opC attr-dict `:` type($opA) `,` type($opB) `->` type($res)"
    )

    def verify_(self) -> None:
        a, b, c = self.opA.type, self.opB.type, self.opC.type
        assert isinstance(a, MMAMatrixType) and isinstance(b, MMAMatrixType)
        assert isinstance(c, MMAMatrixType)
        if (_role(a), _role(b), _role(c)) != OPERAND_ROLES:
            raise VerifyException(
                f"operands must be in the order AOp, BOp, COp, got {a}, {b}, {c}"
            )
        (m, k), (kb, n), (mc, nc) = a.shape, b.shape, c.shape
        if not (m == mc and k == kb and n == nc):
            raise VerifyException(
                f"operand shapes do not satisfy matmul constraints: A is {m}x{k}, "
                f"B is {kb}x{n}, C is {mc}x{nc}"
            )


@irdl_op_definition
class SubgroupMmaConstantMatrixOp(IRDLOperation):
    """`%m = gpu.subgroup_mma_constant_matrix %x : !gpu.mma_matrix<...>`:
    every element `%x`."""

    name = "gpu.subgroup_mma_constant_matrix"

    value = operand_def()
    res = result_def(MMAMatrixType)

    traits = traits_def(Pure())

    def __init__(self, value: SSAValue | Operation, result_type: MMAMatrixType):
        super().__init__(operands=[value], result_types=[result_type])

    # Custom: the value's type is the matrix's element type, not written.
    @classmethod
    def parse(cls, parser: Parser) -> SubgroupMmaConstantMatrixOp:
        unresolved = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        res = parser.parse_type()
        if not isinstance(res, MMAMatrixType):
            parser.raise_error(f"expected a !gpu.mma_matrix type, got {res}")
        op = cls(parser.resolve_operand(unresolved, res.element_type), res)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.res.type)

    def verify_(self) -> None:
        res = self.res.type
        assert isinstance(res, MMAMatrixType)
        if self.value.type != res.element_type:
            raise VerifyException(
                f"value of type {self.value.type} does not match the elements of {res}"
            )


@irdl_op_definition
class SubgroupMmaElementwiseOp(IRDLOperation):
    """`%r = gpu.subgroup_mma_elementwise addf %x, %y : (!gpu.mma_matrix<...>,
    !gpu.mma_matrix<...>) -> !gpu.mma_matrix<...>`: one arith op per element."""

    name = "gpu.subgroup_mma_elementwise"

    args = var_operand_def(MMAMatrixType)
    opType = prop_def(MMAElementwiseAttr)
    res = result_def(MMAMatrixType)

    traits = traits_def(Pure())
    assembly_format = "$opType $args attr-dict `:` functional-type($args, $res)"

    def __init__(
        self,
        op_type: MMAElementwiseOp,
        args: list[SSAValue | Operation],
        result_type: MMAMatrixType,
    ):
        super().__init__(
            operands=[args],
            result_types=[result_type],
            properties={"opType": MMAElementwiseAttr(op_type)},
        )

    def verify_(self) -> None:
        res = self.res.type
        assert isinstance(res, MMAMatrixType)
        for arg in self.args:
            t = arg.type
            assert isinstance(t, MMAMatrixType)
            if t.shape != res.shape:
                raise VerifyException(f"operand {t} and result {res} differ in shape")


@irdl_op_definition
class SubgroupMmaExtractThreadLocalOp(IRDLOperation):
    """`%x = gpu.subgroup_mma_extract_thread_local %m[%k] : !gpu.mma_matrix<...>
    -> T`: component k of this work-item's share (which element it is, is
    the device's)."""

    name = "gpu.subgroup_mma_extract_thread_local"

    matrix = operand_def(MMAMatrixType)
    indices = var_operand_def(IndexType)
    res = result_def()

    traits = traits_def(Pure())
    assembly_format = (
        "$matrix `[` $indices `]` attr-dict `:` type($matrix) `->` type($res)"
    )


@irdl_op_definition
class SubgroupMmaInsertThreadLocalOp(IRDLOperation):
    """`%n = gpu.subgroup_mma_insert_thread_local %x, %m[%k] : T,
    !gpu.mma_matrix<...> -> !gpu.mma_matrix<...>`."""

    name = "gpu.subgroup_mma_insert_thread_local"

    value = operand_def()
    matrix = operand_def(MMAMatrixType)
    indices = var_operand_def(IndexType)
    res = result_def(MMAMatrixType)

    traits = traits_def(Pure())
    assembly_format = (
        "$value `,` $matrix `[` $indices `]` attr-dict `:` type($value) `,` "
        "type($matrix) `->` type($res)"
    )


MMA_OPS: tuple[type[Operation], ...] = (
    SubgroupMmaLoadMatrixOp,
    SubgroupMmaStoreMatrixOp,
    SubgroupMmaComputeOp,
    SubgroupMmaConstantMatrixOp,
    SubgroupMmaElementwiseOp,
    SubgroupMmaExtractThreadLocalOp,
    SubgroupMmaInsertThreadLocalOp,
)
MMA_ATTRIBUTES: tuple[type[Attribute], ...] = (MMAMatrixType, MMAElementwiseAttr)


def has_mma_ops(module: Operation) -> bool:
    """Whether `module` holds MLIR warp-matrix ops (to convert before running)."""
    return any(isinstance(op, MMA_OPS) for op in module.walk())
