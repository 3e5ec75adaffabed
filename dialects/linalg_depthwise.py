"""MLIR's depthwise 2-D convolutions, which xDSL 0.74 lacks:
`linalg.depthwise_conv_2d_nchw_chw` (what torch-mlir exports for an
`nn.Conv2d` with groups = channels) and `linalg.depthwise_conv_2d_nhwc_hwc`.
Each channel is convolved with its own filter; the loops are parallel over
(n, c, oh, ow) and reduce over the taps (kh, kw) only:

    nchw_chw: Y[n, c, oh, ow] += X[n, c, oh*sh + kh*dh, ow*sw + kw*dw] * W[c, kh, kw]
    nhwc_hwc: Y[n, oh, ow, c] += X[n, oh*sh + kh*dh, ow*sw + kw*dw, c] * W[kh, kw, c]

The syntax, properties and body are xDSL's `ConvOperation`'s (coopmlir's
mixed-precision body: linalg_mixed_precision.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import ArrayAttr
from xdsl.dialects.linalg.abstract_ops import ConvOperation
from xdsl.dialects.linalg.ops import IteratorTypeAttr
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import irdl_op_definition


class _Depthwise(ConvOperation):
    """Two reduction loops (the taps), the others parallel."""

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        return ArrayAttr(
            (IteratorTypeAttr.parallel(),) * 4 + (IteratorTypeAttr.reduction(),) * 2
        )

    def _window(self, out: AffineDimExpr, tap: AffineDimExpr, axis: int):
        stride = self.strides.get_values()[axis]
        dilation = self.dilations.get_values()[axis]
        return out * stride + tap * dilation


@irdl_op_definition
class DepthwiseConv2DNchwChwOp(_Depthwise):
    name = "linalg.depthwise_conv_2d_nchw_chw"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, c, oh, ow, kh, kw = (AffineDimExpr(d) for d in range(6))
        image = (n, c, self._window(oh, kh, 0), self._window(ow, kw, 1))
        return (
            AffineMap(6, 0, image),
            AffineMap(6, 0, (c, kh, kw)),
            AffineMap(6, 0, (n, c, oh, ow)),
        )


@irdl_op_definition
class DepthwiseConv2DNhwcHwcOp(_Depthwise):
    name = "linalg.depthwise_conv_2d_nhwc_hwc"

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        n, oh, ow, c, kh, kw = (AffineDimExpr(d) for d in range(6))
        image = (n, self._window(oh, kh, 0), self._window(ow, kw, 1), c)
        return (
            AffineMap(6, 0, image),
            AffineMap(6, 0, (kh, kw, c)),
            AffineMap(6, 0, (n, oh, ow, c)),
        )


DEPTHWISE = (DepthwiseConv2DNchwChwOp, DepthwiseConv2DNhwcHwcOp)
