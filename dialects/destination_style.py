"""What coopmlir's named destination-style ops (`coopmlir.attention`, the
row norms, the grouped product, ...) share: their syntax

    ins(%a, %b : t_a, t_b) outs(%init : t_o) -> t_o

their fields (`inputs`, `output`, `res`), and their checks: the operands are
all tensors or all memrefs, and they return the output's tensor type on
tensors, nothing on memrefs."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    operand_def,
    var_operand_def,
    var_result_def,
)
from xdsl.utils.exceptions import VerifyException

#: `outs(%init : t_o) -> t_o`, the result only on tensors: the syntax's tail,
#: for ops whose inputs have names of their own.
OUTS_FORMAT = "`outs` `(` $output `:` type($output) `)` (`->` type($res)^)?"
#: The whole syntax of a `DestinationStyleOp`.
INS_OUTS_FORMAT = "attr-dict `ins` `(` $inputs `:` type($inputs) `)` " + OUTS_FORMAT


class DestinationStyleOp(IRDLOperation):
    """An op reading `inputs` and writing `output` (on tensors, a new value:
    `res`); a subclass adds its properties and its verify_, which calls
    `verify_one_kind` and `verify_results`. Properties are written in the
    attr-dict (`{scale = 0.125 : f32, causal}`), as linalg's are."""

    inputs = var_operand_def()
    output = operand_def()
    res = var_result_def()

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = INS_OUTS_FORMAT


def tensor_results(output: Attribute) -> list[Attribute]:
    """The result types of an op writing an `output` of this type: the type
    itself on tensors, none on memrefs."""
    return [output] if isinstance(output, TensorType) else []


def verify_one_kind(types: Sequence[Attribute]) -> None:
    """All of `types` are tensors, or all are memrefs."""
    kinds = {type(t) for t in types}
    if not kinds <= {TensorType} and not kinds <= {MemRefType}:
        raise VerifyException(
            "operands must be all tensors or all memrefs, got "
            + ", ".join(map(str, types))
        )


def verify_results(results: Sequence[Attribute], output: Attribute) -> None:
    """`results` are `output`'s type on tensors, none on memrefs."""
    if list(results) != tensor_results(output):
        raise VerifyException(
            "the result is the output's tensor type (none on memrefs)"
        )
