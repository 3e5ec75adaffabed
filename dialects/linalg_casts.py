"""The casts of MLIR's named linalg bodies (OpDSL's `cast_signed` and
`cast_unsigned`) and the element types those bodies take: shared by the
contractions and convolutions (linalg_mixed_precision.py, linalg_named.py)
and the pooling ops (linalg_pooling.py)."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IntegerType
from xdsl.dialects.linalg.abstract_ops import NamedOperation
from xdsl.ir import Attribute, SSAValue
from xdsl.utils.exceptions import VerifyException


def cast_to(
    value: SSAValue, target: Attribute, unsigned: bool, op_name: str
) -> SSAValue:
    """Insert the MLIR cast of a body argument to the accumulator type:
    OpDSL's `cast_signed` (`cast_unsigned`: the u-forms)."""
    source = value.type
    if source == target:
        return value
    if not isinstance(source, IntegerType | AnyFloat) or not isinstance(
        target, IntegerType | AnyFloat
    ):
        raise VerifyException(f"{op_name}: cannot cast {source} inputs to {target}")
    cast = CASTS[
        isinstance(source, AnyFloat),
        isinstance(target, AnyFloat),
        source.bitwidth < target.bitwidth,
        unsigned,
    ]
    return cast(value, target).results[0]


def _ops_for_casts() -> dict:
    """(source is float, target is float, widening, unsigned) -> MLIR's cast."""
    table = {}
    for widening in (False, True):
        for unsigned in (False, True):
            table[True, True, widening, unsigned] = (
                arith.ExtFOp if widening else arith.TruncFOp
            )
            table[False, False, widening, unsigned] = (
                (arith.ExtUIOp if unsigned else arith.ExtSIOp)
                if widening
                else arith.TruncIOp
            )
            table[False, True, widening, unsigned] = (
                arith.UIToFPOp if unsigned else arith.SIToFPOp
            )
            table[True, False, widening, unsigned] = (
                arith.FPToUIOp if unsigned else arith.FPToSIOp
            )
    return table


CASTS = _ops_for_casts()


def checked_element_types(
    op_name: str, operands: Sequence[SSAValue]
) -> Sequence[AnyFloat | IntegerType]:
    """The body's argument types of a named op on `operands`; a
    `VerifyException` naming the type where one is not a float or integer
    (e.g. complex<f32>: no body, and no kernel, computes it)."""
    for value in operands:
        element = getattr(value.type, "element_type", value.type)
        if not isinstance(element, AnyFloat | IntegerType):
            raise VerifyException(
                f"'{op_name}' on {element} is not supported: "
                "contractions and convolutions take float and integer elements"
            )
    return NamedOperation.body_arg_types(operands)
