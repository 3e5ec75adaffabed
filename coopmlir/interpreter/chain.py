"""Reference semantics of `coopmlir.chain`: each product exact (f64) and
rounded to f32 (the accumulator), each function on numpy arrays, its result
rounded to the input's element type; the last product rounded to the output
type."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import Float32Type, TensorType
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)

from coopmlir.dialects.chain import ChainOp, YieldOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


@register_impls
class ChainFunctions(InterpreterFunctions):
    @impl(ChainOp)
    def run_chain(self, interp, op: ChainOp, args):
        if interp.launch is not None:
            raise InterpretationFailure("coopmlir.chain inside a kernel")
        x, *weights = (np.asarray(a) for a in args[:-1])
        elem = op.inputs[0].type.element_type  # type: ignore[union-attr]
        h = x
        for i, w in enumerate(weights[:-1]):
            product = round_to(
                Float32Type(), h.astype(np.float64) @ w.astype(np.float64)
            )
            (value,) = interp.run_ssacfg_region(op.functions[i], (product,), op.name)
            h = round_to(elem, round_to(Float32Type(), np.asarray(value)))
        result = round_to(
            op.output.type, h.astype(np.float64) @ weights[-1].astype(np.float64)
        )
        if isinstance(op.output.type, TensorType):
            return (result,)
        args[-1][...] = result
        return ()

    @impl_terminator(YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()
