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
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import I64, IndexType, IntegerAttr, MemRefType, UnitAttr
from xdsl.ir import Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
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
            properties={
                "rows": IntegerAttr(rows, 64),
                "columns": IntegerAttr(columns, 64),
            }
            | ({"accumulate": UnitAttr()} if accumulate else {}),
        )

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows.value.data, self.columns.value.data)

    def verify_(self) -> None:
        ranks = (
            (self.matrix.type, 2),
            (self.input.type, len(self.input_index)),
            (self.output.type, len(self.output_index)),
        )
        for t, rank in ranks:
            assert isinstance(t, MemRefType)
            if t.get_num_dims() != rank or not is_float(t.get_element_type()):
                raise VerifyException(
                    f"{self.name}: wants a {rank}-D float memref (one index "
                    f"per dimension), got {t}"
                )
        if min(self.shape) < 1:
            raise VerifyException(f"{self.name}: rows and columns must be >= 1")
