"""Reference semantics of `coopmlir.attention`, computed with numpy in f64:
scores, mask, softmax and the product with V exactly, rounded once to the
output type (the fused kernel rounds P to the input type before `@ V`; its
tests allow for that)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.attention import AttentionOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    """exp(x - max) / sum(exp(x - max)) along `axis`, in f64."""
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def attention(q, k, v, scale: float, mask=None, causal: bool = False) -> np.ndarray:
    """softmax(scale * Q K^T + mask (causal: key j > query i dropped)) V, f64."""
    s = scale * np.einsum(
        "...id,...jd->...ij", q.astype(np.float64), k.astype(np.float64)
    )
    if mask is not None:
        s = s + mask.astype(np.float64)
    if causal:
        rows, cols = s.shape[-2:]
        s = np.where(np.tri(rows, cols, dtype=bool), s, -np.inf)
    return np.einsum("...ij,...jd->...id", softmax(s, -1), v.astype(np.float64))


@register_impls
class AttentionFunctions(InterpreterFunctions):
    @impl(AttentionOp)
    def run_attention(self, interp, op: AttentionOp, args):
        if interp.launch is not None:
            raise InterpretationFailure("coopmlir.attention inside a kernel")
        q, k, v, *mask = (np.asarray(a) for a in args[:-1])
        out = args[-1]
        value = attention(
            q,
            k,
            v,
            op.scale.value.data,
            mask[0] if mask else None,
            op.causal is not None,
        )
        result = round_to(op.output.type, value)
        if isinstance(op.output.type, TensorType):
            return (result,)
        out[...] = result
        return ()
