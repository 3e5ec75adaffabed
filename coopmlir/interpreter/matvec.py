"""`coopmat.matvec`: each active work-item's matrix-vector product, from
memory to memory (dialects/coopmat_matvec.py). The products are summed
exactly (float64) and rounded once to the output's element type; the
matrix units' f32 sum differs by a few ulps, as for coopmat.mul_add.
With `accumulate` the rounded product is added to y and the sum rounded
again (an add in y's element type, as the SPIR-V lowering's OpFAdd).
`coopmat.matvec_value` returns each active work-item's product, rounded
once to the result's element type, as its vector (inactive ones: 0)."""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.coopmat_matvec import MatvecOp, MatvecValueOp
from coopmlir.interpreter.values import InterpretationFailure, round_to


def _starts(interp, indices) -> set[tuple[int, ...]]:
    """The distinct (row, column, input, output) starts of the active
    work-items (uniform indices give one)."""
    per_lane = np.broadcast_arrays(*(np.atleast_1d(np.asarray(i)) for i in indices))
    starts = np.stack(per_lane, axis=-1).astype(np.int64).reshape(-1, len(indices))
    mask = None if interp.launch is None else interp.launch.mask
    if mask is not None and len(starts) == len(mask):
        starts = starts[mask]
    elif mask is not None and not mask.any():
        starts = starts[:0]
    return {tuple(int(v) for v in s) for s in starts}


def _flat_start(mem: np.ndarray, index: tuple[int, ...]) -> int:
    """The linear position of element `index` of a contiguous array (runs
    go along the last dimension)."""
    if any(not 0 <= v < n for v, n in zip(index, mem.shape, strict=True)):
        return -1
    return int(np.ravel_multi_index(index, mem.shape))


def _matvec(interp, op: MatvecOp, args) -> None:
    w, r, c, x, *rest = args
    ni = len(op.input_index)
    xi, y, yi = rest[:ni], rest[ni], rest[ni + 1 :]
    rows, columns = op.shape
    element = op.output.type.get_element_type()
    flat_x, flat_y = np.asarray(x).reshape(-1), y.reshape(-1)
    if not np.shares_memory(flat_y, y):
        raise InterpretationFailure(f"{op.name}: output memref is not contiguous")
    for row, col, *starts in _starts(interp, (r, c, *xi, *yi)):
        at_x = _flat_start(x, tuple(starts[:ni]))
        at_y = _flat_start(y, tuple(starts[ni:]))
        x_row_end = at_x - starts[ni - 1] + x.shape[-1]
        y_row_end = at_y - starts[-1] + y.shape[-1]
        slab = w[row : row + rows, col : col + columns]
        if min(row, col, at_x, at_y) < 0 or (
            slab.shape != (rows, columns)
            or at_x + columns > x_row_end
            or at_y + rows > y_row_end
        ):
            raise InterpretationFailure(
                f"{op.name}: a {rows}x{columns} product at w[{row}, {col}], "
                f"x{list(starts[:ni])}, y{list(starts[ni:])} leaves its memrefs"
            )
        vec = flat_x[at_x : at_x + columns]
        exact = slab.astype(np.float64) @ vec.astype(np.float64)
        product = round_to(element, exact)
        if op.accumulate is not None:
            held = flat_y[at_y : at_y + rows].astype(np.float64)
            product = round_to(element, held + np.asarray(product, np.float64))
        flat_y[at_y : at_y + rows] = product


def _matvec_value(interp, op: MatvecValueOp, args) -> np.ndarray:
    w, r, c, x, *xi = args
    rows, columns = op.shape
    vector_type = op.result.type
    starts = [np.asarray(v) for v in (r, c, *xi)]
    uniform = interp.launch is None or all(v.ndim == 0 for v in starts)
    if uniform:
        starts, active = [v.reshape(1) for v in starts], np.ones(1, bool)
    else:
        starts = [interp.launch.per_lane(v) for v in starts]
        mask = interp.launch.mask
        active = np.ones(interp.launch.lanes, bool) if mask is None else mask
    out = np.zeros((len(active), rows))
    for lane in np.flatnonzero(active):
        row, col, *at = (int(v[lane]) for v in starts)
        slab = w[row : row + rows, col : col + columns]
        run = x[(*at[:-1], slice(at[-1], at[-1] + columns))]
        if (
            min(row, col, *at) < 0
            or slab.shape != (rows, columns)
            or (run.shape != (columns,))
        ):
            raise InterpretationFailure(
                f"{op.name}: a {rows}x{columns} product at w[{row}, {col}], "
                f"x{at} leaves its memrefs"
            )
        out[lane] = slab.astype(np.float64) @ run.astype(np.float64)
    product = round_to(vector_type, out)
    return product[0] if uniform else product


@register_impls
class MatvecFunctions(InterpreterFunctions):
    @impl(MatvecOp)
    def run_matvec(self, interp, op, args):
        _matvec(interp, op, args)
        return ()

    @impl(MatvecValueOp)
    def run_matvec_value(self, interp, op, args):
        return (_matvec_value(interp, op, args),)
