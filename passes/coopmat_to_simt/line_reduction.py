"""Which lanes and components share a row (or column) of a matrix, derived
from its layout: the plan of a SIMT row or column reduction.

A reduction is emitted as the same code on every lane, so the components
a lane combines in registers must be fixed: `groups` are the components
whose row (column) agrees on every lane, read off the layout's
`element_formula` (padding slots included, as the formula places them). After
the in-lane step each lane holds one partial per group; lanes that hold the
same rows in the same groups are then combined by `gpu.shuffle xor` over the
lane-id bits in `masks` (a butterfly). The plan is only made when that is
exact: within a lane no two groups hold the same line, and every lane that
holds an element of a line holds it in the same group and within one
butterfly orbit; otherwise `plan_line_reduction` raises ValueError saying why.

Pure numpy over `coopmlir.layout`; nothing here emits IR.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from coopmlir.layout import NUMPY, LaneMap


@dataclass(frozen=True)
class LineReduction:
    """The plan: component groups, butterfly masks, and for every line (row
    or column) of the matrix a (lane, group) that holds its reduction after
    the butterfly (`holder`, shape (lines, 2), -1 for a line nobody holds)."""

    groups: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    #: per line: (group, orbit) of the lanes that hold its elements
    holders: dict[int, tuple[int, int]]
    orbit_of: np.ndarray  # (S,): the smallest lane of each lane's butterfly orbit

    def holder(self, line: int, lane: int) -> tuple[int, int]:
        """A (lane, group) whose partial is `line`'s reduction after the
        butterfly: `lane` itself where it is in the line's orbit, else the
        orbit's first lane."""
        group, orbit = self.holders[line]
        return (lane if self.orbit_of[lane] == orbit else orbit), group


def plan_line_reduction(lanes: LaneMap, axis: str) -> LineReduction:
    """The reduction along rows (`axis` = "rows": each row's elements) or
    columns ("cols") of a matrix spread as `lanes`."""
    S, V = lanes.S, lanes.V
    slot = lanes.element_formula(
        NUMPY, np.arange(S, dtype=np.int64)[:, None], np.arange(V, dtype=np.int64)
    )
    line = np.broadcast_to(slot.row if axis == "rows" else slot.col, (S, V))
    real = ~lanes.padding_mask()
    # Components whose line agrees on every lane form one group.
    by_line: dict[bytes, list[int]] = {}
    for v in range(V):
        by_line.setdefault(line[:, v].tobytes(), []).append(v)
    groups = tuple(tuple(g) for g in by_line.values())
    line_of_group = np.stack([line[:, g[0]] for g in groups], axis=1)
    holds = np.stack([real[:, list(g)].any(axis=1) for g in groups], axis=1)
    for p in range(S):
        held = line_of_group[p][holds[p]]
        if len(set(held.tolist())) != held.size:
            raise ValueError(f"lane {p} holds one {axis[:-1]} in two component groups")
    lane_ids = np.arange(S)
    masks = tuple(
        1 << b
        for b in range(S.bit_length() - 1)
        if np.array_equal(line_of_group, line_of_group[lane_ids ^ (1 << b)])
    )
    orbit_of = lane_ids.copy()
    for m in masks:
        orbit_of = np.minimum(orbit_of, orbit_of[lane_ids ^ m])
    holders: dict[int, tuple[int, int]] = {}
    for r in range(lanes.M if axis == "rows" else lanes.N):
        p, g = np.nonzero(holds & (line_of_group == r))
        orbits = set(orbit_of[p].tolist())
        if len(set(g.tolist())) != 1 or len(orbits) != 1:
            raise ValueError(
                f"the lanes that hold {axis[:-1]} {r} are not one xor butterfly "
                "of one component group"
            )
        holders[r] = (int(g[0]), orbits.pop())
    return LineReduction(groups, masks, holders, orbit_of)
