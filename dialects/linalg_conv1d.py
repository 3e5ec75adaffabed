"""MLIR's 1-D convolutions, which xDSL 0.74 lacks: `linalg.conv_1d_ncw_fcw`
(what torch-mlir exports for `nn.Conv1d`), `linalg.conv_1d_nwc_wcf` and
`linalg.depthwise_conv_1d_ncw_cw` (groups = channels):

    ncw_fcw: Y[n, f, ow] += X[n, c, W] * K[f, c, kw]
    nwc_wcf: Y[n, ow, f] += X[n, W, c] * K[kw, c, f]
    depthwise ncw_cw: Y[n, c, ow] += X[n, c, W] * K[c, kw]

with W = ow*s + kw*d (linalg_windowed.py); the body is coopmlir's
mixed-precision one (linalg_mixed_precision.py), as for every convolution.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import irdl_op_definition

from coopmlir.dialects.linalg_windowed import ONE_AXIS, WindowedConv


@irdl_op_definition
class Conv1DNcwFcwOp(WindowedConv):
    name = "linalg.conv_1d_ncw_fcw"
    LOOPS: ClassVar[str] = "n f ow c kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n c W", "f c kw", "n f ow")
    WINDOW: ClassVar[tuple] = ONE_AXIS


@irdl_op_definition
class Conv1DNwcWcfOp(WindowedConv):
    name = "linalg.conv_1d_nwc_wcf"
    LOOPS: ClassVar[str] = "n ow f kw c"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n W c", "kw c f", "n ow f")
    WINDOW: ClassVar[tuple] = ONE_AXIS


@irdl_op_definition
class DepthwiseConv1DNcwCwOp(WindowedConv):
    name = "linalg.depthwise_conv_1d_ncw_cw"
    LOOPS: ClassVar[str] = "n c ow kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n c W", "c kw", "n c ow")
    WINDOW: ClassVar[tuple] = ONE_AXIS


CONV_1D = (Conv1DNcwFcwOp, Conv1DNwcWcfOp, DepthwiseConv1DNcwCwOp)
