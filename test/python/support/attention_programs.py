"""Attention programs on tensors, as a frontend writes them, shared by the
interpreter, lavapipe and lit-style tests: the direct `coopmlir.attention`,
`linalg.softmax`, and the decomposed softmax (MLIR's DecomposeSoftmax form).

`attention_program(form, lead, s, keys, d, dv, ty, out, scale, mask, causal)`
gives a module with `func.func @attn(%q, %k, %v[, %mask]) -> O`;
`sdpa_program` torch-mlir's SDPA after bufferization (heads as transposed
copies of qkv column slices).
"""

from __future__ import annotations

import numpy as np

from coopmlir.elements import round_bf16
from coopmlir.interpreter.attention import attention


def _t(shape, ty: str) -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{ty}>"


def _maps(rank: int, *operands: str) -> str:
    """indexing_maps of a generic: 'id' (all loops) or 'row' (all but the last)."""
    dims = [f"d{i}" for i in range(rank)]
    text = {
        "id": ", ".join(dims),
        "row": ", ".join(dims[:-1]),
        "last2": ", ".join(dims[-2:]),
    }
    loops = ", ".join(dims)
    return ", ".join(f"affine_map<({loops}) -> ({text[o]})>" for o in operands)


def _iterators(rank: int, reduce_last: bool = False) -> str:
    kinds = ['"parallel"'] * rank
    if reduce_last:
        kinds[-1] = '"reduction"'
    return ", ".join(kinds)


def attention_program(
    form: str,
    lead: tuple[int, ...],
    s: int,
    keys: int,
    d: int,
    dv: int,
    ty: str = "f16",
    out: str = "f32",
    scale: float = 0.25,
    mask: str | None = None,
    causal: bool = False,
    softmax_dim: int | None = None,
    transpose_b: bool = False,
) -> str:
    """A module computing attention in `form`: "op", "softmax" or
    "decomposed"; `mask` None, "full" ([..., S, L]) or "2d" ([S, L])."""
    q_t, k_t, v_t = (
        _t((*lead, s, d), ty),
        _t((*lead, keys, d), ty),
        _t((*lead, keys, dv), ty),
    )
    o_t = _t((*lead, s, dv), out)
    mask_shape = (*lead, s, keys) if mask == "full" else (s, keys)
    m_t = _t(mask_shape, "f32")
    args = f"%q: {q_t}, %k: {k_t}, %v: {v_t}" + (f", %mask: {m_t}" if mask else "")
    if form == "op":
        ins = "%q, %k, %v" + (", %mask" if mask else "")
        types = f"{q_t}, {k_t}, {v_t}" + (f", {m_t}" if mask else "")
        flags = f"scale = {scale} : f32" + (", causal" if causal else "")
        body = f"""
  %e = tensor.empty() : {o_t}
  %o = coopmlir.attention {{{flags}}} ins({ins} : {types}) outs(%e : {o_t}) -> {o_t}"""
        return _function(args, o_t, body)
    rank = len(lead) + 2
    s_t = _t((*lead, s, keys), "f32")
    row_t = _t((*lead, s), "f32")
    mm = "linalg.batch_matmul" if lead else "linalg.matmul"
    if lead:
        qk_maps = (
            "indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, "
            "affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]"
        )
    else:
        qk_maps = (
            "indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
            "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]"
        )
    qk = f"{mm} {qk_maps}"
    if transpose_b:  # the named op (2-D only)
        qk = "linalg.matmul_transpose_b"
    lines = [
        "%zero = arith.constant 0.0 : f32",
        f"%se = tensor.empty() : {s_t}",
        f"%s0 = linalg.fill ins(%zero : f32) outs(%se : {s_t}) -> {s_t}",
        *(
            # [B, H, S, D]: contraction generics (batch_matmul is 3-D only)
            _contraction_4d(
                "%s", "%q", "%k", f"{q_t}, {k_t}", "%s0", s_t, ty, "f32", True
            )
            if len(lead) == 2
            else [f"%s = {qk} ins(%q, %k : {q_t}, {k_t}) outs(%s0 : {s_t}) -> {s_t}"]
        ),
        f"%c = arith.constant {scale} : f32",
        f"%x1 = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'id')}], "
        f"iterator_types = [{_iterators(rank)}]}} ins(%s : {s_t}) outs(%se : {s_t}) {{",
        "^bb0(%a: f32, %b: f32):",
        "  %y = arith.mulf %a, %c : f32",
        "  linalg.yield %y : f32",
        f"}} -> {s_t}",
    ]
    x = "%x1"
    if mask:
        which = "id" if mask == "full" else "last2"
        lines += [
            f"%x2 = linalg.generic {{indexing_maps = [{_maps(rank, 'id', which, 'id')}], "
            f"iterator_types = [{_iterators(rank)}]}} ins({x}, %mask : {s_t}, {m_t}) "
            f"outs(%se : {s_t}) {{",
            "^bb0(%a: f32, %m: f32, %b: f32):",
            "  %y = arith.addf %a, %m : f32",
            "  linalg.yield %y : f32",
            f"}} -> {s_t}",
        ]
        x = "%x2"
    if causal:
        lines += [
            "%ninf = arith.constant 0xFF800000 : f32",
            f"%x3 = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'id')}], "
            f"iterator_types = [{_iterators(rank)}]}} ins({x} : {s_t}) outs(%se : {s_t}) {{",
            "^bb0(%a: f32, %b: f32):",
            f"  %i = linalg.index {rank - 2} : index",
            f"  %j = linalg.index {rank - 1} : index",
            "  %after = arith.cmpi ugt, %j, %i : index",
            "  %y = arith.select %after, %ninf, %a : f32",
            "  linalg.yield %y : f32",
            f"}} -> {s_t}",
        ]
        x = "%x3"
    dim = rank - 1 if softmax_dim is None else softmax_dim
    if form == "softmax":
        lines += [
            f"%p = linalg.softmax dimension({dim}) ins({x} : {s_t}) outs(%se : {s_t}) -> {s_t}"
        ]
    else:
        lines += _decomposed(x, rank, s_t, row_t)
    p = "%p"
    p_t = s_t
    if ty != "f32":
        p_t = _t((*lead, s, keys), ty)
        lines += [
            f"%pe = tensor.empty() : {p_t}",
            f"%pn = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'id')}], "
            f"iterator_types = [{_iterators(rank)}]}} ins(%p : {s_t}) outs(%pe : {p_t}) {{",
            f"^bb0(%a: f32, %b: {ty}):",
            f"  %y = arith.truncf %a : f32 to {ty}",
            f"  linalg.yield %y : {ty}",
            f"}} -> {p_t}",
        ]
        p = "%pn"
    lines += [
        f"%oz = arith.constant 0.0 : {out}",
        f"%oe = tensor.empty() : {o_t}",
        f"%o0 = linalg.fill ins(%oz : {out}) outs(%oe : {o_t}) -> {o_t}",
    ]
    if len(lead) == 2:
        lines += _contraction_4d(
            "%o", p, "%v", f"{p_t}, {v_t}", "%o0", o_t, ty, out, False
        )
    else:
        lines += [f"%o = {mm} ins({p}, %v : {p_t}, {v_t}) outs(%o0 : {o_t}) -> {o_t}"]
    return _function(args, o_t, "\n" + "\n".join("  " + x for x in lines))


