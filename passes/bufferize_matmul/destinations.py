"""What a destination-style op reads and writes, for bufferizing it.

A destination-style op on tensors (every structured linalg op,
`linalg.broadcast`, `coopmlir.attention`, `coopmlir.chain`,
`linalg.softmax`, the row norms, `coopmlir.decode_attention`) has
inputs, outputs (`outs`, its last operands) and one result per output,
which lives in that output's buffer when the op writes it in place.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
)
from xdsl.dialects.linalg.ops import BroadcastOp, FillOp, GenericOp, TransposeOp
from xdsl.ir import Operation, SSAValue

from coopmlir.dialects.attention import AttentionOp
from coopmlir.dialects.chain import ChainOp
from coopmlir.dialects.decode_attention import DecodeAttentionOp
from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.dialects.linalg_softmax import SoftmaxOp
from coopmlir.dialects.norm import RowNormOp

#: Ops whose outputs are only written (their old contents never read).
_WRITE_ONLY = (
    FillOp
    | BroadcastOp
    | TransposeOp
    | ElementwiseOperation
    | SoftmaxOp
    | RowNormOp
    | SortByExpertOp
)


@dataclass(frozen=True)
class Destinations:
    """The inputs, outputs and results of a destination-style op."""

    op: Operation
    inputs: list[SSAValue]
    outputs: list[SSAValue]
    results: list[SSAValue]

    def output_operand(self, i: int) -> int:
        """The operand index of output `i` (outputs come last)."""
        return len(self.op.operands) - len(self.outputs) + i

    def reads_output(self, i: int) -> bool:
        """Whether the op reads output `i`'s old contents (a contraction
        accumulates into it; a generic whose `%out` argument is used)."""
        if isinstance(self.op, GenericOp):
            block_args = self.op.body.block.args
            return bool(block_args[len(self.inputs) + i].uses)
        return not isinstance(self.op, _WRITE_ONLY)

    def reads_at_written_element(self, value: SSAValue, i: int) -> bool:
        """Whether every read of `value` by the op is of the element of
        output `i` it then writes, so that writing `value`'s buffer in place
        is safe: an element-wise op (parallel loops only) reading `value`
        through the output's map."""
        op = self.op
        if isinstance(op, GenericOp):
            kinds = {str(t.data) for t in op.iterator_types.data}
            if kinds != {"parallel"}:
                return False
        elif not isinstance(op, ElementwiseOperation):
            return False
        maps = op.get_indexing_maps().data
        out_map = maps[len(self.inputs) + i]
        return all(maps[k] == out_map for k, v in enumerate(self.inputs) if v == value)


def destinations(op: Operation) -> Destinations | None:
    """The destinations of `op` when it is destination-style on tensors
    (it has results), else None."""
    if isinstance(op, BroadcastOp):
        return Destinations(op, [op.input], [op.init], list(op.result))
    if isinstance(op, SoftmaxOp):
        return Destinations(op, [op.input], [op.output], list(op.res))
    if isinstance(op, SortByExpertOp):
        return Destinations(op, [op.ids], list(op.outputs), list(op.res))
    if isinstance(op, AttentionOp | ChainOp | RowNormOp | GroupedMatmulOp):
        return Destinations(op, list(op.inputs), [op.output], list(op.res))
    if isinstance(op, DecodeAttentionOp):
        return Destinations(op, list(op.operands[:-1]), [op.output], list(op.res))
    if isinstance(op, LinalgStructuredOperation) and op.res:
        return Destinations(op, list(op.inputs), list(op.outputs), list(op.res))
    return None


__all__ = ["Destinations", "destinations"]
