"""Reference semantics of `coopmlir.decode_attention`, computed with numpy
in f64 (`decode_attention`): K/V decoded with their scales, the keys past
the run-time length (and, causal, past each query's position) dropped, the
softmax exact, rounded once to the output type."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.decode_attention import DecodeAttentionOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


def decode(codes: np.ndarray, scales: np.ndarray | None) -> np.ndarray:
    """K or V [B, Hkv, n, D] in f64: the stored values, or codes times their
    per-position [B, Hkv, >= n] or per-head [B, Hkv] scales (the f8 decode
    goes here too)."""
    values = codes.astype(np.float64)
    if scales is None:
        return values
    s = scales.astype(np.float64)
    s = s[..., : codes.shape[2], None] if s.ndim == 3 else s[..., None, None]
    return values * s


def decode_attention(
    q, k, v, length: int, scale: float, causal: bool = False, scales=None
) -> np.ndarray:
    """O [B, Hq, S, Dv] of the op (module doc of dialects/decode_attention.py),
    f64; rows that see no key are NaN."""
    k_scale, v_scale = scales if scales is not None else (None, None)
    length = min(max(length, 0), k.shape[2])
    if length == 0:
        return np.full((*q.shape[:3], v.shape[3]), np.nan)
    # What lies past the length (stale or NaN) must not reach the result.
    kd, vd = (decode(x[:, :, :length], s) for x, s in ((k, k_scale), (v, v_scale)))
    group = q.shape[1] // k.shape[1]
    kd, vd = np.repeat(kd, group, axis=1), np.repeat(vd, group, axis=1)
    s = scale * np.einsum("bhid,bhjd->bhij", q.astype(np.float64), kd)
    rows, keys = s.shape[-2:]
    position = np.arange(keys)[None, :]
    last = length - rows + np.arange(rows)[:, None] if causal else length - 1
    s = np.where(position <= last, s, -np.inf)
    with np.errstate(invalid="ignore"):
        e = np.exp(s - s.max(axis=-1, keepdims=True))
        p = e / e.sum(axis=-1, keepdims=True)
    return np.einsum("bhij,bhjd->bhid", p, vd)


@register_impls
class DecodeAttentionFunctions(InterpreterFunctions):
    @impl(DecodeAttentionOp)
    def run_decode_attention(self, interp, op: DecodeAttentionOp, args):
        if interp.launch is not None:
            raise InterpretationFailure("coopmlir.decode_attention inside a kernel")
        q, k, v, length, *scales = (np.asarray(a) for a in args[:-1])
        out = args[-1]
        value = decode_attention(
            q,
            k,
            v,
            int(length.reshape(-1)[0]),
            op.scale.value.data,
            op.causal is not None,
            tuple(scales) if scales else None,
        )
        result = round_to(op.output.type, value)
        if isinstance(op.output.type, TensorType):
            return (result,)
        out[...] = result
        return ()
