"""`coopmat.matvec`: one work-item's matrix-vector product from memory to
memory, the L1 form of SPV_NV_cooperative_vector's
OpCooperativeVectorMatrixMulNV (docs/kernels.md, "Skinny products and
cooperative vectors"):

    coopmat.matvec %w[%r, %c], %x[%i] -> %y[%j] {rows = 16 : i64, columns = 256 : i64}
        : memref<4096x4096xf16>, memref<4096xf16>, memref<4096xf32>

y[j + m] = sum over k < columns of w[r + m, c + k] * x[i + k], m < rows,
where x and y may have any rank: `i` and `j` are then index lists and the
runs go along their last dimension (an activation row of [M, K], say),
with the products summed in f32 (the matrix units' accumulation) and each
output rounded once to y's element type. With `accumulate` (a unit
property) the op adds that rounded product to y instead, an add in y's
element type: the form that chains products over chunks of K.
Every work-item runs its own product; the driver maps work-items of a
subgroup that read the same matrix onto the matrix units. `w` is
row-major (nn.Linear's [N, K]).

`coopmat.matvec_value` is the register form: the same product, rounded
once to the result vector's element type, returned instead of stored:

    %p = coopmat.matvec_value %w[%r, %c], %x[%i] {rows = 16 : i64, columns = 512 : i64}
        : memref<4096x4096xf16>, memref<4096xf16> -> vector<16xf16>

The skinny-coopvec kernel takes each chunk of K so (an f16 product where
the device lists only f16 results), widens it and sums the chunks in f32.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    I64,
    IndexType,
    IntegerAttr,
    MemRefType,
    UnitAttr,
    VectorType,
)
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException

from coopmlir.elements import is_float


@irdl_op_definition
class MatvecOp(IRDLOperation):
    name = "coopmat.matvec"

    matrix = operand_def(MemRefType)
    row = operand_def(IndexType)
    column = operand_def(IndexType)
    input = operand_def(MemRefType)
    input_index = var_operand_def(IndexType)
    output = operand_def(MemRefType)
    output_index = var_operand_def(IndexType)
    rows = prop_def(IntegerAttr[I64])
    columns = prop_def(IntegerAttr[I64])
    accumulate = opt_prop_def(UnitAttr)

    irdl_options = (
        AttrSizedOperandSegments(as_property=True),
        ParsePropInAttrDict(),
    )
    assembly_format = (
        "$matrix `[` $row `,` $column `]` `,` $input `[` $input_index `]` `->` "
        "$output `[` $output_index `]` attr-dict `:` type($matrix) `,` "
        "type($input) `,` type($output)"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        at: tuple[SSAValue | Operation, SSAValue | Operation],
        input: SSAValue | Operation,
        input_index: Sequence[SSAValue | Operation],
        output: SSAValue | Operation,
        output_index: Sequence[SSAValue | Operation],
        rows: int,
        columns: int,
        accumulate: bool = False,
    ):
        super().__init__(
            operands=[matrix, at[0], at[1], input, input_index, output, output_index],
            properties=_shape_properties(rows, columns)
            | ({"accumulate": UnitAttr()} if accumulate else {}),
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.value.data, self.columns.value.data)

    def verify_(self) -> None:
        _verify_memrefs(
            self,
            (
                (self.matrix.type, 2),
                (self.input.type, len(self.input_index)),
                (self.output.type, len(self.output_index)),
            ),
        )


def _shape_properties(rows: int, columns: int) -> dict[str, IntegerAttr]:
    """Both ops' product shape: `rows` outputs of `columns` terms each."""
    return {"rows": IntegerAttr(rows, 64), "columns": IntegerAttr(columns, 64)}


def _verify_memrefs(op, ranks) -> None:
    for t, rank in ranks:
        assert isinstance(t, MemRefType)
        if t.get_num_dims() != rank or not is_float(t.get_element_type()):
            raise VerifyException(
                f"{op.name}: wants a {rank}-D float memref (one index "
                f"per dimension), got {t}"
            )
    if min(op.shape) < 1:
        raise VerifyException(f"{op.name}: rows and columns must be >= 1")


@irdl_op_definition
class MatvecValueOp(IRDLOperation):
    """The register form of `coopmat.matvec` (module doc): the product of
    `rows` outputs as a vector<rows x T>, each rounded once to T."""

    name = "coopmat.matvec_value"

    matrix = operand_def(MemRefType)
    row = operand_def(IndexType)
    column = operand_def(IndexType)
    input = operand_def(MemRefType)
    input_index = var_operand_def(IndexType)
    result = result_def(VectorType)
    rows = prop_def(IntegerAttr[I64])
    columns = prop_def(IntegerAttr[I64])

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "$matrix `[` $row `,` $column `]` `,` $input `[` $input_index `]` "
        "attr-dict `:` type($matrix) `,` type($input) `->` type($result)"
    )

    def __init__(
        self,
        matrix: SSAValue | Operation,
        at: tuple[SSAValue | Operation, SSAValue | Operation],
        input: SSAValue | Operation,
        input_index: Sequence[SSAValue | Operation],
        result_type: VectorType,
        columns: int,
    ):
        (rows,) = result_type.get_shape()
        super().__init__(
            operands=[matrix, at[0], at[1], input, input_index],
            properties=_shape_properties(rows, columns),
            result_types=[result_type],
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.value.data, self.columns.value.data)

    def verify_(self) -> None:
        t = self.result.type
        assert isinstance(t, VectorType)
        if t.get_shape() != (self.shape[0],) or not is_float(t.get_element_type()):
            raise VerifyException(
                f"{self.name}: wants a vector<{self.shape[0]}x float>, got {t}"
            )
        _verify_memrefs(
            self, ((self.matrix.type, 2), (self.input.type, len(self.input_index)))
        )
