"""Reference semantics of `coopmlir.attention`, computed with numpy in f64:
scores, mask, softmax and the product with V exactly, rounded once to the
output type (the fused kernel rounds P to the input type before `@ V`; its
tests allow for that)."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.attention import AttentionOp, Variants
from coopmlir.interpreter.values import InterpretationFailure, round_to


def softmax(x: np.ndarray, axis: int) -> np.ndarray:
    """exp(x - max) / sum(exp(x - max)) along `axis`, in f64."""
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def attention(
    q,
    k,
    v,
    scale: float,
    mask=None,
    causal: bool = False,
    variants: Variants | None = None,
) -> np.ndarray:
    """softmax(scale * Q K^T + mask (causal: key j > query i dropped)) V, f64,
    K/V head h // (Hq / Hkv) for query head h, with the variants (the op's
    module doc)."""
    v_ = variants or Variants()
    k, v = (_repeat_heads(x, q.shape) for x in (k, v))
    s = scale * np.einsum(
        "...id,...jd->...ij", q.astype(np.float64), k.astype(np.float64)
    )
    rows, cols = s.shape[-2:]
    query, key = np.arange(rows)[:, None], np.arange(cols)[None, :]
    if v_.softcap is not None:
        s = v_.softcap * np.tanh(s / v_.softcap)
    if v_.alibi is not None:
        s = s + _per_head(v_.alibi, q.ndim) * (key - query)
    if mask is not None:
        s = s + mask.astype(np.float64)
    if causal:
        visible = key <= query
        if v_.window is not None:
            visible &= key > query - v_.window
        s = np.where(visible, s, -np.inf)
    if v_.sinks is None:
        # A row whose keys are all masked gives 0 (PyTorch's guard), not NaN.
        none = np.isneginf(s).all(-1, keepdims=True)
        p = np.where(none, 0.0, softmax(np.where(none, 0.0, s), -1))
    else:
        sink = np.broadcast_to(_per_head(v_.sinks, q.ndim), (*s.shape[:-1], 1))
        p = softmax(np.concatenate([s, sink], -1), -1)[..., :-1]
    return np.einsum("...ij,...jd->...id", p, v.astype(np.float64))


def _repeat_heads(x: np.ndarray, query_shape) -> np.ndarray:
    """K or V with each head repeated for the query heads of its group."""
    if x.ndim < 3 or x.shape[-3] == query_shape[-3]:
        return x
    return np.repeat(x, query_shape[-3] // x.shape[-3], axis=-3)


def _per_head(values, rank: int) -> np.ndarray:
    """Per-query-head values shaped to broadcast over [..., H, S, L]."""
    a = np.asarray(values, np.float64)
    return a.reshape((-1, 1, 1)) if rank >= 3 else a.reshape((1, 1))


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
            op.variants,
        )
        result = round_to(op.output.type, value)
        if isinstance(op.output.type, TensorType):
            return (result,)
        out[...] = result
        return ()
