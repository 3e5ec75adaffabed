"""MLIR's named contractions beyond the matmul family, and the quantized
(`_q`) ops, which xDSL 0.74 lacks. Each is what MLIR 22 defines: the same
custom form (`ins(...) outs(...)`) and generic form, the same indexing
maps, loops and body.

    matvec:                y[i]    += A[i, k] * x[k]
    vecmat:                y[j]    += x[k] * A[k, j]
    batch_matvec:          y[b, i] += A[b, i, k] * x[b, k]
    batch_vecmat:          y[b, j] += x[b, k] * A[b, k, j]
    batch_reduce_matmul:   C[i, j] += A[b, i, k] * B[b, k, j]  (summed over b too)
    quantized_matmul:      C[i, j] += (A[i, k] - a_zp) * (B[k, j] - b_zp)
    quantized_batch_matmul, conv_2d_{nhwc_hwcf,nhwc_fhwc,nchw_fchw,ngchw_gfchw}_q and
    depthwise_conv_2d_nhwc_{hwc,hwcm}_q: the same with zero points, which
    are scalar operands (maps `() -> ()`).

Only the matmul family (`ContractionOp`) has matrix-unit kernels;
lower-to-coopmat computes these with loop kernels (loop_plan.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import AffineMapAttr, ArrayAttr
from xdsl.ir import Dialect, Region, SSAValue
from xdsl.irdl import irdl_op_definition, prop_def

from coopmlir.dialects.linalg_depthwise import (
    DepthwiseConv2DNhwcHwcmOp,
    DepthwiseConv2DNhwcHwcOp,
)
from coopmlir.dialects.linalg_mixed_precision import (
    StructuredContraction,
    _maps,
    checked_element_types,
    quantized_body,
)
from coopmlir.dialects.linalg_windowed import WindowedConv


@irdl_op_definition
class MatvecOp(StructuredContraction):
    name = "linalg.matvec"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda i, k: (i, k), lambda i, k: (k,), lambda i, k: (i,)
    )
    ITERATORS: ClassVar[str] = "pr"


@irdl_op_definition
class VecmatOp(StructuredContraction):
    name = "linalg.vecmat"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda j, k: (k,), lambda j, k: (k, j), lambda j, k: (j,)
    )
    ITERATORS: ClassVar[str] = "pr"


@irdl_op_definition
class BatchMatvecOp(StructuredContraction):
    name = "linalg.batch_matvec"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda b, i, k: (b, i, k), lambda b, i, k: (b, k), lambda b, i, k: (b, i)
    )
    ITERATORS: ClassVar[str] = "ppr"


@irdl_op_definition
class BatchVecmatOp(StructuredContraction):
    name = "linalg.batch_vecmat"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda b, j, k: (b, k), lambda b, j, k: (b, k, j), lambda b, j, k: (b, j)
    )
    ITERATORS: ClassVar[str] = "ppr"


_BATCH_REDUCE_MAPS = _maps(
    lambda b, i, j, k: (b, i, k),
    lambda b, i, j, k: (b, k, j),
    lambda b, i, j, k: (i, j),
)


@irdl_op_definition
class BatchReduceMatmulOp(StructuredContraction):
    """The batch is a reduction loop: C is one matrix, the sum of the
    batch's products. Takes MLIR's `indexing_maps` (transposed operands)."""

    name = "linalg.batch_reduce_matmul"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _BATCH_REDUCE_MAPS
    ITERATORS: ClassVar[str] = "rppr"

    indexing_maps = prop_def(ArrayAttr[AffineMapAttr], default_value=_BATCH_REDUCE_MAPS)


class _QuantizedContraction(StructuredContraction):
    """Inputs A, B and their zero points (scalars), MLIR's `*_q` body."""

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        types = checked_element_types(cls.name, (*inputs, *outputs))
        return quantized_body(types, cls.name)


@irdl_op_definition
class QuantizedMatmulOp(_QuantizedContraction):
    name = "linalg.quantized_matmul"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda i, j, k: (i, k),
        lambda i, j, k: (k, j),
        lambda i, j, k: (),
        lambda i, j, k: (),
        lambda i, j, k: (i, j),
    )
    ITERATORS: ClassVar[str] = "ppr"


