"""Mixture-of-experts programs around `coopmlir.grouped_matmul` (plain or
gated, weights [E, N, K] or [E, K, N]), their inputs (a router's top-k
assignment sorted by expert, with the counts given, so that ragged and
empty experts are chosen by the test), and numpy's loop over the experts."""

from __future__ import annotations

import numpy as np

NP = {"f16": np.float16, "f32": np.float32}
#: Against f64: f16 inputs, f32 accumulation, one f16 rounding of |y| < 4.
TOLERANCE = {"f16": 4e-3, "f32": 1e-5}


def grouped_program(
    tokens: int,
    k: int,
    n: int,
    experts: int,
    rows: int,
    ty: str = "f16",
    out: str | None = None,
    gated: bool = False,
    kn: bool = False,
    index: str = "i32",
    sort: bool = False,
    f16_sums: bool = False,
) -> str:
    """`@moe(x, w[, w_up], rows, offsets, y)` on memrefs. `sort`:
    `@moe(ids, x, ...)`, the router's per-row expert ids (i64, one per row of
    X: tokens x top-k) sorted by `coopmlir.sort_by_expert` into rows and
    offsets, then the scatter form (y in X's row order). `f16_sums`: the
    op's opt-in f16 accumulation."""
    out = out or ty
    w = f"memref<{experts}x{k}x{n}x{ty}>" if kn else f"memref<{experts}x{n}x{k}x{ty}>"
    weights = [w, w] if gated else [w]
    perm, offsets = f"memref<{rows}x{index}>", f"memref<{experts + 1}x{index}>"
    types = [f"memref<{tokens}x{k}x{ty}>", *weights, perm, offsets]
    names = ["%x", *(f"%w{i}" for i in range(len(weights))), "%rows", "%offsets"]
    args = ", ".join(f"{a}: {t}" for a, t in zip(names, types, strict=True))
    y = f"memref<{rows}x{n}x{out}>"
    flags = ["scatter"] * sort + ["weights_kn"] * kn + ["f16_sums"] * f16_sums
    attrs = f" {{{', '.join(flags)}}}" if flags else ""
    ids, sorting = "", ""
    if sort:
        ids = f"%ids: memref<{rows}xi64>, "
        sorting = (
            f"  coopmlir.sort_by_expert ins(%ids : memref<{rows}xi64>) "
            f"outs(%rows, %offsets : {perm}, {offsets})\n"
        )
    return f"""func.func @moe({ids}{args}, %y: {y}) {{
{sorting}  coopmlir.grouped_matmul{attrs} ins({", ".join(names)} : {", ".join(types)}) outs(%y : {y})
  func.return
}}
"""


def sorted_program(rows: int, k: int, n: int, experts: int, ty: str = "f32", **kw):
    """`grouped_program` with `sort`, over X's `rows` rows."""
    return grouped_program(rows, k, n, experts, rows, ty, sort=True, **kw)


def sorted_reference(ids, x, weights, y, kn: bool = False) -> np.ndarray:
    """`sorted_program`'s y in f64: row r of X times the weights of expert
    ids[r] (negative ids count from the end), rows whose id is outside
    [-E, E) keep y's value."""
    experts = len(weights[0])
    want = y.astype(np.float64)
    for r, e in enumerate(np.where(ids < 0, ids + experts, ids)):
        if 0 <= e < experts:
            ws = [w[e].astype(np.float64) for w in weights]
            products = [x[r].astype(np.float64) @ (w if kn else w.T) for w in ws]
            if len(products) == 2:
                g, u = products
                products = [g / (1 + np.exp(-g)) * u]
            want[r] = products[0]
    return want


def assignment(
    counts: list[int], tokens: int, seed: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """(rows, offsets): expert e owns counts[e] rows, each a token id (a
    token at most once per expert, as top-k routing makes them)."""
    rng = np.random.default_rng(seed)
    rows = [rng.choice(tokens, size=c, replace=False) for c in counts]
    offsets = np.concatenate([[0], np.cumsum(counts)])
    return np.concatenate(rows).astype(np.int32), offsets.astype(np.int32)


def grouped_inputs(
    tokens: int,
    k: int,
    n: int,
    counts: list[int],
    ty: str = "f16",
    gated: bool = False,
    kn: bool = False,
    seed: int = 0,
) -> list[np.ndarray]:
    """x, the weights, rows and offsets for `grouped_program` (R = sum(counts))."""
    rng = np.random.default_rng(seed)
    experts = len(counts)
    x = rng.uniform(-1, 1, (tokens, k)).astype(NP[ty])
    shape = (experts, k, n) if kn else (experts, n, k)
    scale = 1 / np.sqrt(k)
    weights = [
        (rng.uniform(-1, 1, shape) * scale).astype(NP[ty])
        for _ in range(2 if gated else 1)
    ]
    rows, offsets = assignment(counts, tokens, seed)
    return [x, *weights, rows, offsets]


def grouped_reference(x, weights, rows, offsets, kn: bool = False) -> np.ndarray:
    """numpy's loop over the experts, f64: each expert's gathered tokens times
    its weights (gated: silu(gate) * up)."""
    n = weights[0].shape[2 if kn else 1]
    y = np.zeros((len(rows), n))
    for e in range(len(offsets) - 1):
        lo, hi = offsets[e], offsets[e + 1]
        tokens = x[rows[lo:hi]].astype(np.float64)
        ws = [w[e].astype(np.float64) for w in weights]
        products = [tokens @ (w if kn else w.T) for w in ws]
        if len(products) == 2:
            g, u = products
            products = [g / (1 + np.exp(-g)) * u]
        y[lo:hi] = products[0]
    return y
