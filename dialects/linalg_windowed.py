"""The bases of the windowed linalg ops that xDSL 0.74 lacks or builds wrong
(depthwise and 1-D convolutions: `WindowedConv`; pooling:
`WindowedPooling`, not a convolution to the passes): an op declared by its
loops and its operands' layouts, with one or two window axes.

A layout names each operand dimension by loop; a window axis's input
dimension is `out * stride + tap * dilation`: `H` = oh*sh + kh*dh and
`W` = ow*sw + kw*dw. The output's loops are parallel, the others (the taps,
a convolution's input channels) reductions. `strides` and `dilations` are
optional, as in MLIR (left out: 1 per window axis).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, DenseIntElementsAttr
from xdsl.dialects.linalg.abstract_ops import ConvOperation, PoolingOperation
from xdsl.dialects.linalg.ops import IteratorTypeAttr
from xdsl.ir.affine import AffineDimExpr, AffineMap
from xdsl.irdl import opt_prop_def
from xdsl.utils.exceptions import VerifyException

#: Each window axis: (input dimension, output loop, tap loop).
TWO_AXES = (("H", "oh", "kh"), ("W", "ow", "kw"))
ONE_AXIS = (("W", "ow", "kw"),)


class Windowed:
    """A windowed op declared by its loops and layouts (module doc): `LOOPS`
    names the loops in MLIR's order, `LAYOUTS` the operands' dimensions by
    loop name, `WINDOW` its window axes."""

    LOOPS: ClassVar[str]
    LAYOUTS: ClassVar[tuple[str, ...]]
    WINDOW: ClassVar[tuple[tuple[str, str, str], ...]] = TWO_AXES

    def steps(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(strides, dilations), one of each per window axis."""
        ones = (1,) * len(self.WINDOW)
        return tuple(  # type: ignore[return-value]
            ones if attr is None else tuple(int(v) for v in attr.get_values())
            for attr in (self.strides, self.dilations)
        )

    def verify_(self) -> None:
        axes = len(self.WINDOW)
        for name in ("strides", "dilations"):
            attr = getattr(self, name)
            if attr is not None and len(attr.get_values()) != axes:
                raise VerifyException(
                    f"attribute '{name}' must hold {axes} value"
                    f"{'s' if axes > 1 else ''} (one per window axis), got "
                    f"{len(attr.get_values())}"
                )
        super().verify_()  # type: ignore[misc]

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
        strides, dilations = self.steps()
        for (axis, out, tap), s, d in zip(self.WINDOW, strides, dilations, strict=True):
            dims[axis] = dims[out] * s + dims[tap] * d
        return tuple(
            AffineMap(len(loops), 0, tuple(dims[name] for name in layout.split()))
            for layout in self.operand_layouts()
        )


class WindowedConv(Windowed, ConvOperation):
    """A convolution (the passes' `ConvOperation`) declared as `Windowed`."""

    # Optional, as in MLIR (xDSL's convolutions require both).
    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)


class WindowedPooling(Windowed, PoolingOperation):
    """A pooling op declared as `Windowed`; its window operand only gives
    the taps' sizes."""

    strides = opt_prop_def(DenseIntElementsAttr)
    dilations = opt_prop_def(DenseIntElementsAttr)
