"""`linalg.softmax`, which xDSL 0.74 lacks, in MLIR's syntax:

    %1 = linalg.softmax dimension(2) ins(%x : tensor<2x16x32xf32>)
           outs(%init : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>

exp(x - max(x)) / sum(exp(x - max(x))) along `dimension`, as MLIR's
`linalg::SoftmaxOp` (destination style: a result on tensors, none on
memrefs).
"""

from __future__ import annotations

from xdsl.dialects.builtin import I64, AnyFloat, IntegerAttr, TensorType, i64
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    prop_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class SoftmaxOp(IRDLOperation):
    """MLIR's `linalg.softmax` (module doc)."""

    name = "linalg.softmax"

    input = operand_def()
    output = operand_def()
    res = var_result_def()
    dimension = prop_def(IntegerAttr[I64])

    assembly_format = (
        "attr-dict `dimension` `(` $dimension `)` `ins` `(` $input `:` "
        "type($input) `)` `outs` `(` $output `:` type($output) `)` "
        "(`->` type($res)^)?"
    )

    def __init__(self, input: SSAValue, output: SSAValue, dimension: int):
        results = [output.type] if isinstance(output.type, TensorType) else []
        super().__init__(
            operands=[input, output],
            result_types=[results],
            properties={"dimension": IntegerAttr(dimension, i64)},
        )

    @property
    def inputs(self) -> tuple[SSAValue, ...]:
        return (self.input,)

    def verify_(self) -> None:
        src, dst = self.input.type, self.output.type
        if src != dst or not hasattr(src, "get_shape"):
            raise VerifyException(
                f"input and output must be one shaped type, got {src} and {dst}"
            )
        if not isinstance(src.element_type, AnyFloat):  # type: ignore[union-attr]
            raise VerifyException(f"softmax needs floats, got {src}")
        rank = len(src.get_shape())  # type: ignore[union-attr]
        if not 0 <= self.dimension.value.data < rank:
            raise VerifyException(
                f"dimension {self.dimension.value.data} is outside rank {rank}"
            )
        expected = [dst] if isinstance(dst, TensorType) else []
        if list(self.res.types) != expected:
            raise VerifyException("the result is the output's tensor type")
