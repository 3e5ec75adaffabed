"""func: calls and returns (host functions and helpers called from kernels)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_callable,
    impl_terminator,
    register_impls,
)

from coopmlir.interpreter.values import InterpretationFailure


@register_impls
class FuncFunctions(InterpreterFunctions):
    @impl_terminator(func.ReturnOp)
    def run_return(self, interp, op, args):
        return ReturnedValues(args), ()

    @impl(func.CallOp)
    def run_call(self, interp, op: func.CallOp, args):
        return interp.call_op(op.callee, args)

    @impl_callable(func.FuncOp)
    def call_func(self, interp, op: func.FuncOp, args):
        if not op.body.blocks:
            raise InterpretationFailure(f"@{op.sym_name.data} has no body")
        return interp.run_ssacfg_region(op.body, args, op.sym_name.data)
