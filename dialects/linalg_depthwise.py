"""MLIR's depthwise 2-D convolutions, which xDSL 0.74 lacks:
`linalg.depthwise_conv_2d_nchw_chw` (what torch-mlir exports for an
`nn.Conv2d` with groups = channels), `linalg.depthwise_conv_2d_nhwc_hwc`
and `linalg.depthwise_conv_2d_nhwc_hwcm` (a channel multiplier M), and the
quantized `_q` forms of the NHWC ones (linalg_named.py). Each channel is
convolved with its own filter(s); the loops are parallel over the output
and reduce over the taps (kh, kw) only:

    nchw_chw:  Y[n, c, oh, ow] += X[n, c, H, W] * W[c, kh, kw]
    nhwc_hwc:  Y[n, oh, ow, c] += X[n, H, W, c] * W[kh, kw, c]
    nhwc_hwcm: Y[n, oh, ow, c, m] += X[n, H, W, c] * W[kh, kw, c, m]

with H = oh*sh + kh*dh and W = ow*sw + kw*dw.

The syntax, properties and body are xDSL's `ConvOperation`'s (coopmlir's
mixed-precision body: linalg_mixed_precision.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, DenseIntElementsAttr
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import IteratorTypeAttr
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import irdl_op_definition, opt_prop_def


class WindowedConv(ConvOperation):
    """A convolution whose loops are `ITERATORS` (`p`arallel or
    `r`eduction, in MLIR's loop order) and whose input is read through
    `window` (`out * stride + tap * dilation`)."""

    ITERATORS: ClassVar[str] = "pppprr"

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        kinds = {"p": IteratorTypeAttr.parallel, "r": IteratorTypeAttr.reduction}
        return ArrayAttr([kinds[c]() for c in self.ITERATORS])

    # Optional, as in MLIR: left out, every stride and dilation is 1.
    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)

    def steps(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(strides, dilations) of the two window axes."""
        return tuple(  # type: ignore[return-value]
            (1, 1) if attr is None else tuple(int(v) for v in attr.get_values())
            for attr in (self.strides, self.dilations)
        )

    def window(self, out: AffineDimExpr, tap: AffineDimExpr, axis: int):
        strides, dilations = self.steps()
        return out * strides[axis] + tap * dilations[axis]


@irdl_op_definition
class DepthwiseConv2DNchwChwOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nchw_chw"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, c, oh, ow, kh, kw = (AffineDimExpr(d) for d in range(6))
        image = (n, c, self.window(oh, kh, 0), self.window(ow, kw, 1))
        return (
            AffineMap(6, 0, image),
            AffineMap(6, 0, (c, kh, kw)),
            AffineMap(6, 0, (n, c, oh, ow)),
        )


@irdl_op_definition
class DepthwiseConv2DNhwcHwcOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwc"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, oh, ow, c, kh, kw = (AffineDimExpr(d) for d in range(6))
        image = (n, self.window(oh, kh, 0), self.window(ow, kw, 1), c)
        return (
            AffineMap(6, 0, image),
            AffineMap(6, 0, (kh, kw, c)),
            AffineMap(6, 0, (n, oh, ow, c)),
        )


@irdl_op_definition
class DepthwiseConv2DNhwcHwcmOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwcm"

    ITERATORS: ClassVar[str] = "ppppprr"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, oh, ow, c, m, kh, kw = (AffineDimExpr(d) for d in range(7))
        image = (n, self.window(oh, kh, 0), self.window(ow, kw, 1), c)
        return (
            AffineMap(7, 0, image),
            AffineMap(7, 0, (kh, kw, c, m)),
            AffineMap(7, 0, (n, oh, ow, c, m)),
        )


DEPTHWISE = (
    DepthwiseConv2DNchwChwOp,
    DepthwiseConv2DNhwcHwcOp,
    DepthwiseConv2DNhwcHwcmOp,
)
