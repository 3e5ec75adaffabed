"""Reference semantics of `coopmlir.layer_norm` and `coopmlir.rms_norm`,
computed with numpy in f64 over the last dimension and rounded once to the
output type (the kernel computes in f32; its tests allow for that)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.norm import LayerNormOp, RmsNormOp, RowNormOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


def row_norm(x, epsilon: float, centered: bool, scale=None, shift=None) -> np.ndarray:
    """Layer norm (`centered`) or RMS norm of each row of the last axis, f64."""
    x = x.astype(np.float64)
    if centered:
        x = x - x.mean(axis=-1, keepdims=True)
    y = x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + epsilon)
    if scale is not None:
        y = y * scale.astype(np.float64)
    if shift is not None:
        y = y + shift.astype(np.float64)
    return y


@register_impls
class NormFunctions(InterpreterFunctions):
    @impl(LayerNormOp)
    def run_layer_norm(self, interp, op: LayerNormOp, args):
        return _run(interp, op, args)

    @impl(RmsNormOp)
    def run_rms_norm(self, interp, op: RmsNormOp, args):
        return _run(interp, op, args)


def _run(interp, op: RowNormOp, args) -> tuple:
    if interp.launch is not None:
        raise InterpretationFailure(f"{op.name} inside a kernel")
    x, *vectors = (np.asarray(a) for a in args[:-1])
    value = row_norm(x, op.epsilon.value.data, op.CENTERED, *vectors)
    result = round_to(op.output.type, value)
    if isinstance(op.output.type, TensorType):
        return (result,)
    args[-1][...] = result
    return ()
