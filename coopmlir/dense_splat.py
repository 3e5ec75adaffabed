"""The one value of a dense constant whose elements are all equal.

xDSL 0.74 stores a splat (`dense<0.0> : tensor<8x12x1024x1024xf32>`, as
torch-mlir exports the zeros of a masked attention) as every element's
bytes, and `get_values()` unpacks them one by one: asking whether a
constant is a splat that way took 15 s of the GPT-2 block's 21 s compile
(bench/RESULTS.md, "Eleventh session"). Here the bytes are compared, and
only the first element is unpacked.
"""

from __future__ import annotations

from xdsl.dialects.builtin import DenseIntOrFPElementsAttr


def splat_value(attr: DenseIntOrFPElementsAttr) -> int | float | None:
    """The value every element of `attr` holds, or None where they differ
    (or it has none)."""
    element = attr.get_element_type()
    data = attr.data.data
    size = element.compile_time_size  # pyright: ignore[reportAttributeAccessIssue]
    count = len(data) // size
    if count == 0:
        return None
    first = data[:size]
    # `count` non-overlapping matches of one element's bytes in `count`
    # elements' bytes tile the buffer from its start: every element is
    # `first` (a C-speed scan, no copy).
    if data.count(first) != count:
        return None
    return element.unpack(first, 1)[0]  # pyright: ignore[reportAttributeAccessIssue]
