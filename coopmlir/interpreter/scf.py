"""scf under the SPMD model: uniform control flow runs once for everyone;
divergent `scf.if` runs both sides under masks and merges the results, and a
divergent `scf.for` runs up to the longest trip count with finished lanes
masked off."""

from __future__ import annotations

import numpy as np
from xdsl.dialects import scf
from xdsl.interpreter import (
    InterpreterFunctions,
    ReturnedValues,
    impl,
    impl_terminator,
    register_impls,
)

from coopmlir.interpreter.values import InterpretationFailure


def uniform_value(interp, value) -> int | bool | None:
    """The value all active lanes agree on, or None if they differ."""
    value = np.asarray(value)
    if value.ndim == 0:
        return value.item()
    launch = interp.launch
    if launch is not None and launch.mask is not None:
        value = value[launch.mask]
        if value.size == 0:
            return None
    first = value.flat[0]
    return first.item() if np.all(value == first) else None


@register_impls
class ScfFunctions(InterpreterFunctions):
    @impl_terminator(scf.YieldOp)
    def run_yield(self, interp, op, args):
        return ReturnedValues(args), ()

    @impl(scf.ForOp)
    def run_for(self, interp, op: scf.ForOp, args):
        lb, ub, step, *carried = args
        bounds = [uniform_value(interp, x) for x in (lb, ub, step)]
        if None not in bounds:
            if bounds[2] <= 0:
                raise InterpretationFailure("scf.for: step must be positive")
            for i in range(*bounds):
                carried = interp.run_ssacfg_region(
                    op.body, (np.int64(i), *carried), "scf.for"
                )
            return tuple(carried)
        return self._divergent_for(interp, op, lb, ub, step, carried)

    def _divergent_for(self, interp, op: scf.ForOp, lb, ub, step, carried):
        launch = interp.launch
        lb, ub, step = (launch.per_lane(x).astype(np.int64) for x in (lb, ub, step))
        if np.any(step <= 0):
            raise InterpretationFailure("scf.for: step must be positive")
        trips = np.maximum(0, -((lb - ub) // step))
        if launch.mask is not None:
            trips = np.where(launch.mask, trips, 0)
        types = [a.type for a in op.body.block.args[1:]]
        for t in range(int(trips.max(initial=0))):
            launch.push_mask(t < trips)
            try:
                new = interp.run_ssacfg_region(
                    op.body, (lb + t * step, *carried), "scf.for"
                )
                carried = [
                    launch.select(n, o, t)
                    for n, o, t in zip(new, carried, types, strict=True)
                ]
            finally:
                launch.pop_mask()
        return tuple(carried)

    @impl(scf.IfOp)
    def run_if(self, interp, op: scf.IfOp, args):
        (cond,) = args
        decided = uniform_value(interp, cond)
        if decided is not None:
            region = op.true_region if decided else op.false_region
            return interp.run_ssacfg_region(region, (), "scf.if")
        launch = interp.launch
        cond = launch.per_lane(cond).astype(bool)
        launch.push_mask(cond)
        try:
            then = interp.run_ssacfg_region(op.true_region, (), "scf.if")
        finally:
            launch.pop_mask()
        launch.push_mask(~cond)
        try:
            other = interp.run_ssacfg_region(op.false_region, (), "scf.if")
        finally:
            launch.pop_mask()
        launch.push_mask(cond)
        try:
            return tuple(
                launch.select(t, f, r.type)
                for t, f, r in zip(then, other, op.results, strict=True)
            )
        finally:
            launch.pop_mask()

    @impl(scf.WhileOp)
    def run_while(self, interp, op: scf.WhileOp, args):
        carried = args
        while True:
            cond, *forwarded = interp.run_ssacfg_region(
                op.before_region, carried, "scf.while"
            )
            decided = uniform_value(interp, cond)
            if decided is None:
                raise InterpretationFailure("scf.while with a divergent condition")
            if not decided:
                return tuple(forwarded)
            carried = interp.run_ssacfg_region(
                op.after_region, tuple(forwarded), "scf.while"
            )

    @impl_terminator(scf.ConditionOp)
    def run_condition(self, interp, op, args):
        return ReturnedValues(args), ()
