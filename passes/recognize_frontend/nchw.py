"""NCHW convolutions (`NhwcConvolution`): `linalg.conv_2d_nchw_fchw`, what
`nn.Conv2d` exports, becomes the NHWC convolution lower-to-coopmat lowers
as an implicit GEMM, between transposes.

torch-mlir writes (static shapes; the bias broadcast is the accumulator)

    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {zero}
    %b = linalg.broadcast ins(%bias : tensor<8xf32>)
        outs(%e : tensor<1x8x8x8xf32>) dimensions = [0, 2, 3]
    %y = linalg.conv_2d_nchw_fchw ins(%p, %w : ...) outs(%b : ...)

which becomes

    %xt = linalg.transpose ins(%x) ... permutation = [0, 2, 3, 1]   NCHW -> NHWC
    %p  = tensor.pad %xt low[0, 1, 1, 0] high[0, 1, 1, 0] {zero}
    %wt = linalg.transpose ins(%w) ... permutation = [0, 2, 3, 1]   FCHW -> FHWC
    %b  = linalg.broadcast ins(%bias) outs(...) dimensions = [0, 1, 2]
    %yt = linalg.conv_2d_nhwc_fhwc ins(%p, %wt) outs(%b)
    %y  = linalg.transpose ins(%yt) ... permutation = [0, 3, 1, 2]  NHWC -> NCHW

The pad moves after the input's transpose (so the lowering still reads its
zero border as padding, never a padded copy) when it pads the image only
with a value from outside its region; an accumulator from a `linalg.fill`
or a `linalg.broadcast` is made in NHWC directly, any other one is
transposed. The transposes are element-wise kernels of their own; the
convolution computes the same sums in the same order of taps. Dynamic
shapes are left as they are (lower-to-coopmat then refuses the NCHW form).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import tensor
from xdsl.dialects.builtin import DenseArrayBase, TensorType, i64
from xdsl.dialects.linalg.ops import (
    BroadcastOp,
    Conv2DNchwFchwOp,
    Conv2DNhwc_FhwcOp,
    FillOp,
    TransposeOp,
)
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import InsertPoint

from coopmlir.dialects.linalg_mixed_precision import CONVOLUTIONS
from coopmlir.passes.recognize_frontend.unused import erase_unused

#: NCHW -> NHWC and FCHW -> FHWC (dimension i of the result is this one's).
TO_NHWC = (0, 2, 3, 1)
TO_NCHW = (0, 3, 1, 2)


def _permuted(t: TensorType, permutation: Sequence[int]) -> TensorType:
    shape = t.get_shape()
    return TensorType(t.element_type, [shape[p] for p in permutation])


class _Builder:
    """Inserts the new ops before the convolution."""

    def __init__(self, rewriter: PatternRewriter, at: Operation):
        self.rewriter, self.at = rewriter, at

    def add(self, op: Operation) -> Operation:
        op.location = self.at.location
        return self.rewriter.insert(op, InsertPoint.before(self.at))

    def empty(self, t: TensorType) -> SSAValue:
        return self.add(tensor.EmptyOp([], t)).results[0]

    def transpose(self, value: SSAValue, permutation: Sequence[int]) -> SSAValue:
        t = value.type
        assert isinstance(t, TensorType)
        init = self.empty(_permuted(t, permutation))
        attr = DenseArrayBase.from_list(i64, permutation)
        return self.add(TransposeOp(value, init, attr)).results[0]

    def image(self, x: SSAValue) -> SSAValue:
        """The NHWC image, padded after the transpose where `x` is a pad of
        the image only by a position-independent value."""
        pad = x.owner
        if not isinstance(pad, tensor.PadOp) or pad.low or pad.high:
            return self.transpose(x, TO_NHWC)
        low, high = pad.static_low.get_values(), pad.static_high.get_values()
        yielded = pad.region.block.last_op
        if (
            any(sizes[d] != 0 for sizes in (low, high) for d in (0, 1))
            or not isinstance(yielded, tensor.YieldOp)
            or any(v.owner.parent_region() is pad.region for v in yielded.operands)
        ):
            return self.transpose(x, TO_NHWC)
        source = self.transpose(pad.source, TO_NHWC)
        padded = tensor.PadOp(
            source,
            [],
            [],
            pad.region.clone(),
            [low[p] for p in TO_NHWC],
            [high[p] for p in TO_NHWC],
            _permuted(pad.result.type, TO_NHWC),  # type: ignore[arg-type]
        )
        return self.add(padded).results[0]

    def accumulator(self, y: SSAValue) -> SSAValue:
        """The NHWC form of the NCHW accumulator `y`."""
        t = _permuted(y.type, TO_NHWC)  # type: ignore[arg-type]
        op = y.owner
        if isinstance(op, FillOp):
            return self.add(FillOp(list(op.inputs), [self.empty(t)], [t])).results[0]
        if isinstance(op, BroadcastOp):
            added = op.dimensions.get_values()
            kept = [d for d in TO_NHWC if d not in added]
            if kept == sorted(kept):  # the input's dimensions keep their order
                dimensions = sorted(TO_NHWC.index(d) for d in added)
                broadcast = BroadcastOp(
                    op.input,
                    self.empty(t),
                    DenseArrayBase.from_list(i64, dimensions),
                )
                return self.add(broadcast).results[0]
        return self.transpose(y, TO_NHWC)


def _static(values: Sequence[SSAValue]) -> bool:
    return all(
        isinstance(v.type, TensorType) and -1 not in v.type.get_shape() for v in values
    )


class NhwcConvolution(RewritePattern):
    """`linalg.conv_2d_nchw_fchw` on static tensors becomes transposes around
    `linalg.conv_2d_nhwc_fhwc` (module doc); the pad, fill or broadcast it
    read goes when nothing else reads it."""

    @op_type_rewrite_pattern
    def match_and_rewrite(
        self, op: Conv2DNchwFchwOp, rewriter: PatternRewriter
    ) -> None:
        if not op.res or not _static([*op.inputs, *op.outputs]):
            return
        (x, w), (y,) = op.inputs, op.outputs
        build = _Builder(rewriter, op)
        image, weights = build.image(x), build.transpose(w, TO_NHWC)
        init = build.accumulator(y)
        conv = build.add(
            CONVOLUTIONS[Conv2DNhwc_FhwcOp](
                [image, weights],
                [init],
                [init.type],
                dict(op.attributes),
                strides=op.strides,
                dilations=op.dilations,
            )
        )
        result = build.transpose(conv.results[0], TO_NCHW)
        rewriter.replace(op, [], [result])
        for producer in (x.owner, y.owner):
            if isinstance(producer, Operation):
                erase_unused(rewriter, producer)
