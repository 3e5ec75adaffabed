"""tensor.empty: the tensor form of a matmul (`tensor.empty` + `linalg.fill`
+ `linalg.matmul`) runs on fresh numpy arrays."""

from __future__ import annotations

from xdsl.dialects import tensor
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

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
