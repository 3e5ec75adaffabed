"""The two tiers of the pytest suite (issue 33).

The default tier (`make test`, CI) runs a fixed sample of each big grid; the
heavy tier (`make test-heavy`, `pytest -m heavy`) runs the rest, so the two
together are the whole grid. A sample keeps every value of every axis at
least once, so each path a grid tests is still tested by default; what the
heavy tier adds is more combinations and sizes of the same paths.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

import pytest

HEAVY = pytest.mark.heavy


def _param(values: tuple, heavy: bool, name: str | None):
    return pytest.param(*values, marks=HEAVY if heavy else (), id=name)


def sample(
    cases: Iterable,
    keep: Iterable[int],
    ids: Callable | None = None,
    unpack: bool = False,
) -> list:
    """`cases` as pytest parameters: those at the positions `keep` run in the
    default tier, the others in the heavy tier. With `unpack`, each case is a
    tuple that fills several argument names (`parametrize(("a", "b"), ...)`);
    else it is one argument's value."""
    cases, keep = list(cases), set(keep)
    assert keep <= set(range(len(cases))), "a kept position outside the grid"
    return [
        _param(tuple(c) if unpack else (c,), i not in keep, ids and ids(c))
        for i, c in enumerate(cases)
    ]


def except_heavy(cases: Iterable, heavy: Iterable) -> list:
    """`cases` as pytest parameters, those in `heavy` (which must all be
    cases) in the heavy tier only."""
    cases, heavy = list(cases), set(heavy)
    assert heavy <= set(cases), f"not cases: {sorted(heavy - set(cases))}"
    return sample(cases, keep=[i for i, c in enumerate(cases) if c not in heavy])


def covering(*axes: Sequence, ids: Sequence[Callable] | None = None) -> list:
    """The product of `axes` as pytest parameters (one argument per axis):
    the default tier keeps a diagonal that holds each value of each axis once
    or more (combination i takes value i mod len of every axis), the heavy
    tier the other combinations."""
    diagonal = {
        tuple(i % len(axis) for axis in axes)
        for i in range(max(len(axis) for axis in axes))
    }
    params = []
    for positions in itertools.product(*(range(len(axis)) for axis in axes)):
        values = tuple(axis[p] for axis, p in zip(axes, positions, strict=True))
        name = None
        if ids is not None:
            name = "-".join(f(v) for f, v in zip(ids, values, strict=True))
        params.append(_param(values, positions not in diagonal, name))
    return params
