"""Zero padding of a convolution's input, as MLIR bufferizes `tensor.pad`:
a buffer of the padded shape, filled with zero, the image copied into its
interior; the convolution reads the buffer.

    %p = memref.alloc() : memref<1x8x8x16xf16>
    linalg.fill ins(%zero : f16) outs(%p : memref<1x8x8x16xf16>)
    %v = memref.subview %p[0, 1, 1, 0] [1, 6, 6, 16] [1, 1, 1, 1] : ... to ...
    memref.copy %x, %v : memref<1x6x6x16xf16> to memref<..., strided<...>>
    linalg.conv_2d_nhwc_hwcf ins(%p, %w : ...) outs(%y : ...)

With a dynamic batch or image the buffer's run-time sizes are the image's
(`memref.dim %x, 0`) or the image's plus the static pads (`arith.addi` of
`memref.dim %x, 1` and a constant), and the interior's sizes are the
image's `memref.dim`s:

    %h = memref.dim %x, %c1 : memref<?x?x?x16xf16>
    %hp = arith.addi %h, %c2 : index
    ...
    %p = memref.alloc(%n, %hp, %wp) : memref<?x?x?x16xf16>
    %v = memref.subview %p[0, 1, 1, 0] [%n, %h, %w, 16] [1, 1, 1, 1] : ...

The top and left pads are the view's offsets, the bottom and right pads
the buffer's size less the image's and the top (left) pad. lower-to-coopmat
reads `%x` in place instead (out-of-image positions read zero) and drops
the buffer, its fill, its copy and the sizes only they used; not where an
op between the copy and the convolution uses `%x` (it may write it: the
convolution then reads the padded buffer as it is).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, MemRefType, NoneAttr
from xdsl.dialects.linalg.ops import FillOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from coopmlir.passes.lower_to_coopmat.convolution_sizes import DYNAMIC, shape_of
from coopmlir.passes.lower_to_coopmat.matching import error

_AXES = ("batch", "height", "width", "channels")

#: Host ops that only compute a size; dropped with the buffer when unused.
_SIZE_OPS = (arith.ConstantOp, arith.AddiOp, memref.DimOp)


@dataclass(frozen=True)
class Padding:
    """The image a padded buffer holds and the zero border around it."""

    buffer: Operation  # memref.alloc / alloca
    fill: FillOp
    view: memref.SubviewOp
    copy: memref.CopyOp
    source: SSAValue
    amounts: tuple[int, int, int, int]  # top, left, bottom, right

    def erase(self, rewriter: PatternRewriter) -> None:
        """Drop the buffer and what writes it (the convolution is gone), and
        the constants and sizes that nothing else reads."""
        sizes = [
            *self.fill.inputs,
            *self.buffer.operands,
            *self.view.operands[1:],
        ]
        users = [u.operation for u in self.buffer.results[0].uses]
        for op in (self.copy, self.view, self.fill, *users, self.buffer):
            if op.parent is not None:
                rewriter.erase(op, safe_erase=False)
        _erase_unused(rewriter, sizes)


def _erase_unused(rewriter: PatternRewriter, values: list[SSAValue]) -> None:
    """Erase the size computations of `values` that are now unread, and in
    turn their operands."""
    while values:
        owner = values.pop().owner
        if (
            isinstance(owner, _SIZE_OPS)
            and owner.parent is not None
            and not owner.results[0].uses
        ):
            values.extend(owner.operands)
            rewriter.erase(owner)


def zero_padding(
    conv: Operation, x: SSAValue, axes: tuple[int, ...] = (0, 1, 2, 3)
) -> Padding | None:
    """The padding of `x` if it is a zero-padded buffer (module doc), None
    if it is an ordinary input; `axes`: where the input keeps its batch,
    height, width and channels (NHWC: 0, 1, 2, 3; NCHW: 0, 2, 3, 1).
    A located error for a padded buffer that the
    lowering cannot read in place (non-zero padding value, a border on N or
    C, a pad amount known only at run time)."""
    parts = padded_buffer(conv, x)
    if parts is None:
        return None
    buffer, fill, view, copy = parts
    _require_zero(conv, fill)
    image = copy.source
    if touched_between(copy, conv, image):
        return None  # the copy keeps a value the image no longer holds
    image_type = image.type
    strides = tuple(view.static_strides.get_values())
    if (
        view.strides
        or set(strides) != {1}
        or not isinstance(image_type, MemRefType)
        or not isinstance(image_type.layout, NoneAttr)
    ):
        raise error(
            conv,
            "the padded input is not a unit-stride copy of an identity-layout "
            f"image: {view}",
        )
    offsets = tuple(view.static_offsets.get_values())
    if view.offsets:
        shown = ", ".join("?" if o == DYNAMIC else str(o) for o in offsets)
        raise error(
            conv,
            f"a pad amount known only at run time (the image's offsets in the "
            f"padded buffer are [{shown}]): the top and left pads must be static",
        )
    _require_interior_is_image(conv, view, image, axes)
    growth = [_growth(conv, buffer, image, axis, axes) for axis in range(4)]
    batch, height, width, channels = axes
    if offsets[batch] or offsets[channels] or growth[batch] or growth[channels]:
        raise error(
            conv,
            f"padding of the batch or channel dimension ({view}) is not "
            "a convolution padding",
        )
    top, left = offsets[height], offsets[width]
    bottom, right = growth[height] - top, growth[width] - left
    if bottom < 0 or right < 0:
        raise error(
            conv,
            f"the image does not fit in the padded buffer {x.type} at offsets "
            f"{list(offsets)}: the bottom or right pad would be negative",
        )
    return Padding(buffer, fill, view, copy, image, (top, left, bottom, right))


def padded_buffer(
    consumer: Operation, x: SSAValue
) -> tuple[Operation, FillOp, memref.SubviewOp, memref.CopyOp] | None:
    """`x` as MLIR bufferizes a `tensor.pad` that `consumer` reads (module
    doc): (the buffer, its one fill, the one view of it, the one copy into
    that view), nothing else using the buffer but deallocs; else None."""
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
        elif user is not consumer and not isinstance(user, memref.DeallocOp):
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
    return buffer, fill, view, copy


def touched_between(copy: Operation, conv: Operation, image: SSAValue) -> bool:
    """Whether an op between the copy and the convolution (or another
    consumer of the padded buffer) uses the image (it may write it:
    bufferizing reuses a buffer whose value was copied), so the padded
    buffer, not the image, holds what the consumer reads."""
    if copy.parent_block() is not conv.parent_block():
        return True
    op = copy.next_op
    while op is not None and op is not conv:
        if any(
            image in inner.operands and not isinstance(inner, memref.DimOp)
            for inner in op.walk()
        ):
            return True
        op = op.next_op
    return False


def _require_zero(conv: Operation, fill: FillOp) -> None:
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


def _require_interior_is_image(
    conv: Operation, view: memref.SubviewOp, image: SSAValue, axes: tuple[int, ...]
) -> None:
    """The view's sizes are the image's: static ones equal, run-time ones
    the image's `memref.dim` at the same axis (as bufferizing makes them)."""
    dynamic = iter(view.sizes)
    for axis, (size, want) in enumerate(
        zip(view.static_sizes.get_values(), shape_of(image), strict=True)
    ):
        same = (
            _dim_axis(next(dynamic), image) == axis if size == DYNAMIC else size == want
        )
        if not same:
            raise error(
                conv,
                f"the padded buffer's interior (the subview) is not the copied "
                f"image {image.type} along its {_AXES[axes.index(axis)]} "
                f"(dimension {axis})",
            )


