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
from xdsl.utils.exceptions import VerifyException


class WindowedConv(ConvOperation):
    """A convolution declared by its loops and layouts: `LOOPS` names the
    loops in MLIR's order, `LAYOUTS` the image's, the filter's and the
    output's dimensions by loop name, with `H` and `W` the input window
    (`oh * stride + kh * dilation`, `ow * ... + kw * ...`). The output's
    loops are parallel, the others reductions."""

    LOOPS: ClassVar[str]
    LAYOUTS: ClassVar[tuple[str, str, str]]

    # Optional, as in MLIR: left out, every stride and dilation is 1.
    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)

    def steps(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """(strides, dilations) of the two window axes."""
        return tuple(  # type: ignore[return-value]
            (1, 1) if attr is None else tuple(int(v) for v in attr.get_values())
            for attr in (self.strides, self.dilations)
        )

    def verify_(self) -> None:
        for name in ("strides", "dilations"):
            attr = getattr(self, name)
            if attr is not None and len(attr.get_values()) != 2:
                raise VerifyException(
                    f"attribute '{name}' must hold 2 values (one per window "
                    f"axis), got {len(attr.get_values())}"
                )
        super().verify_()

    def get_iterator_types(self) -> ArrayAttr[IteratorTypeAttr]:
        output = self.LAYOUTS[-1].split()
        return ArrayAttr(
            IteratorTypeAttr.parallel()
            if loop in output
            else IteratorTypeAttr.reduction()
            for loop in self.LOOPS.split()
        )

    def operand_layouts(self) -> tuple[str, ...]:
        """Each operand's dimensions, by loop name (scalars: empty)."""
        return self.LAYOUTS

    def get_default_indexing_maps(self) -> Sequence[AffineMap]:
        loops = self.LOOPS.split()
        dims = {name: AffineDimExpr(d) for d, name in enumerate(loops)}
        (sh, sw), (dh, dw) = self.steps()
        dims["H"] = dims["oh"] * sh + dims["kh"] * dh
        dims["W"] = dims["ow"] * sw + dims["kw"] * dw
        return tuple(
            AffineMap(len(loops), 0, tuple(dims[name] for name in layout.split()))
            for layout in self.operand_layouts()
        )


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
