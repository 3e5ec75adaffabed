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

with the same body (the mixed-precision one both ops build). So that the
2-D convolution's own patterns see what they know, the expansion goes
through the export's producers and consumers: a `tensor.pad` of the input
along W becomes a pad of the expanded input (read as the convolution's
padding), a `linalg.broadcast` of a bias into the initial value a
broadcast into the 4-D one (moved after the convolution by
`ConvBiasAfter`: its epilogue), and an element-wise generic that only
consumer (the f16 export's `truncf`) runs in 4-D, the collapse after it.
Memrefs and dynamic shapes stay 1-D (a loop kernel).
"""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.builtin import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayBase,
    IndexType,
    IntegerAttr,
    TensorType,
    i64,
)
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import BroadcastOp, Conv2DNchwFchwOp, GenericOp
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.ir.affine import AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_conv1d import Conv1DNcwFcwOp
from coopmlir.dialects.linalg_mixed_precision import CONVOLUTIONS
from coopmlir.passes.recognize_frontend.generic_convolution import window_pair

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
        x, w, init = operands
        at = InsertPoint.before(op)
        conv = CONVOLUTIONS[Conv2DNchwFchwOp](
            [_padded(x, rewriter, at), _expanded(w, rewriter, at)],
            [init4 := _initial(init, rewriter, at)],
            [init4.type],
            {},
            strides=window_pair([1, strides[0]]),
            dilations=window_pair([1, dilations[0]]),
        )
        rewriter.insert(conv, at)
        (result,) = op.res
        consumer = _elementwise_consumer(result)
        if consumer is None:
            collapse = _collapse(conv.results[0], result.type)
            rewriter.replace(op, [collapse], [collapse.results[0]])
            _erase_unused(rewriter, (x, init))
            return
        # The consumer runs in 4-D on the convolution's result.
        later = InsertPoint.before(consumer)
        values = [
            conv.results[0] if v is result else _expanded(v, rewriter, later)
            for v in consumer.inputs
        ] + [_empty_or_expanded(v, rewriter, later) for v in consumer.outputs]
        n_in = len(consumer.inputs)
        identity = AffineMapAttr(AffineMap.identity(4))
        parallel = consumer.iterator_types.data[0]
        widened = GenericOp(
            values[:n_in],
            values[n_in:],
            rewriter.move_region_contents_to_new_regions(consumer.body),
            [identity] * len(values),
            ArrayAttr([parallel] * 4),
            [v.type for v in values[n_in:]],
        )
        (consumed,) = consumer.res
        collapse = _collapse(widened.results[0], consumed.type)
        rewriter.replace(consumer, [widened, collapse], [collapse.results[0]])
        rewriter.erase(op)
        _erase_unused(rewriter, (x, init))


def _erase_unused(rewriter: PatternRewriter, values) -> None:
    """The pad and broadcast the 4-D form replaced, and the empty tensors
    they wrote, once nothing reads them (linalg ops on tensors are not
    dead code to xDSL's DCE)."""
    for value in values:
        owner = value.owner
        if not isinstance(owner, tensor.PadOp | BroadcastOp) or value.uses:
            continue
        written = owner.init if isinstance(owner, BroadcastOp) else None
        rewriter.erase(owner)
        if written is not None and not written.uses:
            rewriter.erase(written.owner)  # pyright: ignore[reportArgumentType]


def _static_tensor(value: SSAValue) -> bool:
    t = value.type
    return isinstance(t, TensorType) and -1 not in t.get_shape()


def _four_d(t: TensorType) -> TensorType:
    a, b, length = t.get_shape()
    return TensorType(t.element_type, [a, b, 1, length])


def _expanded(value: SSAValue, rewriter: PatternRewriter, at: InsertPoint) -> SSAValue:
    """`value` (A x B x L) as A x B x 1 x L."""
    t = value.type
    assert isinstance(t, TensorType)
    shape = _four_d(t)
    expand = tensor.ExpandShapeOp(
        value, [], _UNIT_BEFORE_LAST, shape.get_shape(), shape
    )
    rewriter.insert(expand, at)
    return expand.result


def _empty_or_expanded(
    value: SSAValue, rewriter: PatternRewriter, at: InsertPoint
) -> SSAValue:
    """A `tensor.empty` as a 4-D one, anything else expanded."""
    if not isinstance(value.owner, tensor.EmptyOp):
        return _expanded(value, rewriter, at)
    empty = tensor.EmptyOp([], _four_d(value.type))  # pyright: ignore[reportArgumentType]
    rewriter.insert(empty, at)
    return empty.tensor


def _padded(value: SSAValue, rewriter: PatternRewriter, at: InsertPoint) -> SSAValue:
    """The 4-D input: a `tensor.pad` along W of a static tensor becomes the
    same pad of the expanded source; anything else is expanded."""
    pad = value.owner
    if (
        not isinstance(pad, tensor.PadOp)
        or pad.low
        or pad.high
        or not _static_tensor(pad.source)
        or any(pad.static_low.get_values()[:2])
        or any(pad.static_high.get_values()[:2])
    ):
        return _expanded(value, rewriter, at)
    block = pad.region.block
    (yield_op, *rest) = block.ops
    if (
        rest
        or not isinstance(yield_op, tensor.YieldOp)
        or yield_op.operands[0] in block.args
    ):
        return _expanded(value, rewriter, at)  # not one padding value
    source = _expanded(pad.source, rewriter, at)
    low, high = (list(p.get_values()) for p in (pad.static_low, pad.static_high))
    padding = Block(arg_types=[IndexType()] * 4)
    padding.add_op(tensor.YieldOp(yield_op.operands[0]))
    new = tensor.PadOp(
        source,
        [],
        [],
        Region(padding),
        [*low[:2], 0, low[2]],
        [*high[:2], 0, high[2]],
        _four_d(value.type),  # pyright: ignore[reportArgumentType]
    )
    rewriter.insert(new, at)
    return new.result


def _initial(value: SSAValue, rewriter: PatternRewriter, at: InsertPoint) -> SSAValue:
    """The 4-D initial value: a broadcast of a per-channel vector (the bias)
    becomes a broadcast into the 4-D empty tensor; anything else is
    expanded."""
    bcast = value.owner
    t = value.type
    if (
        not isinstance(bcast, BroadcastOp)
        or tuple(bcast.dimensions.get_values()) != (0, 2)
        or not isinstance(bcast.init.owner, tensor.EmptyOp)
    ):
        return _expanded(value, rewriter, at)
    empty = tensor.EmptyOp([], _four_d(t))  # pyright: ignore[reportArgumentType]
    new = BroadcastOp(
        bcast.input, empty.tensor, DenseArrayBase.from_list(i64, [0, 2, 3])
    )
    for inner in (empty, new):
        rewriter.insert(inner, at)
    return new.results[0]


def _elementwise_consumer(value: SSAValue) -> GenericOp | None:
    """The one element-wise generic over `value`'s shape that reads it
    (identity maps, parallel loops, static tensors), or None."""
    if value.uses.get_length() != 1:
        return None
    user = next(iter(value.uses)).operation
    if not isinstance(user, GenericOp) or len(user.res) != 1:
        return None
    identity = AffineMap.identity(3)
    if any(m.data != identity for m in user.get_indexing_maps()) or any(
        str(t.data) != "parallel" for t in user.iterator_types.data
    ):
        return None
    if any(not _static_tensor(v) for v in (*user.inputs, *user.outputs)):
        return None
    return user


def _collapse(value: SSAValue, result_type) -> Operation:
    return tensor.CollapseShapeOp(
        operands=[value],
        result_types=[result_type],
        properties={"reassociation": _UNIT_BEFORE_LAST},
    )