@irdl_op_definition
class QuantizedBatchMatmulOp(_QuantizedContraction):
    name = "linalg.quantized_batch_matmul"
    DEFAULT_MAPS: ClassVar[ArrayAttr[AffineMapAttr]] = _maps(
        lambda b, i, j, k: (b, i, k),
        lambda b, i, j, k: (b, k, j),
        lambda b, i, j, k: (),
        lambda b, i, j, k: (),
        lambda b, i, j, k: (b, i, j),
    )
    ITERATORS: ClassVar[str] = "pppr"


class _QuantizedConv(WindowedConv):
    """A convolution with MLIR's `*_q` body: the zero points are scalar
    operands between the filter and the output (maps `() -> ()`)."""

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        types = checked_element_types(cls.name, (*inputs, *outputs))
        return quantized_body(types, cls.name)

    def operand_layouts(self) -> tuple[str, ...]:
        image, weights, output = self.LAYOUTS
        return (image, weights, "", "", output)


@irdl_op_definition
class Conv2DNhwcHwcfQOp(_QuantizedConv):
    name = "linalg.conv_2d_nhwc_hwcf_q"
    LOOPS: ClassVar[str] = "n oh ow f kh kw c"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n H W c", "kh kw c f", "n oh ow f")


@irdl_op_definition
class Conv2DNhwcFhwcQOp(_QuantizedConv):
    name = "linalg.conv_2d_nhwc_fhwc_q"
    LOOPS: ClassVar[str] = "n oh ow f kh kw c"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n H W c", "f kh kw c", "n oh ow f")


@irdl_op_definition
class Conv2DNchwFchwQOp(_QuantizedConv):
    name = "linalg.conv_2d_nchw_fchw_q"
    LOOPS: ClassVar[str] = "n f oh ow c kh kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = ("n c H W", "f c kh kw", "n f oh ow")


@irdl_op_definition
class Conv2DNgchwGfchwQOp(_QuantizedConv):
    """Grouped: G groups of C input and F output channels each."""

    name = "linalg.conv_2d_ngchw_gfchw_q"
    LOOPS: ClassVar[str] = "n g f oh ow c kh kw"
    LAYOUTS: ClassVar[tuple[str, str, str]] = (
        "n g c H W",
        "g f c kh kw",
        "n g f oh ow",
    )


@irdl_op_definition
class DepthwiseConv2DNhwcHwcQOp(_QuantizedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwc_q"
    LOOPS: ClassVar[str] = DepthwiseConv2DNhwcHwcOp.LOOPS
    LAYOUTS: ClassVar[tuple[str, str, str]] = DepthwiseConv2DNhwcHwcOp.LAYOUTS


@irdl_op_definition
class DepthwiseConv2DNhwcHwcmQOp(_QuantizedConv):
    name = "linalg.depthwise_conv_2d_nhwc_hwcm_q"
    LOOPS: ClassVar[str] = DepthwiseConv2DNhwcHwcmOp.LOOPS
    LAYOUTS: ClassVar[tuple[str, str, str]] = DepthwiseConv2DNhwcHwcmOp.LAYOUTS


#: The named contractions with loop kernels only.
NAMED_CONTRACTIONS = (
    MatvecOp,
    VecmatOp,
    BatchMatvecOp,
    BatchVecmatOp,
    BatchReduceMatmulOp,
    QuantizedMatmulOp,
    QuantizedBatchMatmulOp,
)

#: The quantized convolutions (their body is MLIR's, not wrapped).
QUANTIZED_CONVOLUTIONS = (
    Conv2DNhwcHwcfQOp,
    Conv2DNhwcFhwcQOp,
    Conv2DNchwFchwQOp,
    Conv2DNgchwGfchwQOp,
    DepthwiseConv2DNhwcHwcQOp,
    DepthwiseConv2DNhwcHwcmQOp,
)


def with_named_ops(linalg: Dialect) -> Dialect:
    """`linalg` with the ops above, in place of xDSL's own
    `linalg.quantized_matmul` (which has no zero points in its body)."""
    named = (*NAMED_CONTRACTIONS, *QUANTIZED_CONVOLUTIONS)
    ours = {op.name for op in named}
    ops = [op for op in linalg.operations if op.name not in ours]
    return Dialect("linalg", [*ops, *named], list(linalg.attributes))
