"""Run-time sizes of a convolution with a dynamic batch or image (H, W):
MLIR's output-size formula, and the host's checks that the input and
output sizes agree with it before the kernel is launched.

The kernel derives OH and OW from the input's H and W by the same formula
(the output reaches it only as a collapsed M x F view), so the host asserts
that the output's sizes are exactly the formula's; a static output may be
smaller (the static check asks only that every read lies in the input).
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.passes.lower_to_coopmat.kernel_builder import FoldingArithmetic, Index
from coopmlir.passes.lower_to_coopmat.launch import HostCode

#: A size known only at run time, as `shape_of` gives it.
DYNAMIC = DYNAMIC_INDEX


def shape_of(value: SSAValue) -> tuple[int, ...]:
    """The shape of a memref value, every run-time size as `DYNAMIC`."""
    t = value.type
    assert isinstance(t, MemRefType)
    return tuple(DYNAMIC if d < 0 else d for d in t.get_shape())


_AXES = ("height", "width")


def output_size(
    arith_ops: FoldingArithmetic, size: Index, padding: int, extent: int, stride: int
) -> Index:
    """(size + padding - extent) / stride + 1: the output size along one axis
    of an input of `size` (+ `padding` in all), a kernel reaching over
    `extent` = dilation * (taps - 1) + 1 elements, and `stride` (size +
    padding >= extent, which the host asserts)."""
    after_first_window = arith_ops.add(size, padding - extent)
    return arith_ops.add(arith_ops.div(after_first_window, stride), 1)


def assert_sizes_agree(
    rewriter: PatternRewriter,
    op: Operation,
    image: SSAValue,
    output: SSAValue,
    kernel: tuple[int, int],
    strides: tuple[int, int],
    dilations: tuple[int, int],
    pads: tuple[int, int, int, int],
) -> None:
    """`cf.assert`s before `op` (at its location) for every dynamic size:
    the output's batch is the input's, and along H and W the (padded) input
    covers the kernel's extent and the output's size is the formula's."""
    host = HostCode(rewriter, op)
    image_shape, output_shape = shape_of(image), shape_of(output)
    if DYNAMIC in (image_shape[0], output_shape[0]):
        host.check(
            arith.CmpiOp(host.dim_of(image, 0), host.dim_of(output, 0), "eq"),
            "the batch of the output (dimension 0) must equal that of the "
            "input (dimension 0)",
        )
    for axis, name in enumerate(_AXES):
        dim = axis + 1
        if DYNAMIC not in (image_shape[dim], output_shape[dim]):
            continue
        padding = pads[axis] + pads[axis + 2]
        extent = dilations[axis] * (kernel[axis] - 1) + 1
        size = host.dim_of(image, dim)
        if extent - padding >= 1:
            less = f" less the padding {padding}" if padding else ""
            host.check(
                arith.CmpiOp(size, host.constant(extent - padding), "uge"),
                f"the input's {name} (dimension {dim}) must be at least "
                f"{extent - padding} (the kernel's extent {extent}{less})",
            )
        want = output_size(host, size, padding, extent, strides[axis])
        letter = name[0].upper()
        plus = f" + {padding}" if padding else ""
        host.check(
            arith.CmpiOp(want, host.dim_of(output, dim), "eq"),
            f"the output's {name} (dimension {dim}) must be "
            f"({letter}{plus} - {extent}) / {strides[axis]} + 1 for the input's "
            f"{name} {letter} (dimension {dim})",
        )
