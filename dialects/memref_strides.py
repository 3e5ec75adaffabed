"""The strides and offset of a memref type, in elements: what the passes
that take views (bufferize-matmul) and that read them in place
(lower-to-coopmat's attention) both need, so it lives below them."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
)


def strides_and_offset(t: MemRefType) -> tuple[list[int], int] | None:
    """The element strides and offset of `t` (row-major for the identity
    layout); None when any is dynamic."""
    layout = t.layout
    if isinstance(layout, StridedLayoutAttr):
        strides = list(layout.get_strides())
        offset = layout.get_offset()
        if None in strides or not isinstance(offset, int):
            return None
        return strides, offset  # type: ignore[return-value]
    if not isinstance(layout, NoneAttr):
        return None
    shape = t.get_shape()
    if any(n == DYNAMIC_INDEX for n in shape[1:]):
        return None
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= n
    return strides[::-1], 0
