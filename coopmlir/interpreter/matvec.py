"""`coopmat.matvec`: each active work-item's matrix-vector product, from
memory to memory (dialects/coopmat_matvec.py). The products are summed
exactly (float64) and rounded once to the output's element type; the
matrix units' f32 sum differs by a few ulps, as for coopmat.mul_add."""

from __future__ import annotations

import numpy as np
from xdsl.interpreter import InterpreterFunctions, impl, register_impls

from coopmlir.dialects.coopmat_matvec import MatvecOp
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


def _matvec(interp, op: MatvecOp, args) -> None:
    w, r, c, x, i, y, j = args
    rows, columns = op.shape
    element = op.output.type.get_element_type()
    for row, col, at_x, at_y in _starts(interp, (r, c, i, j)):
        slab = w[row : row + rows, col : col + columns]
        vec = x[at_x : at_x + columns]
        if min(row, col, at_x, at_y) < 0 or (
            slab.shape != (rows, columns)
            or vec.shape != (columns,)
            or at_y + rows > y.shape[0]
        ):
            raise InterpretationFailure(
                f"{op.name}: a {rows}x{columns} product at w[{row}, {col}], "
                f"x[{at_x}], y[{at_y}] leaves its memrefs"
            )
        exact = slab.astype(np.float64) @ vec.astype(np.float64)
        y[at_y : at_y + rows] = round_to(element, exact)


@register_impls
class MatvecFunctions(InterpreterFunctions):
    @impl(MatvecOp)
    def run_matvec(self, interp, op, args):
        _matvec(interp, op, args)
        return ()
