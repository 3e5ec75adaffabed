"""`nn.Conv1d` on the matrix units (`Conv1dAsConv2d`): torch-mlir exports
it as `linalg.conv_1d_ncw_fcw`, which only a loop kernel computes; over a
unit image height it is the 2-D convolution whose implicit GEMM
lower-to-coopmat has:

    %y = linalg.conv_1d_ncw_fcw {strides = [s], dilations = [d]}
           ins(%x, %w : NxCxW, FxCxK) outs(%b : NxFxO)

becomes, on tensors (expand_shape and collapse_shape of a unit dimension
are views),

    %x4 = tensor.expand_shape %x [[0], [1], [2, 3]] : NxCx1xW
    %w4 = tensor.expand_shape %w [[0], [1], [2, 3]] : FxCx1xK
    %b4 = tensor.expand_shape %b [[0], [1], [2, 3]] : NxFx1xO
    %y4 = linalg.conv_2d_nchw_fchw {strides = [1, s], dilations = [1, d]}
            ins(%x4, %w4) outs(%b4)
    %y = tensor.collapse_shape %y4 [[0], [1], [2, 3]] : NxFxO

with the same body (the mixed-precision one both ops build). Memrefs and
dynamic shapes stay 1-D (a loop kernel).
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    ArrayAttr,
    DenseIntOrFPElementsAttr,
    IntegerAttr,
    TensorType,
    VectorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import Conv2DNchwFchwOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_conv1d import Conv1DNcwFcwOp
from coopmlir.dialects.linalg_mixed_precision import CONVOLUTIONS

#: [[0], [1], [2, 3]]: a unit dimension before the last.
_UNIT_BEFORE_LAST = ArrayAttr(
    [ArrayAttr([IntegerAttr(d, i64) for d in g]) for g in ([0], [1], [2, 3])]
)


class Conv1dAsConv2d(RewritePattern):
    """`conv_1d_ncw_fcw` on static tensors -> `conv_2d_nchw_fchw` over a
    unit height (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvOperation, rewriter: PatternRewriter) -> None:
        if op.name != Conv1DNcwFcwOp.name or len(op.res) != 1:
            return
        operands = [*op.inputs, *op.outputs]
        if not all(_static_tensor(v) for v in operands):
            return
        strides, dilations = op.steps()  # pyright: ignore[reportAttributeAccessIssue]
        x, w, init = (_with_unit_height(v, op, rewriter) for v in operands)
        conv = CONVOLUTIONS[Conv2DNchwFchwOp](
            [x, w],
            [init],
            [init.type],
            {},
            strides=_pair(1, strides[0]),
            dilations=_pair(1, dilations[0]),
        )
        (result,) = op.res
        collapse = tensor.CollapseShapeOp(
            operands=[conv.results[0]],
            result_types=[result.type],
            properties={"reassociation": _UNIT_BEFORE_LAST},
        )
        rewriter.replace(op, [conv, collapse], [collapse.results[0]])


def _static_tensor(value: SSAValue) -> bool:
    t = value.type
    return isinstance(t, TensorType) and -1 not in t.get_shape()


def _with_unit_height(
    value: SSAValue, op: Operation, rewriter: PatternRewriter
) -> SSAValue:
    """`value` (A x B x L) as A x B x 1 x L, before `op`."""
    t = value.type
    assert isinstance(t, TensorType)
    a, b, length = t.get_shape()
    shape = [a, b, 1, length]
    expand = tensor.ExpandShapeOp(
        value, [], _UNIT_BEFORE_LAST, shape, TensorType(t.element_type, shape)
    )
    rewriter.insert(expand, InsertPoint.before(op))
    return expand.result


def _pair(first: int, second: int) -> DenseIntOrFPElementsAttr:
    return DenseIntOrFPElementsAttr.from_list(VectorType(i64, [2]), [first, second])
