"""MLIR's pooling ops as torch-mlir exports `nn.MaxPool2d` and
`nn.AvgPool2d` (and their NHWC and 1-D forms): xDSL 0.74 has only
`linalg.pooling_nchw_max`, whose body takes the max of the input and the
window operand instead of the output. The window operand (an empty tensor
of the taps' shape) only gives the taps' sizes:

    pooling_nchw_max:  Y[n, c, oh, ow] = max(Y[n, c, oh, ow], X[n, c, H, W])
    pooling_nchw_sum:  Y[n, c, oh, ow] += X[n, c, H, W]

over the taps (kh, kw), H = oh*sh + kh*dh, W = ow*sw + kw*dw
(linalg_windowed.py); `nhwc` puts the channels last, `ncw`/`nwc` have one
window axis. As in MLIR, the input is cast to the output's type first
(`extf`, `truncf`, `sitofp`, `extsi`, ...) and `max`/`min` are
`maximumf`/`minimumf` on floats (a NaN wins), signed on integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat
from xdsl.dialects.linalg.ops import YieldOp
from xdsl.ir import BlockArgument, Region, SSAValue
from xdsl.irdl import irdl_op_definition

from coopmlir.dialects.linalg_casts import cast_to, checked_element_types
from coopmlir.dialects.linalg_windowed import ONE_AXIS, WindowedPooling

#: combine -> (float op, integer op) of `output = op(output, input)`.
_COMBINE = {
    "max": (arith.MaximumfOp, arith.MaxSIOp),
    "min": (arith.MinimumfOp, arith.MinSIOp),
    "sum": (arith.AddfOp, arith.AddiOp),
}


class _Pooling(WindowedPooling):
    COMBINE: ClassVar[str]

    @classmethod
    def get_hidden_region(
        cls, inputs: Sequence[SSAValue], outputs: Sequence[SSAValue]
    ) -> Region:
        types = checked_element_types(cls.name, (*inputs, *outputs))
        out = types[-1]
        float_op, int_op = _COMBINE[cls.COMBINE]
        combine = float_op if isinstance(out, AnyFloat) else int_op

        @Builder.implicit_region(tuple(types))
        def body(args: tuple[BlockArgument, ...]) -> None:
            value = cast_to(args[0], out, False, cls.name)
            YieldOp(combine(args[2], value))

        return body


def _pooling(name: str, combine: str, loops: str, layouts, window=None):
    attributes = {
        "name": f"linalg.{name}",
        "COMBINE": combine,
        "LOOPS": loops,
        "LAYOUTS": layouts,
        "__module__": __name__,
        "__annotations__": dict.fromkeys(("COMBINE", "LOOPS", "LAYOUTS"), ClassVar),
    }
    if window is not None:
        attributes["WINDOW"] = window
        attributes["__annotations__"]["WINDOW"] = ClassVar
    cls = type(_class_name(name), (_Pooling,), attributes)
    return irdl_op_definition(cls)


def _class_name(name: str) -> str:
    """pooling_nchw_max -> PoolingNchwMaxOp."""
    return "".join(part.capitalize() for part in name.split("_")) + "Op"


_NCHW = ("n c oh ow kh kw", ("n c H W", "kh kw", "n c oh ow"))
_NHWC = ("n oh ow c kh kw", ("n H W c", "kh kw", "n oh ow c"))
_NCW = ("n c ow kw", ("n c W", "kw", "n c ow"))
_NWC = ("n ow c kw", ("n W c", "kw", "n ow c"))

#: MLIR's signed and float pooling ops (channels-first ones have no min).
POOLING = tuple(
    _pooling(f"pooling_{layout}_{combine}", combine, *loops, window)
    for layout, loops, window, combines in (
        ("nchw", _NCHW, None, ("max", "sum")),
        ("nhwc", _NHWC, None, ("max", "min", "sum")),
        ("ncw", _NCW, ONE_AXIS, ("max", "sum")),
        ("nwc", _NWC, ONE_AXIS, ("max", "min", "sum")),
    )
    for combine in combines
)
