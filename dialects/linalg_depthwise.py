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

with H = oh*sh + kh*dh and W = ow*sw + kw*dw (linalg_windowed.py).

The syntax, properties and body are xDSL's `ConvOperation`'s (coopmlir's
mixed-precision body: linalg_mixed_precision.py).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_op_definition

from coopmlir.dialects.linalg_windowed import WindowedConv


@irdl_op_definition
class DepthwiseConv2DNchwChwOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nchw_chw"
    LOOPS: ClassVar[str] = "n c oh ow kh kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n c H W", "c kh kw", "n c oh ow")


@irdl_op_definition
class DepthwiseConv2DNhwcHwcOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwc"
    LOOPS: ClassVar[str] = "n oh ow c kh kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n H W c", "kh kw c", "n oh ow c")


@irdl_op_definition
class DepthwiseConv2DNhwcHwcmOp(WindowedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwcm"
    LOOPS: ClassVar[str] = "n oh ow c m kh kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n H W c", "kh kw c m", "n oh ow c m")


DEPTHWISE = (
    DepthwiseConv2DNchwChwOp,
    DepthwiseConv2DNhwcHwcOp,
    DepthwiseConv2DNhwcHwcmOp,
)
