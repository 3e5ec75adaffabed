"""tensor.empty: the tensor form of a matmul (`tensor.empty` + `linalg.fill`
+ `linalg.matmul`) runs on fresh numpy arrays (`uninitialized`: NaN for
floats); `uninitialized_reads` finds the linalg ops that read one unwritten
(MLIR leaves those values undefined; a device reads what memory holds)."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.dialects.linalg.abstract_ops import (
    ElementwiseOperation,
    LinalgStructuredOperation,
)
from xdsl.dialects.linalg.ops import BroadcastOp, CopyOp, FillOp, GenericOp, TransposeOp
from xdsl.interpreter import InterpreterFunctions, impl, register_impls
from xdsl.ir import Operation

from coopmlir.interpreter.values import InterpretationFailure, uninitialized


@register_impls
class TensorFunctions(InterpreterFunctions):
    @impl(tensor.EmptyOp)
    def run_empty(self, interp, op: tensor.EmptyOp, args):
        t = op.tensor.type
        shape = tuple(t.get_shape())
        if args or any(d < 0 for d in shape):
            raise InterpretationFailure(
                "tensor.empty: dynamic shapes are not supported"
            )
        return (uninitialized(t, shape),)


#: Linalg ops that only write their init: a tensor.empty is fine there.
_WRITE_ONLY = (FillOp, BroadcastOp, TransposeOp, CopyOp, ElementwiseOperation)


def _reads_init(op: LinalgStructuredOperation) -> bool:
    if isinstance(op, GenericOp):
        outputs = op.body.block.args[len(op.inputs) :]
        return any(arg.uses for arg in outputs)
    return not isinstance(op, _WRITE_ONLY)


def uninitialized_reads(root: Operation) -> list[tuple[Operation, Operation]]:
    """(linalg op, tensor.empty) for each linalg op under `root` whose init
    (`outs`) is a tensor.empty it reads (a matmul accumulates into it)."""
    found = []
    for op in root.walk():
        if not isinstance(op, LinalgStructuredOperation) or not _reads_init(op):
            continue
        for init in op.outputs:
            if isinstance(init.owner, tensor.EmptyOp):
                found.append((op, init.owner))
    return found
