"""Zero padding of a convolution's input, as MLIR bufferizes `tensor.pad`:
a buffer of the padded shape, filled with zero, the image copied into its
interior; the convolution reads the buffer.

    %p = memref.alloc() : memref<1x8x8x16xf16>
    linalg.fill ins(%zero : f16) outs(%p : memref<1x8x8x16xf16>)
    %v = memref.subview %p[0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1] : ... to ...
    memref.copy %x, %v : memref<1x6x6x16xf16> to memref<..., strided<...>>
    linalg.conv_2d_nhwc_hwcf ins(%p, %w : ...) outs(%y : ...)

lower-to-coopmat reads `%x` in place instead (out-of-image positions read
zero) and drops the buffer, its fill and its copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, MemRefType, NoneAttr
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, SSAValue

from coopmlir.passes.lower_to_coopmat.convolution_sizes import DYNAMIC, shape_of
from coopmlir.passes.lower_to_coopmat.matching import error


@dataclass(frozen=True)
class Padding:
    """The image a padded buffer holds and the zero border around it."""

    buffer: Operation  # memref.alloc / alloca
    fill: FillOp
    view: memref.SubviewOp
    copy: memref.CopyOp
    source: SSAValue
    amounts: tuple[int, int, int, int]  # top, left, bottom, right

    def erase(self) -> None:
        """Drop the buffer and what writes it (the convolution is gone)."""
        constant = self.fill.inputs[0].owner
        users = [u.operation for u in self.buffer.results[0].uses]
        for op in (self.copy, self.view, self.fill, *users, self.buffer):
            if op.parent is not None:
                op.detach()
                op.erase(safe_erase=False)
        if isinstance(constant, arith.ConstantOp) and not constant.result.uses:
            constant.detach()
            constant.erase()


def zero_padding(conv: Operation, x: SSAValue) -> Padding | None:
    """The padding of `x` if it is a zero-padded buffer (module doc), None
    if it is an ordinary input; a located error for a padded buffer that the
    lowering cannot read in place (non-zero padding value, a border on N or C)."""
    buffer = x.owner
    if not isinstance(buffer, memref.AllocOp | memref.AllocaOp):
        return None
    fills, views, others = [], [], []
    for use in x.uses:
        user = use.operation
        if isinstance(user, FillOp):
            fills.append(user)
        elif isinstance(user, memref.SubviewOp):
            views.append(user)
        elif user is not conv and not isinstance(user, memref.DeallocOp):
            others.append(user)
    if len(fills) != 1 or len(views) != 1 or others:
        return None
    (fill,), (view,) = fills, views
    copies = [u.operation for u in view.result.uses]
    if len(copies) != 1 or not isinstance(copies[0], memref.CopyOp):
        return None
    (copy,) = copies
    if copy.destination != view.result:
        return None
    value = fill.inputs[0].owner
    number = (
        value.value.value.data
        if isinstance(value, arith.ConstantOp)
        and isinstance(value.value, FloatAttr | IntegerAttr)
        else None
    )
    if number != 0:
        shown = value.value if isinstance(value, arith.ConstantOp) else "not constant"
        raise error(
            conv,
            "the input is padded with a non-zero or non-constant value "
            f"({shown}): only zero padding is read in place",
        )
    if DYNAMIC in shape_of(x) or view.offsets or view.sizes:
        raise error(
            conv,
            f"zero padding of an input with dynamic sizes (the padded buffer "
            f"{x.type}) is not supported: the padded-buffer form is read in "
            "place for static shapes only",
        )
    offsets = tuple(view.static_offsets.get_values())
    sizes = tuple(view.static_sizes.get_values())
    strides = tuple(view.static_strides.get_values())
    padded = x.type.get_shape()  # type: ignore[union-attr]
    source_type = copy.source.type
    if (
        view.offsets
        or view.sizes
        or view.strides
        or set(strides) != {1}
        or not isinstance(source_type, MemRefType)
        or not isinstance(source_type.layout, NoneAttr)
        or tuple(source_type.get_shape()) != sizes
    ):
        raise error(
            conv,
            "the padded input is not a static, unit-stride copy of an "
            f"identity-layout image: {view}",
        )
    if offsets[0] or offsets[3] or sizes[0] != padded[0] or sizes[3] != padded[3]:
        raise error(
            conv,
            f"padding of the batch or channel dimension ({view}) is not "
            "a convolution padding",
        )
    top, left = offsets[1], offsets[2]
    bottom = padded[1] - top - sizes[1]
    right = padded[2] - left - sizes[2]
    return Padding(buffer, fill, view, copy, copy.source, (top, left, bottom, right))