def _growth(
    conv: Operation,
    buffer: Operation,
    image: SSAValue,
    axis: int,
    axes: tuple[int, ...],
) -> int:
    """How much larger than the image the buffer is along `axis` (the pads
    on both sides): a difference of static sizes, or the constant the
    buffer's run-time size adds to the image's `memref.dim`."""
    padded = buffer.results[0].type.get_shape()  # type: ignore[union-attr]
    size = shape_of(image)[axis]
    if padded[axis] != DYNAMIC and size != DYNAMIC:
        return padded[axis] - size
    shown: object = padded[axis]
    growth = None
    if padded[axis] == DYNAMIC:
        sizes = buffer.dynamic_sizes  # type: ignore[attr-defined]
        given = sizes[sum(1 for d in padded[:axis] if d == DYNAMIC)]
        if size == DYNAMIC:
            growth = _added_to_dim(given, image, axis)
        elif (total := _constant(given)) is not None:
            growth = total - size
        shown = (
            f"%{given.name_hint}"
            if given.name_hint
            else getattr(given.owner, "name", "an argument")
        )
    if growth is None:
        raise error(
            conv,
            f"a pad amount known only at run time: the padded buffer's "
            f"{_AXES[axes.index(axis)]} (dimension {axis}: {shown}) is not the "
            "image's "
            "(memref.dim of the copied image) plus a constant",
        )
    return growth


def _added_to_dim(size: SSAValue, image: SSAValue, axis: int) -> int | None:
    """c where `size` is `memref.dim image, axis` (c = 0) or that plus an
    `arith.constant` c; None otherwise."""
    if _dim_axis(size, image) == axis:
        return 0
    add = size.owner
    if not isinstance(add, arith.AddiOp):
        return None
    for dim, constant in ((add.lhs, add.rhs), (add.rhs, add.lhs)):
        amount = _constant(constant)
        if amount is not None and _dim_axis(dim, image) == axis:
            return amount
    return None


def _dim_axis(size: SSAValue, image: SSAValue) -> int | None:
    """The axis if `size` is `memref.dim image, <constant axis>`."""
    dim = size.owner
    if not isinstance(dim, memref.DimOp) or dim.source != image:
        return None
    return _constant(dim.index)


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None