def _contraction_4d(
    result: str,
    a: str,
    b: str,
    types: str,
    c: str,
    c_t: str,
    ty: str,
    out: str,
    b_transposed: bool,
) -> list[str]:
    """A `linalg.generic` contraction over loops (b, h, i, j, d) as
    frontends write 4-D attention: A [b, h, i, d], B [b, h, j, d]
    (`b_transposed`, Q @ K^T) or [b, h, d, j] (P @ V), C [b, h, i, j]."""
    loops = "(b, h, i, j, d)"
    b_map = "(b, h, j, d)" if b_transposed else "(b, h, d, j)"
    maps = ", ".join(
        f"affine_map<{loops} -> {m}>" for m in ("(b, h, i, d)", b_map, "(b, h, i, j)")
    )
    iterators = '"parallel", "parallel", "parallel", "parallel", "reduction"'
    if ty == out:
        body = [f"  %xy = arith.mulf %x, %y : {out}"]
    else:
        body = [
            f"  %xe = arith.extf %x : {ty} to {out}",
            f"  %ye = arith.extf %y : {ty} to {out}",
            f"  %xy = arith.mulf %xe, %ye : {out}",
        ]
    return [
        f"{result} = linalg.generic {{indexing_maps = [{maps}], "
        f"iterator_types = [{iterators}]}} ins({a}, {b} : {types}) "
        f"outs({c} : {c_t}) {{",
        f"^bb0(%x: {ty}, %y: {ty}, %acc: {out}):",
        *body,
        f"  %r = arith.addf %acc, %xy : {out}",
        f"  linalg.yield %r : {out}",
        f"}} -> {c_t}",
    ]


