"""One constant op per value and type: the cache every IR builder shares.

lower-to-coopmat's kernel builder, coopmat-to-simt's emitter and
convert-to-spirv's function builder each emit constants where they
dominate their uses and reuse them. What differs is only how a constant op
is made (`arith.constant` or `spirv.Constant`) and where it goes (hoisted
to the top of the kernel, or at the rewriter's insertion point); those come
in as two functions.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseIntOrFPElementsAttr,
    FloatAttr,
    IntegerAttr,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

Number = int | float | bool


def _exact(value: Number, t: Attribute) -> int | str:
    """The value as type `t` (or its vector's elements) holds it: 1 and 1.0 are
    one f32 constant, but 0.0 and -0.0 are two (== would merge them)."""
    element = t.get_element_type() if isinstance(t, VectorType) else t
    if isinstance(element, AnyFloat):
        return float(value).hex()
    return int(value)


class ConstantCache:
    """`get(value, type)` returns the one constant of that value and type,
    made by `make(value, type)` and inserted by `place(op)` the first time."""

    def __init__(
        self,
        make: Callable[[Number, Attribute], Operation],
        place: Callable[[Operation], None],
    ):
        self._make = make
        self._place = place
        self._values: dict[tuple[Attribute, int | str], SSAValue] = {}

    def get(self, value: Number, t: Attribute) -> SSAValue:
        key = (t, _exact(value, t))
        found = self._values.get(key)
        if found is None:
            op = self._make(value, t)
            self._place(op)
            found = self._values[key] = op.results[0]
        return found


def arith_constant(value: Number, t: Attribute) -> arith.ConstantOp:
    """`arith.constant` of a scalar or splat vector of builtin type `t`."""
    if isinstance(t, VectorType):
        element = t.get_element_type()
        fill = float(value) if isinstance(element, AnyFloat) else int(value)
        dense = DenseIntOrFPElementsAttr.from_list(t, [fill] * t.get_shape()[0])
        return arith.ConstantOp(dense)
    if isinstance(t, AnyFloat):
        return arith.ConstantOp(FloatAttr(float(value), t))
    return arith.ConstantOp(IntegerAttr(int(value), t))
