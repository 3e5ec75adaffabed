"""The memref types of views, as MLIR's bufferization writes them.

A tensor reshape or slice becomes a view of its source's buffer:
`memref.expand_shape`, `memref.collapse_shape` (identity layout in,
identity layout out; a strided source gives a `strided<[...], offset: n>`
result) and `memref.subview` (always strided). `None` when the view cannot
be taken (a collapsed group that is not contiguous in memory): the source
is copied first.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    TensorType,
)

from coopmlir.dialects.memref_strides import strides_and_offset


def memref_of(t: TensorType) -> MemRefType:
    """The identity-layout memref of a tensor type, dynamic sizes kept."""
    return MemRefType(t.element_type, t.get_shape())


def _with_strides(
    source: MemRefType, shape: Sequence[int], strides: Sequence[int], offset: int
) -> MemRefType:
    if isinstance(source.layout, NoneAttr):
        return MemRefType(source.element_type, shape)
    layout = StridedLayoutAttr(list(strides), offset)
    return MemRefType(source.element_type, shape, layout, source.memory_space)


def expanded_type(
    source: MemRefType, groups: list[list[int]], shape: Sequence[int]
) -> MemRefType | None:
    """The type of `memref.expand_shape` of `source` into `shape`."""
    if isinstance(source.layout, NoneAttr):
        return MemRefType(source.element_type, shape)
    known = strides_and_offset(source)
    if known is None or DYNAMIC_INDEX in shape:
        return None
    source_strides, offset = known
    strides = [0] * len(shape)
    for group, stride in zip(groups, source_strides, strict=True):
        for d in reversed(group):
            strides[d] = stride
            stride *= shape[d]
    return _with_strides(source, shape, strides, offset)


def collapsed_type(source: MemRefType, groups: list[list[int]]) -> MemRefType | None:
    """The type of `memref.collapse_shape` of `source`; None when a group's
    dimensions are not contiguous in memory."""
    shape = source.get_shape()

    def size(group: list[int]) -> int:
        if any(shape[d] == DYNAMIC_INDEX for d in group):
            return DYNAMIC_INDEX
        product = 1
        for d in group:
            product *= shape[d]
        return product

    collapsed = [size(g) for g in groups]
    if isinstance(source.layout, NoneAttr):
        return MemRefType(source.element_type, collapsed)
    known = strides_and_offset(source)
    if known is None:
        return None
    strides, offset = known
    inner_strides = []
    for group in groups:
        # Unit dimensions may have any stride; the others must nest.
        dims = [d for d in group if shape[d] != 1] or group[-1:]
        for outer, inner in pairwise(dims):
            if strides[outer] != strides[inner] * shape[inner]:
                return None
        inner_strides.append(strides[dims[-1]])
    return _with_strides(source, collapsed, inner_strides, offset)