def _decomposed(x: str, rank: int, s_t: str, row_t: str) -> list[str]:
    """MLIR's DecomposeSoftmax: max, exp(x - max), sum, div."""
    par = _iterators(rank)
    red = _iterators(rank, reduce_last=True)
    return [
        "%ninf2 = arith.constant 0xFF800000 : f32",
        f"%re = tensor.empty() : {row_t}",
        f"%m0 = linalg.fill ins(%ninf2 : f32) outs(%re : {row_t}) -> {row_t}",
        f"%mx = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'row')}], "
        f"iterator_types = [{red}]}} ins({x} : {s_t}) outs(%m0 : {row_t}) {{",
        "^bb0(%a: f32, %b: f32):",
        "  %y = arith.maxnumf %a, %b : f32",
        "  linalg.yield %y : f32",
        f"}} -> {row_t}",
        f"%ex = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'row', 'id')}], "
        f"iterator_types = [{par}]}} ins({x}, %mx : {s_t}, {row_t}) outs(%se : {s_t}) {{",
        "^bb0(%a: f32, %m: f32, %b: f32):",
        "  %y = arith.subf %a, %m : f32",
        "  %z = math.exp %y : f32",
        "  linalg.yield %z : f32",
        f"}} -> {s_t}",
        "%zero2 = arith.constant 0.0 : f32",
        f"%z0 = linalg.fill ins(%zero2 : f32) outs(%re : {row_t}) -> {row_t}",
        f"%sm = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'row')}], "
        f"iterator_types = [{red}]}} ins(%ex : {s_t}) outs(%z0 : {row_t}) {{",
        "^bb0(%a: f32, %b: f32):",
        "  %y = arith.addf %a, %b : f32",
        "  linalg.yield %y : f32",
        f"}} -> {row_t}",
        f"%p = linalg.generic {{indexing_maps = [{_maps(rank, 'id', 'row', 'id')}], "
        f"iterator_types = [{par}]}} ins(%ex, %sm : {s_t}, {row_t}) outs(%se : {s_t}) {{",
        "^bb0(%a: f32, %m: f32, %b: f32):",
        "  %y = arith.divf %a, %m : f32",
        "  linalg.yield %y : f32",
        f"}} -> {s_t}",
    ]


def _function(args: str, o_t: str, body: str) -> str:
    return f"""func.func @attn({args}) -> {o_t} {{{body}
  func.return %o : {o_t}
}}
"""


def inputs(rng, lead, s, keys, d, dv, ty: str, mask: str | None):
    """Random Q, K, V (and mask) in the interpreter's dtypes."""

    arrays = [
        random_tensor(rng, shape, ty)
        for shape in ((*lead, s, d), (*lead, keys, d), (*lead, keys, dv))
    ]
    if mask:
        shape = (*lead, s, keys) if mask == "full" else (s, keys)
        arrays.append(rng.uniform(-2, 0, shape).astype(np.float32))
    return arrays


def random_tensor(rng, shape, ty: str) -> np.ndarray:
    """Standard-normal values of element type `ty` in the interpreter's dtype."""
    x = rng.standard_normal(shape).astype(np.float32)
    return round_bf16(x) if ty == "bf16" else x.astype(ty.replace("f", "float"))


# --------------------------------------------------------------------------
# Grouped-query heads and the variants of coopmlir.attention (issue 29)
# --------------------------------------------------------------------------


def variant_program(
    batch, hq, hkv, s, keys, d, props: str, ty="f16", scale=0.25
) -> str:
    """`@attn(%q, %k, %v) -> O` (f32) of one `coopmlir.attention` with `props`
    (", causal, window = 20, softcap = 3.0 : f32, alibi = ..., sinks = ...")
    over Hq query heads and Hkv K/V heads."""
    q_t, o_t = _t((batch, hq, s, d), ty), _t((batch, hq, s, d), "f32")
    kv_t = _t((batch, hkv, keys, d), ty)
    return f"""func.func @attn(%q: {q_t}, %k: {kv_t}, %v: {kv_t}) -> {o_t} {{
  %e = tensor.empty() : {o_t}
  %o = coopmlir.attention {{scale = {scale} : f32{props}}} ins(%q, %k, %v : {q_t}, {kv_t}, {kv_t}) outs(%e : {o_t}) -> {o_t}
  func.return %o : {o_t}
}}
"""  # noqa: E501


def f32_array(values) -> str:
    """An `array<f32: ...>` property (ALiBi slopes, sinks)."""
    return "array<f32: " + ", ".join(f"{x:.6e}" for x in values) + ">"


def variant_inputs(batch, hq, hkv, s, keys, d, ty="f16", seed=0) -> list:
    """Q [B, Hq, S, D], K and V [B, Hkv, L, D]."""
    rng = np.random.default_rng(seed)
    shapes = [(batch, hq, s, d), (batch, hkv, keys, d), (batch, hkv, keys, d)]
    return [random_tensor(rng, shape, ty) for shape in shapes]


