"""`coopmlir.chain`: a chain of matrix products with an element-wise
function between them (the MLP case), which lower-to-coopmat makes from
`matmul -> linalg.generic -> matmul -> ...` on tensors and lowers to one
kernel whose intermediates never leave registers.

    %y = coopmlir.chain ins(%x, %w1, %w2 : tensor<1024x64xf16>,
                            tensor<64x64xf16>, tensor<64x32xf16>)
           outs(%init : tensor<1024x32xf32>) {
           ^bb0(%h: f32):
             %zero = arith.constant 0.0 : f32
             %r = arith.maximumf %h, %zero : f32
             coopmlir.yield %r : f32
           } -> tensor<1024x32xf32>

H_0 = X; H_i = f_i(H_{i-1} W_i) for each region f_i, the product in f32 and
f_i's result rounded to X's element type; the last product, in the output
type, has no function after it. One region per intermediate.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import Float32Type, MemRefType, TensorType
from xdsl.ir import Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    traits_def,
    var_operand_def,
    var_region_def,
    var_result_def,
)
from xdsl.traits import HasParent, IsTerminator, Pure
from xdsl.utils.exceptions import VerifyException


@irdl_op_definition
class ChainOp(IRDLOperation):
    """X W_1 f_1 W_2 ... W_n; see the module doc."""

    name = "coopmlir.chain"

    inputs = var_operand_def()
    output = operand_def()
    res = var_result_def()
    functions = var_region_def("single_block")

    assembly_format = (
        "attr-dict `ins` `(` $inputs `:` type($inputs) `)` "
        "`outs` `(` $output `:` type($output) `)` $functions (`->` type($res)^)?"
    )

    def __init__(
        self, inputs: Sequence[SSAValue], output: SSAValue, functions: list[Region]
    ):
        results = [output.type] if isinstance(output.type, TensorType) else []
        super().__init__(
            operands=[inputs, output], result_types=[results], regions=[functions]
        )

    def verify_(self) -> None:
        types = [v.type for v in (*self.inputs, self.output)]
        kinds = {type(t) for t in types}
        if not kinds <= {TensorType} and not kinds <= {MemRefType}:
            raise VerifyException("operands must be all tensors or all memrefs")
        if len(self.inputs) < 3:
            raise VerifyException("a chain has an input and at least two weights")
        shapes = [t.get_shape() for t in types]  # type: ignore[union-attr]
        if any(len(s) != 2 for s in shapes):
            raise VerifyException("every operand of a chain is a matrix")
        rows, width = shapes[0]
        for shape in shapes[1:-1]:
            if shape[0] != width:
                raise VerifyException(
                    f"shapes do not agree: {', '.join(map(str, types))}"
                )
            width = shape[1]
        if shapes[-1] != (rows, width):
            raise VerifyException(f"the output must be {rows}x{width}")
        if len(self.functions) != len(self.inputs) - 2:
            raise VerifyException("one function per intermediate product")
        for region in self.functions:
            block = region.block
            last = block.last_op
            f32 = Float32Type()
            if [a.type for a in block.args] != [f32] or not isinstance(last, YieldOp):
                raise VerifyException("a function takes one f32 and yields one f32")
            if [v.type for v in last.operands] != [f32]:
                raise VerifyException("a function takes one f32 and yields one f32")
            for op in block.ops:
                if op is not last and op.dialect_name() not in ("arith", "math"):
                    raise VerifyException(
                        f"only arith and math ops may appear in a function, got "
                        f"{op.name}"
                    )
        expected = [types[-1]] if isinstance(types[-1], TensorType) else []
        if list(self.res.types) != expected:
            raise VerifyException("the result is the output's tensor type")


@irdl_op_definition
class YieldOp(IRDLOperation):
    """`coopmlir.yield %v : f32`: the value of a chain's function."""

    name = "coopmlir.yield"

    values = var_operand_def()
    traits = traits_def(IsTerminator(), HasParent(ChainOp), Pure())
    assembly_format = "($values^ `:` type($values))? attr-dict"

    def __init__(self, *values: SSAValue):
        super().__init__(operands=[values])
