"""Reference semantics of `coopmlir.grouped_matmul`: a numpy loop over the
experts in f64, each expert's rows gathered through the permutation,
rounded once to the output type (the kernel accumulates in f32; its tests
allow for that). An assignment a GPU would read out of bounds (offsets not
sorted or past R, a row id past T) is an interpretation failure."""

from __future__ import annotations

import numpy as np
from xdsl.dialects.builtin import TensorType
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.grouped_matmul import GroupedMatmulOp, SortByExpertOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


def silu(g: np.ndarray) -> np.ndarray:
    return g / (1.0 + np.exp(-g))


def grouped_matmul(
    x, weights, rows, offsets, out, weights_kn=False, scatter=False
) -> np.ndarray:
    """`out` (f64) with rows offsets[e] .. offsets[e + 1] (`scatter`: rows
    rows[offsets[e]] ..) replaced by expert e's product of the tokens `rows`
    names: X[rows] @ W[e]^T, or with two weights (gate, up)
    silu(X[rows] @ Wg[e]^T) * (X[rows] @ Wu[e]^T)."""
    result = np.array(out, dtype=np.float64)
    rows, offsets = np.asarray(rows, np.int64), np.asarray(offsets, np.int64)
    experts = len(offsets) - 1
    if np.any(np.diff(offsets) < 0) or offsets[0] < 0 or offsets[-1] > len(rows):
        raise InterpretationFailure(
            f"offsets {offsets.tolist()} must rise from 0 to at most R = {len(rows)}"
        )
    used = rows[offsets[0] : offsets[-1]]
    bound = min(len(x), len(result)) if scatter else len(x)
    if used.size and (used.min() < 0 or used.max() >= bound):
        raise InterpretationFailure(f"a row id is outside the {bound} rows")
    x = np.asarray(x, np.float64)
    for e in range(experts):
        lo, hi = offsets[e], offsets[e + 1]
        tokens = x[rows[lo:hi]]
        products = [
            tokens @ (np.asarray(w[e], np.float64) if weights_kn else w[e].T)
            for w in weights
        ]
        if len(products) == 2:  # gate, up
            products = [silu(products[0]) * products[1]]
        result[rows[lo:hi] if scatter else slice(lo, hi)] = products[0]
    return result


@register_impls
class GroupedMatmulFunctions(InterpreterFunctions):
    @impl(GroupedMatmulOp)
    def run_grouped_matmul(self, interp, op: GroupedMatmulOp, args):
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        x, *weights, rows, offsets, out = (np.asarray(a) for a in args)
        weights = [np.asarray(w, np.float64) for w in weights]
        kn, scatter = op.weights_kn is not None, op.scatter is not None
        value = grouped_matmul(x, weights, rows, offsets, out, kn, scatter)
        result = round_to(op.output.type, value)
        if isinstance(op.output.type, TensorType):
            return (result,)
        args[-1][...] = result
        return ()

    @impl(SortByExpertOp)
    def run_sort_by_expert(self, interp, op: SortByExpertOp, args):
        if interp.launch is not None:
            raise InterpretationFailure(f"{op.name} inside a kernel")
        ids, rows_out, offsets_out = (np.asarray(a) for a in args)
        rows, offsets = sort_by_expert(ids, len(offsets_out) - 1)
        results = [
            round_to(v.type, value)
            for v, value in zip(op.outputs, (rows, offsets), strict=True)
        ]
        if isinstance(op.ids.type, TensorType):
            return tuple(results)
        for target, value in zip(args[1:], results, strict=True):
            target[...] = value
        return ()


def sort_by_expert(ids, experts: int) -> tuple[np.ndarray, np.ndarray]:
    """(rows, offsets) of `coopmlir.sort_by_expert`: the rows of each expert
    in order (negative ids counted from the end); rows past offsets[E] (ids
    outside [-E, E)) are zero."""
    ids = np.asarray(ids, np.int64)
    ids = np.where(ids < 0, ids + experts, ids)
    offsets = np.array(
        [np.count_nonzero((ids >= 0) & (ids < e)) for e in range(experts + 1)]
    )
    rows = np.zeros(len(ids), np.int64)
    order = np.argsort(ids, kind="stable")
    inside = order[(ids[order] >= 0) & (ids[order] < experts)]
    rows[: len(inside)] = inside
    return rows, offsets