def numpy_variants(
    q, k, v, *, scale=0.25, causal=False, window=None, alibi=None, cap=None, sinks=None
):
    """The variants as their model code writes them, in f64: K/V heads
    repeated (repeat_interleave), Gemma-2's soft-cap, ALiBi's bias, the
    window as a boolean mask, the sink as an extra softmax column that is
    dropped (gpt-oss)."""
    q, k, v = (x.astype(np.float64) for x in (q, k, v))
    group = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, group, axis=1), np.repeat(v, group, axis=1)
    s = scale * q @ np.swapaxes(k, -1, -2)
    if cap is not None:
        s = np.tanh(s / cap) * cap
    i = np.arange(s.shape[-2])[:, None]
    j = np.arange(s.shape[-1])[None, :]
    if alibi is not None:
        s = s + np.asarray(alibi)[:, None, None] * (j - i)
    if causal:
        visible = j <= i
        if window is not None:
            visible = visible & (j > i - window)
        s = np.where(visible, s, -np.inf)
    if sinks is not None:
        column = np.broadcast_to(np.asarray(sinks)[:, None, None], (*s.shape[:-1], 1))
        s = np.concatenate([s, column], -1)
    with np.errstate(invalid="ignore"):  # a row the window hides: NaN ...
        e = np.exp(s - s.max(-1, keepdims=True))
        p = e / e.sum(-1, keepdims=True)
    # ... which coopmlir.attention, like PyTorch's SDPA, defines as 0.
    p = np.where(np.isnan(p), 0.0, p)
    if sinks is not None:
        p = p[..., :-1]
    return p @ v


def sdpa_program(b: int, s: int, h: int, d: int, causal: bool) -> str:
    """torch-mlir's SDPA after bufferization: Q, K, V column slices of the
    qkv projection's [B*S, 3*H*D] result, transposed into [B, H, S, D]
    buffers, and O transposed back into the [B, S, H, D] result."""
    hd = 3 * h * d
    heads = f"{b}x{h}x{s}x{d}xf16"
    lines = [
        f"func.func @attn(%qkv: memref<{b * s}x{hd}xf16>, "
        f"%out: memref<{b}x{s}x{h}x{d}xf16>) {{",
        f"  %e = memref.expand_shape %qkv [[0, 1], [2]] output_shape [{b}, {s}, "
        f"{hd}] : memref<{b * s}x{hd}xf16> into memref<{b}x{s}x{hd}xf16>",
    ]
    for i in range(3):
        offset = i * h * d
        sliced = f"memref<{b}x{s}x{h * d}xf16, strided<[{s * hd}, {hd}, 1], offset: {offset}>>"
        split = (
            f"memref<{b}x{s}x{h}x{d}xf16, strided<[{s * hd}, {hd}, {d}, 1], "
            f"offset: {offset}>>"
        )
        lines += [
            f"  %s{i} = memref.subview %e[0, 0, {offset}] [{b}, {s}, {h * d}] "
            f"[1, 1, 1] : memref<{b}x{s}x{hd}xf16> to {sliced}",
            f"  %v{i} = memref.expand_shape %s{i} [[0], [1], [2, 3]] output_shape "
            f"[{b}, {s}, {h}, {d}] : {sliced} into {split}",
            f"  %t{i} = memref.alloc() : memref<{heads}>",
            f"  linalg.transpose ins(%v{i} : {split}) outs(%t{i} : memref<{heads}>) "
            "permutation = [0, 2, 1, 3]",
        ]
    flags = ", causal" if causal else ""
    lines += [
        f"  %o = memref.alloc() : memref<{heads}>",
        f"  coopmlir.attention {{scale = 0.25 : f32{flags}}} ins(%t0, %t1, %t2 : "
        f"memref<{heads}>, memref<{heads}>, memref<{heads}>) outs(%o : memref<{heads}>)",
        f"  linalg.transpose ins(%o : memref<{heads}>) outs(%out : "
        f"memref<{b}x{s}x{h}x{d}xf16>) permutation = [0, 2, 1, 3]",
        "  func.return",
        "}",
    ]
    return "\n".join(lines)


def sdpa_case(b, s, h, d, causal, seed=0):
    """The SDPA program, a random qkv buffer and the exact [B, S, H, D]
    result."""
    text = sdpa_program(b, s, h, d, causal)
    rng = np.random.default_rng(seed)
    qkv = rng.standard_normal((b * s, 3 * h * d)).astype(np.float16)
    heads = [
        qkv[:, i * h * d : (i + 1) * h * d].reshape(b, s, h, d).transpose(0, 2, 1, 3)
        for i in range(3)
    ]
    exact = attention(*heads, 0.25, None, causal).transpose(0, 2, 1, 3)
    return text, qkv, exact
