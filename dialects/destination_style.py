"""What coopmlir's named destination-style ops (`coopmlir.attention`, the
row norms) check alike: their operands are all tensors or all memrefs, and
they return the output's tensor type on tensors, nothing on memrefs."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import MemRefType, TensorType
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException


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
    expected = [output] if isinstance(output, TensorType) else []
    if list(results) != expected:
        raise VerifyException(
            "the result is the output's tensor type (none on memrefs)"
        )
