"""cf.assert: the host-side checks of a dynamic-shape launch (lower-to-coopmat
asserts that the operands agree on their sizes) fail as a located error; in
a linalg body, which the interpreter runs on arrays of elements at once, it
fails where any element's condition is false."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import cf
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.diagnostics import location_of
from coopmlir.interpreter.values import InterpretationFailure


class AssertionFailed(InterpretationFailure):
    """A `cf.assert` whose condition is false."""


@register_impls
class CfFunctions(InterpreterFunctions):
    @impl(cf.AssertOp)
    def run_assert(self, interp, op: cf.AssertOp, args):
        if not np.all(args[0]):
            failure = AssertionFailed(f"assertion failed: {op.msg.data}")
            failure.location = location_of(op)
            raise failure
        return ()
