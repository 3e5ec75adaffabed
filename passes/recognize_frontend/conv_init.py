"""The initial value of a convolution, made as lower-to-coopmat fuses it
(its own `linalg.fill` right before it is fills.py's `OwnFill`): the bias
as an element-wise op after it (`ConvBiasAfter`), where lower-to-coopmat
fuses it into the convolution's epilogue with whatever follows (a cast, a
batch norm's scale and shift, a ReLU). And the generic after a
convolution writes a `tensor.empty` of its own (`EpilogueOwnEmpty`):
torch-mlir shares one between ops of a shape, so bufferizing could give the
epilogue the buffer the convolution reads (an input padded by a copy that
lower-to-coopmat drops), which a fused kernel must not overwrite.

torch-mlir makes the bias the convolution's initial value:

    %b = linalg.broadcast ins(%bias : tensor<8xf32>)
           outs(%e : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3]
    %y = linalg.conv_2d_nchw_fchw ins(%x, %w) outs(%b)

which becomes

    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x8xf32>)
    %c = linalg.conv_2d_nchw_fchw ins(%x, %w) outs(%z)
    %y = linalg.generic {maps = [id, (n, f, h, w) -> (f), id], all parallel}
           ins(%c, %bias) outs(%e) { arith.addf }

(the bias is added after the sum of the taps rather than before it: the
same value up to the rounding of one addition). Float convolutions of the
layouts lower-to-coopmat lowers, whose broadcast adds every dimension but
the channels', only.
"""

from __future__ import annotations

from xdsl.dialects import arith, tensor
from xdsl.dialects.builtin import AffineMapAttr, AnyFloat, FloatAttr, TensorType
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import (
    BroadcastOp,
    Conv2DNchwFchwOp,
    Conv2DNhwc_FhwcOp,
    Conv2DNhwc_HwcfOp,
    FillOp,
    GenericOp,
    IteratorTypeAttr,
    YieldOp,
)
from xdsl.ir import Block, Region
from xdsl.ir.affine import AffineExpr, AffineMap
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.passes.recognize_frontend.unused import erase_unused

#: The output's channel dimension of each convolution whose bias moves.
CHANNELS = {Conv2DNchwFchwOp: 1, Conv2DNhwc_HwcfOp: 3, Conv2DNhwc_FhwcOp: 3}


def _channel_axis(op: ConvOperation) -> int | None:
    return next((d for k, d in CHANNELS.items() if isinstance(op, k)), None)


class ConvBiasAfter(RewritePattern):
    """A convolution whose initial value broadcasts a per-channel vector ->
    the convolution from zero, then the vector added (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: ConvOperation, rewriter: PatternRewriter) -> None:
        channel = _channel_axis(op)
        if channel is None or len(op.res) != 1:
            return
        (init,) = op.outputs
        bcast = init.owner
        t = init.type
        if (
            not isinstance(bcast, BroadcastOp)
            or not isinstance(t, TensorType)
            or not isinstance(t.element_type, AnyFloat)
            or tuple(bcast.dimensions.get_values())
            != tuple(d for d in range(4) if d != channel)
            or init.uses.get_length() != 1
            or len(bcast.input.type.get_shape()) != 1  # type: ignore[union-attr]
        ):
            return
        empty = bcast.init
        at = InsertPoint.before(op)
        zero = arith.ConstantOp(FloatAttr(0.0, t.element_type))
        fill = FillOp([zero.result], [empty], [t])
        conv = op.clone()
        for new in (zero, fill):
            new.location = op.location
            rewriter.insert(new, at)
        conv.operands = (*op.inputs, fill.results[0])
        rewriter.insert(conv, at)
        block = Block(arg_types=[t.element_type] * 3)
        total = arith.AddfOp(block.args[0], block.args[1])
        block.add_ops([total, YieldOp(total.result)])
        identity = AffineMap.identity(4)
        per_channel = AffineMap(4, 0, (AffineExpr.dimension(channel),))
        add = GenericOp(
            [conv.results[0], bcast.input],
            [empty],
            Region(block),
            [AffineMapAttr(m) for m in (identity, per_channel, identity)],
            [IteratorTypeAttr.parallel()] * 4,
            [t],
        )
        add.location = op.location
        rewriter.insert(add, InsertPoint.after(op))
        rewriter.replace(op, [], [add.results[0]])
        erase_unused(rewriter, bcast)


class EpilogueOwnEmpty(RewritePattern):
    """A generic reading a convolution's result, whose init is a
    `tensor.empty` that something else also reads -> a `tensor.empty` of
    its own right before it (module doc)."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: GenericOp, rewriter: PatternRewriter) -> None:
        if len(op.res) != 1 or not any(
            isinstance(v.owner, ConvOperation) for v in op.inputs
        ):
            return
        (init,) = op.outputs
        empty = init.owner
        if (
            not isinstance(empty, tensor.EmptyOp)
            or empty.operands
            or init.uses.get_length() == 1
        ):
            return
        own = empty.clone()
        own.location = op.location
        rewriter.insert(own, InsertPoint.before(op))
        op.operands = (*op.inputs, own.results[0])
        rewriter.notify_op_modified(op)
